import { useDraggable } from '@dnd-kit/core';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLookupLabels } from '../../components/lookups';
import { api } from '@school/contract/paths';
import { formatMoney } from '../../lib/format';
import type { LessonClash, ScheduleLesson } from './scheduleApi';
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
export function isPast(lesson: Pick<ScheduleLesson, 'date' | 'start'>, now: number): boolean {
  const current = new Date(now);
  const today = localDate(current);
  if (today > lesson.date) return true;
  if (today < lesson.date) return false;
  return current.getHours() > Number(lesson.start.slice(0, 2));
}

/** The other lessons a lesson clashes with, once each, with who is busy in both. */
export function clashingLessons(clashes: readonly LessonClash[]) {
  const byLesson = new Map<
    number,
    { start: string; end: string; course: string; who: LessonClash[] }
  >();
  for (const clash of clashes) {
    const other = byLesson.get(clash.lesson);
    if (other) other.who.push(clash);
    else byLesson.set(clash.lesson, { ...clash, who: [clash] });
  }
  return [...byLesson.values()];
}

/** "Clashes with 10:30–11:30 Speaking (Iryna Teach, teacher)", for the card's marker. */
function useClashText() {
  const { t } = useTranslation();
  return (clashes: readonly LessonClash[]) =>
    t('schedule.clashesWith', {
      lessons: clashingLessons(clashes)
        .map((other) => {
          const who = other.who
            .map((c) =>
              t('schedule.clashWho', {
                name: c.name,
                who: t(c.kind === 'teacher' ? 'schedule.clash.teacher' : 'schedule.clash.student'),
              }),
            )
            .join(', ');
          const course = other.course || t('schedule.lesson');
          return `${other.start}–${other.end} ${course} (${who})`;
        })
        .join('; '),
    });
}

interface ContentProps {
  lesson: ScheduleLesson;
  now: number;
  /** the weekly template (docs/schedule.md, Weekly series): nothing is past, nothing earned */
  template: boolean;
}

/**
 * What a card says: time, course or group, teacher, participants and the amount, and whom it
 * clashes with. A template's card leaves out what only a dated lesson has (past, amount).
 */
export function LessonCardContent({ lesson, now, template }: ContentProps) {
  const { t, i18n } = useTranslation();
  const groupName = useLookupLabels(api.lookup('groups'));
  const clashText = useClashText();
  const past = !template && isPast(lesson, now);
  const title = lesson.course || groupName(lesson.groupe) || t('schedule.lesson');
  const clashes = template ? [] : lesson.clashes;
  return (
    <>
      <span className={styles.time}>
        <span>
          {lesson.start}–{lesson.end}
        </span>
        {past && <span className={styles.pastMark}>{t('schedule.past')}</span>}
      </span>
      {clashes.length > 0 && (
        <span className={styles.clash} title={clashText(clashes)}>
          <TriangleAlert size={14} aria-hidden="true" className={styles.clashIcon} />
          {t('schedule.clashMark')}
        </span>
      )}
      <span className={styles.title}>{title}</span>
      {lesson.course && lesson.groupe !== null && groupName(lesson.groupe) !== lesson.course && (
        <span className={styles.muted}>{groupName(lesson.groupe)}</span>
      )}
      {lesson.teacherName && <span className={styles.muted}>{lesson.teacherName}</span>}
      <span className={styles.facts}>
        <span>{t('schedule.participants', { count: lesson.participants })}</span>
        {!template && lesson.amount !== null && (
          <span className={styles.amount}>{formatMoney(lesson.amount, i18n.language)}</span>
        )}
      </span>
    </>
  );
}

interface LessonCardProps {
  lesson: ScheduleLesson;
  now: number;
  draggable: boolean;
  template: boolean;
  onOpen: (lessonId: number) => void;
}

/**
 * A lesson on the board: a button that opens it, and (week view) a drag handle for moving. Whom
 * it clashes with is its description, so that its name stays its own (time, course, teacher).
 */
export function LessonCard({ lesson, now, draggable, template, onOpen }: LessonCardProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `lesson-${lesson.id}`,
    data: { lesson },
    disabled: !draggable,
  });
  const clashText = useClashText();
  const clashId = useId();
  const past = !template && isPast(lesson, now);
  const clashing = !template && lesson.clashes.length > 0;
  const describedBy = [
    clashing ? clashId : undefined,
    draggable ? attributes['aria-describedby'] : undefined,
  ].filter(Boolean);
  return (
    <>
      <button
        ref={setNodeRef}
        type="button"
        className={styles.card}
        data-past={past || undefined}
        data-clashing={clashing || undefined}
        data-cycled={lesson.series !== null || undefined}
        data-dragging={isDragging || undefined}
        {...(draggable ? listeners : {})}
        {...(draggable ? { 'aria-roledescription': attributes['aria-roledescription'] } : {})}
        aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
        onClick={() => onOpen(lesson.id)}
      >
        <LessonCardContent lesson={lesson} now={now} template={template} />
      </button>
      {clashing && (
        <span id={clashId} hidden>
          {clashText(lesson.clashes)}
        </span>
      )}
    </>
  );
}
