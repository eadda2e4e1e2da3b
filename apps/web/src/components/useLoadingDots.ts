import { useEffect, useState } from 'react';

/** docs/interface.md, Selector: a dot is added every 500 ms, up to three, and the cycle restarts every 2 s. */
export const DOTS_STEP_MS = 500;
export const DOTS_RESET_MS = 2000;
const MAX_DOTS = 3;
const STEPS_PER_CYCLE = DOTS_RESET_MS / DOTS_STEP_MS;

/** Dots shown after `steps` ticks: 1, 2, 3, 3, then 1 again at 2000 ms. */
export function dotsAfter(steps: number): number {
  return Math.min((steps % STEPS_PER_CYCLE) + 1, MAX_DOTS);
}

export function useLoadingDots(active: boolean): number {
  const [steps, setSteps] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => setSteps((n) => n + 1), DOTS_STEP_MS);
    return () => {
      window.clearInterval(timer);
      setSteps(0);
    };
  }, [active]);
  return dotsAfter(steps);
}
