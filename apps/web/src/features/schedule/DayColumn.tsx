import { useDroppable } from '@dnd-kit/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session';
import { LessonCard } from './LessonCard';
import { lessonRightsOf } from './lessonRights';
import type { ScheduleDay, ScheduleLesson } from './scheduleApi';
import styles from './Schedule.module.css';

interface DayColumnProps {
  day: ScheduleDay;
  title: string;
  /** the date under the weekday; none in the weekly template */
  subtitle: string | null;
  lessons: readonly ScheduleLesson[];
  now: number;
  draggable: boolean;
  /** the weekly template: no earned figure, nothing past (docs/schedule.md, Weekly series) */
  template: boolean;
  onOpen: (lessonId: number) => void;
}

/**
 * One day: its name, date, earned and hours, and its lessons by start time. The figures are laid
 * out alike in every column (docs/screens.md, Schedule); the template has no earned figure.
 */
export function DayColumn({
  day,
  title,
  subtitle,
  lessons,
  now,
  draggable,
  template,
  onOpen,
}: DayColumnProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { session } = useSession();
  // docs/roles.md, Lessons: only a lesson the user may move is dragged
  const movable = (lesson: ScheduleLesson) =>
    draggable && session.isLoggedIn && lessonRightsOf(session, lesson.teacher).edit;
  const { setNodeRef, isOver } = useDroppable({
    id: `day-${day.id}`,
    data: { date: day.date },
    disabled: !draggable,
  });
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(
    day.hours,
  );
  const figures = [
    ...(template
      ? []
      : [{ name: t('schedule.earned'), value: formatMoney(day.earned, i18n.language) }]),
    { name: t('schedule.hours'), value: hours },
  ];
  return (
    <section
      ref={setNodeRef}
      className={styles.day}
      aria-labelledby={headingId}
      data-over={isOver || undefined}
    >
      <header className={styles.dayHeader}>
        <h2 id={headingId} className={styles.dayTitle}>
          {title}
          {subtitle && <span className={styles.dayDate}>{subtitle}</span>}
        </h2>
        <dl className={styles.dayFigures}>
          {figures.map((figure) => (
            <div key={figure.name}>
              <dt>{figure.name}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
      </header>
      {lessons.length === 0 ? (
        <p className={styles.noLessons}>{t('schedule.noLessons')}</p>
      ) : (
        <ul className={styles.lessons}>
          {lessons.map((lesson) => (
            <li key={lesson.id}>
              <LessonCard
                lesson={lesson}
                now={now}
                draggable={movable(lesson)}
                template={template}
                onOpen={onOpen}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
