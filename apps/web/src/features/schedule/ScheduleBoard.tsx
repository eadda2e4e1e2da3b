import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingKeys } from '../../components/feedback/pendingCommits';
import { DayColumn } from './DayColumn';
import { LessonCardContent } from './LessonCard';
import { isHidden } from './lessonDelete';
import type { ScheduleDay, ScheduleLesson as Lesson } from './scheduleApi';
import { useNow } from '../../lib/useNow';
import cardStyles from './LessonCard.module.css';
import styles from './Schedule.module.css';

/** A press becomes a drag only after the pointer travels this far, so clicks stay clicks. */
const DRAG_DISTANCE_PX = 6;
/**
 * docs/screens.md, Schedule: a column is at most this wide; a week's seven share the board's
 * width equally (the whole week shows at 1280 px), more than 7 columns are this narrower width
 * each and scroll sideways inside the board.
 */
const COLUMN_WIDTH = 280;
const NARROW_COLUMN_WIDTH = 220;

interface ScheduleBoardProps {
  days: readonly ScheduleDay[];
  cycled: boolean;
  dayName: (date: string) => string;
  dateText: (date: string) => string;
  onOpen: (lessonId: number) => void;
  onMove: (lesson: Lesson, date: string) => void;
}

/**
 * The day columns side by side, of one width; when they do not fit (a long range, a phone) they
 * scroll sideways inside the board, never the page. A lesson card opens the lesson; dragged onto
 * another day it moves that occurrence (the week and range views).
 */
export function ScheduleBoard({
  days,
  cycled,
  dayName,
  dateText,
  onOpen,
  onMove,
}: ScheduleBoardProps) {
  const boardRef = useRef<HTMLDivElement>(null);
  useBoardTop(boardRef);
  const { t, i18n } = useTranslation();
  const now = useNow();
  // under a weekday, the day and month say it: the period above the board gives the years
  const dayMonth = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const pendingKeys = usePendingKeys();
  const [dragged, setDragged] = useState<Lesson | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE_PX } }),
  );
  const many = days.length > 7;
  const lessonLabel = (data: unknown) => {
    const lesson = (data as { lesson?: Lesson } | undefined)?.lesson;
    return lesson ? `${lesson.start}–${lesson.end} ${lesson.course}`.trim() : '';
  };
  const dayLabel = (data: unknown) => {
    const date = (data as { date?: string } | undefined)?.date;
    return date ? `${dayName(date)} ${dateText(date)}` : '';
  };
  const width = many ? NARROW_COLUMN_WIDTH : COLUMN_WIDTH;

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const lesson = active.data.current?.lesson as Lesson | undefined;
    const date = over?.data.current?.date as string | undefined;
    if (lesson && date && date !== lesson.date) onMove(lesson, date);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      accessibility={{
        screenReaderInstructions: { draggable: t('schedule.dragHint') },
        announcements: {
          onDragStart: ({ active }) =>
            t('schedule.dnd.picked', { lesson: lessonLabel(active.data.current) }),
          onDragOver: ({ over }) =>
            over ? t('schedule.dnd.over', { day: dayLabel(over.data.current) }) : undefined,
          onDragEnd: ({ over }) =>
            over
              ? t('schedule.dnd.dropped', { day: dayLabel(over.data.current) })
              : t('schedule.dnd.cancelled'),
          onDragCancel: () => t('schedule.dnd.cancelled'),
        },
      }}
      onDragStart={({ active }) => setDragged((active.data.current?.lesson as Lesson) ?? null)}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div
        ref={boardRef}
        className={styles.board}
        data-many={many || undefined}
        style={{ '--day-width': `${width}px`, '--day-count': days.length } as React.CSSProperties}
        role="region"
        aria-label={t('schedule.boardLabel')}
        // the board scrolls sideways by itself: keyboard users reach it with Tab
        tabIndex={0}
      >
        {days.map((day) => (
          <DayColumn
            key={day.id}
            day={day}
            title={dayName(day.date)}
            subtitle={cycled ? null : dayMonth.format(new Date(`${day.date}T00:00:00Z`))}
            lessons={day.lessons.filter((lesson) => !isHidden(lesson, pendingKeys))}
            now={now}
            draggable={!cycled}
            template={cycled}
            onOpen={onOpen}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className={cardStyles.overlay}>
            <LessonCardContent lesson={dragged} now={now} template={cycled} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/**
 * Gives the board its top on the page (--board-top), so its days reach down to the window's foot
 * and no further, however tall what stands above it (Schedule.module.css, .day).
 */
function useBoardTop(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const board = ref.current;
    const above = board?.parentElement;
    if (!board || !above) return undefined;
    const measure = () => {
      const top = `${Math.round(board.getBoundingClientRect().top + window.scrollY)}px`;
      if (board.style.getPropertyValue('--board-top') !== top) {
        board.style.setProperty('--board-top', top);
      }
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const child of above.children) if (child !== board) observer?.observe(child);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
}
