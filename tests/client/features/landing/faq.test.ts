import { describe, expect, it } from 'vitest';
import { questions } from '../../../../src/client/features/landing/components/faq.tsx';
import { formatEuro, offerings } from '../../../../src/shared/offerings.ts';

describe('the FAQ', () => {
  it('names the prices of the pricing cards (one source for prices)', () => {
    const price = questions.find((q) => q.q === 'Was kostet Kompass Studio?')!.a;
    expect(price).toContain(`${formatEuro(offerings.pro_one.monthly)} im Monat`);
    expect(price).toContain(`${formatEuro(offerings.pro_one.annual)} im Jahr`);
    expect(price).toContain('119,52\u00a0€');
    expect(price).not.toContain('120 €');
  });
});
