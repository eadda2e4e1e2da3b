import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { useLookupLabels } from '../../components/lookups';
import { api } from '@school/contract/paths';
import { formatMoney } from '../../lib/format';
import type { Lesson } from './scheduleApi';
import styles from './LessonCard.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date as YYYY-MM-DD. */
export function localDate(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * docs/screens.md, Schedule: a lesson is past when today is after its date, or it is today and the current hour
 * is after its start hour.
 */
export function isPast(lesson: Pick<Lesson, 'date' | 'start'>, now: number): boolean {
  const current = new Date(now);
  const today = localDate(current);
  if (today > lesson.date) return true;
  if (today < lesson.date) return false;
  return current.getHours() > Number(lesson.start.slice(0, 2));
}

/** What a card says: time, course or group, teacher, participants and the amount. */
export function LessonCardContent({ lesson, now }: { lesson: Lesson; now: number }) {
  const { t, i18n } = useTranslation();
  const groupName = useLookupLabels(api.lookup('groups'));
  const past = isPast(lesson, now);
  const title = lesson.course || groupName(lesson.groupe) || t('schedule.lesson');
  return (
    <>
      <span className={styles.time}>
        {lesson.start}–{lesson.end}
        {past && <span className={styles.pastMark}>{t('schedule.past')}</span>}
      </span>
      <span className={styles.title}>{title}</span>
      {lesson.course && lesson.groupe !== null && groupName(lesson.groupe) !== lesson.course && (
        <span className={styles.muted}>{groupName(lesson.groupe)}</span>
      )}
      {lesson.teacherName && <span className={styles.muted}>{lesson.teacherName}</span>}
      <span className={styles.facts}>
        <span>{t('schedule.participants', { count: lesson.participants })}</span>
        <span className={styles.amount}>{formatMoney(lesson.amount, i18n.language)}</span>
      </span>
    </>
  );
}

interface LessonCardProps {
  lesson: Lesson;
  now: number;
  draggable: boolean;
  onOpen: (lessonId: number) => void;
}

/** A lesson on the board: a button that opens it, and (week view) a drag handle for moving. */
export function LessonCard({ lesson, now, draggable, onOpen }: LessonCardProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `lesson-${lesson.id}`,
    data: { lesson },
    disabled: !draggable,
  });
  const past = isPast(lesson, now);
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={styles.card}
      data-past={past || undefined}
      data-cycled={lesson.series !== null || undefined}
      data-dragging={isDragging || undefined}
      {...(draggable ? listeners : {})}
      {...(draggable ? { 'aria-roledescription': attributes['aria-roledescription'] } : {})}
      aria-describedby={draggable ? attributes['aria-describedby'] : undefined}
      onClick={() => onOpen(lesson.id)}
    >
      <LessonCardContent lesson={lesson} now={now} />
    </button>
  );
}
