/** A uPlot chart's width follows its element (phone rotation, window resize) until destroyed. */
export function followWidth(
  plot: { setSize: (size: { width: number; height: number }) => void; destroy: () => void },
  target: HTMLElement,
  height: number,
) {
  const observer = new ResizeObserver(() =>
    plot.setSize({ width: Math.max(target.clientWidth, 200), height }),
  );
  observer.observe(target);
  return {
    destroy: () => {
      observer.disconnect();
      plot.destroy();
    },
  };
}
