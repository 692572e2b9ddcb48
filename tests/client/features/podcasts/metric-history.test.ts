// 'Reichweite' in Podcast bearbeiten → Erfolgskriterien: a source's monthly values are placed and
// named by their month (a year's upload wrote them all at one moment), and the column says what
// they count: downloads per week, not subscribers.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MetricCard } from '../../../../src/client/features/podcasts/components/edit/metric-history.tsx';
import { pointTime } from '../../../../src/client/features/podcasts/components/edit/metric-points.ts';
import type { MetricHistory } from '../../../../src/shared/podcasts.ts';

const uploadedAt = '2026-12-06T21:46:00.000Z';
const month = (date: string, value: number) => ({
  date,
  value,
  created_at: uploadedAt,
  source: 'upload' as const,
  measure: 'downloads_per_week' as const,
});
const history: MetricHistory = {
  key: 'coverage',
  trans: 'Reichweite',
  values: [month('2026-07-31', 5800), month('2026-08-31', 6010), month('2026-09-30', 6141)],
};

describe('the Reichweite history from a source', () => {
  it('names each row by its month and the column by what it counts', () => {
    const html = renderToStaticMarkup(createElement(MetricCard, { history }));
    expect(html).toContain('Juli 2026');
    expect(html).toContain('August 2026');
    expect(html).toContain('September 2026');
    expect(html).not.toContain('06.12.2026');
    expect(html).toContain('Wert (Downloads pro Woche, Monatsmittel)');
    expect(html).not.toContain('Abonnent*innen');
  });

  it('places the values on their months, not on the upload’s moment', () => {
    const times = history.values.map(pointTime);
    expect(new Set(times).size).toBe(3);
    expect(times).toEqual(history.values.map((v) => Date.parse(`${v.date}T12:00:00Z`)));
  });

  it('keeps a typed value at its moment, counted in subscribers, each row with its unit beside a source', () => {
    const typed = {
      date: '2026-12-01',
      value: 120,
      created_at: '2026-12-01T09:00:00.000Z',
      source: null,
      measure: null,
    };
    expect(pointTime(typed)).toBe(Date.parse(typed.created_at));
    const html = renderToStaticMarkup(
      createElement(MetricCard, { history: { ...history, values: [...history.values, typed] } }),
    );
    expect(html).toContain('Abonnent*innen');
    expect(html).toContain('Downloads pro Woche, Monatsmittel');
    expect(html).toContain('01.12.2026');
  });
});
