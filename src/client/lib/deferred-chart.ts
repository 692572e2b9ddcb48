import { useEffect, useRef } from 'react';

export type Chart = { destroy: () => void };
/** Loads a chart module on demand and hands back its draw function. */
export type ChartLoader<T> = () => Promise<(target: HTMLElement, data: T) => Chart>;

/**
 * A chart drawn into the returned ref's element by a module loaded only when it shows (uPlot and
 * its stylesheet stay out of the screen's chunk: the metric history, the rhythm), drawn again
 * when `data` changes and destroyed with the element. `load` must be a module-level constant.
 */
export function useDeferredChart<T>(data: T, load: ChartLoader<T>) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: Chart | undefined;
    let cancelled = false;
    void load().then((draw) => {
      if (!cancelled && target.current) chart = draw(target.current, data);
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [data, load]);
  return target;
}
