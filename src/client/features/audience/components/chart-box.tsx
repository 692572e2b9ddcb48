import type { ReactNode } from 'react';
import { useDeferredChart, type ChartLoader } from '../../../lib/deferred-chart.ts';
import type { BarData, DailyData } from './audience-plot.ts';

const loadDaily: ChartLoader<DailyData> = () => import('./audience-plot.ts').then((m) => m.drawDaily);
const loadBars: ChartLoader<BarData> = () => import('./audience-plot.ts').then((m) => m.drawBars);

/** The chart; screen readers get the table beside it (the canvas says nothing). */
export function DailyChart({ data, testId }: { data: DailyData; testId: string }) {
  const target = useDeferredChart(data, loadDaily);
  return <div ref={target} aria-hidden="true" className="min-h-[200px] w-full" data-testid={testId} />;
}

export function BarChart({ data, testId }: { data: BarData; testId: string }) {
  const target = useDeferredChart(data, loadBars);
  return <div ref={target} aria-hidden="true" className="min-h-[200px] w-full" data-testid={testId} />;
}

/**
 * A long table in a box of its own height that scrolls: focusable and named, so a keyboard can
 * scroll it and a screen reader announces it (axe: scrollable-region-focusable).
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 px-3 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
    >
      {children}
    </div>
  );
}

export const th = 'py-1 font-medium';
export const thNum = 'py-1 text-right font-medium';
export const tdNum = 'py-1 text-right text-slate-900 tabular-nums';
