import { describe, expect, it } from 'vitest';
import { formatEuro, offerings } from '../../src/shared/offerings.ts';

const euro = (digits: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', maximumFractionDigits: digits });
const [whole, withCents] = [euro(0), euro(2)];
const intl = (amount: number) => (amount % 1 === 0 ? whole : withCents).format(amount);

describe('formatEuro', () => {
  it('writes prices as Intl does in German', () => {
    expect(formatEuro(12)).toBe('12\u00a0€');
    expect(formatEuro(119.52 / 12)).toBe('9,96\u00a0€');
    expect(formatEuro(1440)).toBe('1.440\u00a0€');
    expect(formatEuro(9.5)).toBe('9,50\u00a0€');
  });

  it('gives what Intl gives for every offering and for amounts from 0 to 12,000 €', () => {
    const amounts = Object.values(offerings).flatMap((o) => [o.monthly, o.annual, o.annual / 12]);
    for (let cents = 0; cents <= 1_200_000; cents += 7) amounts.push(cents / 100);
    for (let euros = 997; euros <= 1_200_000; euros += 997) amounts.push(euros, -euros / 100);
    for (const amount of amounts) expect(formatEuro(amount), String(amount)).toBe(intl(amount));
  });
});
