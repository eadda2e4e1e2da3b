import { useDroppable } from '@dnd-kit/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { LessonCard } from './LessonCard';
import type { Lesson, ScheduleDay } from './scheduleApi';
import styles from './Schedule.module.css';

interface DayColumnProps {
  day: ScheduleDay;
  title: string;
  /** the date under the weekday; none in the weekly template */
  subtitle: string | null;
  lessons: readonly Lesson[];
  now: number;
  draggable: boolean;
  onOpen: (lessonId: number) => void;
}

/** One day: its name, date, earned and hours, and its lessons by start time. */
export function DayColumn({
  day,
  title,
  subtitle,
  lessons,
  now,
  draggable,
  onOpen,
}: DayColumnProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({
    id: `day-${day.id}`,
    data: { date: day.date },
    disabled: !draggable,
  });
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(
    day.hours,
  );
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
          <div>
            <dt>{t('schedule.earned')}</dt>
            <dd>{formatMoney(day.earned, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('schedule.hours')}</dt>
            <dd>{hours}</dd>
          </div>
        </dl>
      </header>
      {lessons.length === 0 ? (
        <p className={styles.noLessons}>{t('schedule.noLessons')}</p>
      ) : (
        <ul className={styles.lessons}>
          {lessons.map((lesson) => (
            <li key={lesson.id}>
              <LessonCard lesson={lesson} now={now} draggable={draggable} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
