// Apart from the method tabs (issue 25): the dashboard's widgets need it, not the tabs' markdown.
// Dates arrive as Berlin calendar days (yyyy-MM-dd); formatting them as UTC keeps the day.
const dayFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' });
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
