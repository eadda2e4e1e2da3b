import { api } from '@school/contract/paths';
import { timelineEntry } from '@school/contract/students';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { LoadingState } from '../../components/LoadingState';
import { request } from '../../lib/http';
import { useSession } from '../../lib/session';
import styles from './Students.module.css';
import { timelineDetail, timelineTitle, timelineWhen } from './timelineDetail';

export const TIMELINE_QUERY_KEY = 'student-timeline';

/** docs/students.md, Timeline: what happened to the student, newest first. */
export function Timeline({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const timeline = useQuery({
    queryKey: [TIMELINE_QUERY_KEY, studentId],
    // what happened elsewhere (a document added on its screen) shows when the page opens again
    staleTime: 0,
    queryFn: ({ signal }) =>
      // data only: the entries are worded here, in the chosen language (timelineDetail)
      request(`${api.studentTimeline(studentId)}?limit=50`, {
        schema: z.array(timelineEntry),
        signal,
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
          {timeline.data.map((entry) => {
            const detail = timelineDetail(entry, t, i18n.language);
            return (
              <li key={`${entry.kind}-${entry.id}`}>
                <span className={styles.kind}>{t(`students.kind.${entry.kind}`)}</span>
                <time dateTime={entry.at}>{timelineWhen(entry, i18n.language, timeZone)}</time>
                <strong>{timelineTitle(entry, t)}</strong>
                {detail && <span>{detail}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
