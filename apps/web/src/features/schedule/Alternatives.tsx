import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { useAlternatives, type Lesson } from './scheduleApi';
import { useMoveLesson } from './useMoveLesson';
import styles from './Schedule.module.css';

/**
 * docs/schedule.md: a cycled lesson's date can be changed from its alternative dates (the other days of
 * its week and the same weekday next week, ahead of now only), each marked free or clashing. Moving changes this
 * occurrence only; the series keeps its weekday. A move closes the lesson's modal
 * (`onMoved`), so the notice with Undo is not under its backdrop.
 */
export function Alternatives({
  lesson,
  dateText,
  onMoved,
}: {
  lesson: Lesson;
  dateText: (date: string) => string;
  onMoved: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const alternatives = useAlternatives(lesson.id, true);
  const move = useMoveLesson();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {t('schedule.alternatives')}
      </h3>
      {alternatives.isPending ? (
        <p>{t('messages.loading')}</p>
      ) : alternatives.isError ? (
        <p role="alert">{t('messages.error')}</p>
      ) : alternatives.data.length === 0 ? (
        <p className={styles.empty}>{t('schedule.noAlternatives')}</p>
      ) : (
        <ul className={styles.alternatives}>
          {alternatives.data.map((option) => {
            const clashing = option.status === 'clashing';
            // a teacher busy in two lessons at that time is named once
            const who = [...new Set(option.clashes.map((clash) => clash.name))].join(', ');
            return (
              <li
                key={option.date}
                className={styles.alternative}
                data-clashing={clashing || undefined}
              >
                <span>
                  {dateText(option.date)} · {lesson.start}–{lesson.end}
                </span>
                <span className={styles.altStatus}>
                  {clashing ? t('schedule.clashing', { who }) : t('schedule.free')}
                </span>
                <button
                  type="button"
                  className={controls.secondaryButton}
                  aria-label={t('schedule.moveTo', { date: dateText(option.date) })}
                  onClick={() =>
                    void move(lesson, option.date, dateText(option.date)).then((moved) => {
                      if (moved) onMoved();
                    })
                  }
                >
                  {t('schedule.move')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
