// Calendar dates as the API writes them: yyyy-MM-dd in Europe/Berlin.
const berlin = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const berlinDate = (date: Date) => berlin.format(date);
