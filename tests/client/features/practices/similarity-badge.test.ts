// The match percentage on method cards and the dashboard: none for a score that was not computed
// (null: a Basic podcast, a method without a rating), never a '0 %' that reads as 'passt nicht'.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SimilarityBadge } from '../../../../src/client/features/practices/components/similarity.tsx';

const badge = (similarity: number | null | undefined) =>
  renderToStaticMarkup(createElement(SimilarityBadge, { similarity }));

describe('SimilarityBadge', () => {
  it('shows nothing for a score that was not computed', () => {
    expect(badge(null)).toBe('');
    expect(badge(undefined)).toBe('');
  });

  it('shows a computed score as a rounded percent, from 0.9 on as Kompass', () => {
    expect(badge(0.634)).toContain('63 %');
    expect(badge(0.634)).not.toContain('Kompass');
    expect(badge(0.92)).toContain('Kompass 92 %');
  });
});
