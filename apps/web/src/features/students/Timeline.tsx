import { api } from '@school/contract/paths';
import { timelineEntry } from '@school/contract/students';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { LoadingState } from '../../components/LoadingState';
import { formatDateTime } from '../../lib/format';
import { request } from '../../lib/http';
import { useSession } from '../../lib/session';
import styles from './Students.module.css';

export const TIMELINE_QUERY_KEY = 'student-timeline';

/** docs/students.md, Timeline: what happened to the student, newest first. */
export function Timeline({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const timeline = useQuery({
    queryKey: [TIMELINE_QUERY_KEY, studentId, i18n.language],
    // what happened elsewhere (a document added on its screen) shows when the page opens again
    staleTime: 0,
    queryFn: ({ signal }) =>
      // the server words the counts in its details ("3 replies") in the chosen language
      request(`${api.studentTimeline(studentId)}?limit=50`, {
        schema: z.array(timelineEntry),
        signal,
        language: i18n.language,
      }),
  });
  return (
    <section className={`${controls.card} ${styles.section}`} aria-labelledby="student-timeline">
      <h2 id="student-timeline">{t('students.timeline')}</h2>
      {timeline.isPending ? (
        <LoadingState />
      ) : timeline.isError ? (
        <p className={styles.error}>
          {t('students.timelineError')}{' '}
          <button type="button" className={styles.retry} onClick={() => void timeline.refetch()}>
            {t('messages.retry')}
          </button>
        </p>
      ) : timeline.data.length === 0 ? (
        <p className={styles.muted}>{t('students.timelineEmpty')}</p>
      ) : (
        <ol className={styles.timeline}>
          {timeline.data.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`}>
              <span className={styles.kind}>{t(`students.kind.${entry.kind}`)}</span>
              <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language, timeZone)}</time>
              <strong>{entry.title}</strong>
              {entry.detail && <span>{entry.detail}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
