import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLayoutEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Pipeline.module.css';

interface OffScreen {
  left: HTMLElement[];
  right: HTMLElement[];
}

const NONE: OffScreen = { left: [], right: [] };

/** The board's columns not wholly inside its visible box, on each side. */
function offScreen(board: HTMLElement): OffScreen {
  const box = board.getBoundingClientRect();
  const columns = [...board.children].filter(
    (el): el is HTMLElement => el instanceof HTMLElement && el.tagName === 'SECTION',
  );
  return {
    left: columns.filter((el) => el.getBoundingClientRect().left < box.left - 1),
    right: columns.filter((el) => el.getBoundingClientRect().right > box.right + 1),
  };
}

/** Follows which columns lie off the board's visible box as it scrolls and resizes. */
function useOffScreen(ref: RefObject<HTMLElement | null>, columns: number): OffScreen {
  const [state, setState] = useState<OffScreen>(NONE);
  useLayoutEffect(() => {
    const board = ref.current;
    if (!board) return undefined;
    const follow = () => {
      const next = offScreen(board);
      setState((current) =>
        current.left.length === next.left.length &&
        current.right.length === next.right.length &&
        current.left.every((el, i) => el === next.left[i]) &&
        current.right.every((el, i) => el === next.right[i])
          ? current
          : next,
      );
    };
    follow();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(follow);
    observer?.observe(board);
    board.addEventListener('scroll', follow, { passive: true });
    return () => {
      observer?.disconnect();
      board.removeEventListener('scroll', follow);
    };
  }, [ref, columns]);
  return state;
}

/** A column's name: its heading. */
const nameOf = (column: HTMLElement) => column.querySelector('h2')?.textContent ?? '';

/**
 * Says which columns lie off-screen on either side of the board (docs/screens.md, Pipeline):
 * an arrow at that edge with their count, naming them, that scrolls the nearest into view.
 */
export function BoardEdges({
  board,
  columns,
}: {
  board: RefObject<HTMLElement | null>;
  columns: number;
}) {
  const { t } = useTranslation();
  const off = useOffScreen(board, columns);
  const edge = (side: 'left' | 'right', hidden: HTMLElement[]) => {
    if (hidden.length === 0) return null;
    const label = t(side === 'left' ? 'pipeline.offLeft' : 'pipeline.offRight', {
      n: hidden.length,
      names: hidden.map(nameOf).join(', '),
    });
    const nearest = side === 'left' ? hidden.at(-1) : hidden[0];
    const Icon = side === 'left' ? ChevronLeft : ChevronRight;
    return (
      <button
        type="button"
        className={`${styles.edge} ${side === 'left' ? styles.edgeLeft : styles.edgeRight}`}
        aria-label={label}
        title={label}
        onClick={() => nearest?.scrollIntoView({ inline: 'nearest', block: 'nearest' })}
      >
        <span aria-hidden="true">{hidden.length}</span>
        <Icon size={16} aria-hidden="true" />
      </button>
    );
  };
  return (
    <>
      {edge('left', off.left)}
      {edge('right', off.right)}
    </>
  );
}
