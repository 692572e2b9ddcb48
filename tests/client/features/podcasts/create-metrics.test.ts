import { describe, expect, it } from 'vitest';
import { appendMetrics } from '../../../../src/client/features/podcasts/api/create-metrics.ts';
import type { MetricHistory } from '../../../../src/shared/podcasts.ts';

const point = (date: string, value: number) => ({
  date,
  value,
  created_at: `${date}T08:00:00.000Z`,
  source: null,
  measure: null,
});

describe('appendMetrics', () => {
  it("appends an evaluation's values (the POST's answer) to the history the screen holds", () => {
    const history: MetricHistory[] = [
      { key: 'coverage', trans: 'Reichweite', values: [point('2027-03-01', 120)] },
      { key: 'throughput', trans: 'Durchhörrate', values: [] },
      { key: 'enjoyment', trans: 'Spaß an der Umsetzung', values: [point('2027-03-01', 70)] },
    ];
    const added: MetricHistory[] = [
      { key: 'coverage', trans: 'Reichweite', values: [point('2027-03-16', 180)] },
      { key: 'throughput', trans: 'Durchhörrate', values: [point('2027-03-16', 61)] },
    ];
    expect(appendMetrics(history, added)).toEqual([
      { key: 'coverage', trans: 'Reichweite', values: [point('2027-03-01', 120), point('2027-03-16', 180)] },
      { key: 'throughput', trans: 'Durchhörrate', values: [point('2027-03-16', 61)] },
      history[2],
    ]);
  });
});
