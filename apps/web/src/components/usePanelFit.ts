import { useLayoutEffect, useState, type RefObject } from 'react';

/** The least a create panel opens to (docs/screens.md, Header block). */
export const PANEL_MIN_HEIGHT = 300;
/** Room kept below the panel, inside the window. */
const BELOW = 16;

/**
 * A header panel grows to fit its form, up to what the window holds below the panel's top (never
 * less than PANEL_MIN_HEIGHT); a form longer than that scrolls inside. `more` tells whether some
 * of it lies below the panel's visible box, for the cue that says the panel scrolls.
 */
export function usePanelFit(ref: RefObject<HTMLElement | null>, open: boolean) {
  const [maxHeight, setMaxHeight] = useState<number | undefined>(undefined);
  const [more, setMore] = useState(false);
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!open || !panel) return undefined;
    const fit = () => {
      const top = panel.getBoundingClientRect().top + window.scrollY;
      setMaxHeight(Math.max(PANEL_MIN_HEIGHT, Math.floor(window.innerHeight - top - BELOW)));
    };
    const follow = () => setMore(panel.scrollTop + panel.clientHeight < panel.scrollHeight - 1);
    fit();
    follow();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(follow);
    observer?.observe(panel);
    for (const child of panel.children) observer?.observe(child);
    panel.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      panel.removeEventListener('scroll', follow);
      window.removeEventListener('resize', fit);
    };
  }, [ref, open]);
  return { maxHeight, more };
}
