import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of the element the chart fills, so the SVG draws at 1 unit = 1 px and its text keeps
 * its CSS size on any screen. Without ResizeObserver (tests) the fallback width is used.
 */
export function useChartWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
