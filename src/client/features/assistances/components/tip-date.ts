import { lazily } from '../../../lib/lazy-format.ts';

const format = lazily(
  () => new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }),
);

/** A tip's creation time as a Berlin calendar date („23. November 2026“). */
export const tipDate = (createdAt: string) => format().format(new Date(createdAt));
