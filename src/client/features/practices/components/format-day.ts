// Apart from the method tabs: the dashboard's widgets need it, not the tabs' markdown.
// Dates arrive as Berlin calendar days (yyyy-MM-dd); formatting them as UTC keeps the day.
// The formatter is made at its first use, not when the module loads: building it loads the
// locale's data (~60 ms at 4× CPU), which the screens that import this module often never need.
let dayFormat: Intl.DateTimeFormat | undefined;
export const formatDay = (day: string) =>
  (dayFormat ??= new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' })).format(
    new Date(`${day}T00:00:00Z`),
  );
