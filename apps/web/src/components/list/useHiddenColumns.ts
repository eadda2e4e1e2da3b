import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The names of the columns of a table that scrolls sideways (a phone) not wholly in its box's
 * view, beside the actions pinned on the right, followed as it scrolls and resizes
 * (docs/screens.md, List screens).
 */
export function useHiddenColumns(ref: RefObject<HTMLElement | null>, deps: unknown): string[] {
  const [hidden, setHidden] = useState<string[]>([]);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const follow = () => {
      const view = box.getBoundingClientRect();
      const actions = box.querySelector('thead th[data-actions]');
      const right = actions ? actions.getBoundingClientRect().left : view.right;
      const names = [...box.querySelectorAll<HTMLElement>('thead th:not([data-actions])')]
        .filter((th) => {
          const r = th.getBoundingClientRect();
          return r.left < view.left - 1 || r.right > right + 1;
        })
        .map((th) => th.title || th.textContent || '');
      setHidden((current) => (current.join('\n') === names.join('\n') ? current : names));
    };
    follow();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(follow);
    observer?.observe(box);
    box.addEventListener('scroll', follow, { passive: true });
    return () => {
      observer?.disconnect();
      box.removeEventListener('scroll', follow);
    };
  }, [ref, deps]);
  return hidden;
}
