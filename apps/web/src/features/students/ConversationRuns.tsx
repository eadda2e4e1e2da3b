import { conversationProgress, estimation, type ConversationProgress } from '@school/contract/bot';
import { api, withQuery } from '@school/contract/paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { showNotice } from '../../components/feedback/notices';
import { LoadingState } from '../../components/LoadingState';
import { PickForm } from '../../components/PickForm';
import { formatDateTime } from '../../lib/format';
import { request } from '../../lib/http';
import { useSession } from '../../lib/session';
import styles from './Students.module.css';

const RUNS_KEY = 'student-runs';
/** The published conversations a student can be given. */
const CONVERSATIONS_URL = withQuery(api.conversations, { isPresent: 1, limit: 5000, sort: 'name' });

/**
 * The student's conversation-progress panel (docs/screens.md, Student): assign a conversation, see the runs
 * (personal or public, isForMe), open their messages, the score per estimation group.
 */
export function ConversationRuns({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const headingId = useId();
  const [picked, setPicked] = useState<'1' | '0' | null>(null);
  const personal = useRuns(studentId, '1');
  const publicRuns = useRuns(studentId, '0');
  // Until a tab is picked, the panel opens on the one that has runs: Personal first.
  const isForMe = picked ?? (!personal.data?.length && publicRuns.data?.length ? '0' : '1');
  const runs = isForMe === '1' ? personal : publicRuns;
  const deciding = picked === null && (personal.isPending || publicRuns.isPending);

  const assign = async (conversationId: string) => {
    await request(api.conversationProgress, {
      method: 'POST',
      body: { student: studentId, conversationId: Number(conversationId) },
      schema: conversationProgress,
    });
    showNotice({ text: t('students.runAssigned') });
  };

  return (
    <section className={`${controls.card} ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('students.runs')}</h2>
      <PickForm
        label={t('students.assignConversation')}
        name="conversation"
        url={CONVERSATIONS_URL}
        submitLabel={t('students.assign')}
        onPick={assign}
        onSettled={() => void queryClient.invalidateQueries({ queryKey: [RUNS_KEY, studentId] })}
      />
      <div className={styles.kindToggle} role="group" aria-label={t('students.runKind')}>
        {(['1', '0'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={controls.secondaryButton}
            aria-pressed={isForMe === value}
            onClick={() => setPicked(value)}
          >
            {t(value === '1' ? 'students.personalRuns' : 'students.publicRuns')}
          </button>
        ))}
      </div>
      {runs.isPending || deciding ? (
        <LoadingState />
      ) : runs.isError ? (
        <p className={styles.error}>{t('messages.error')}</p>
      ) : runs.data.length === 0 ? (
        <p className={styles.muted}>{t('students.runsEmpty')}</p>
      ) : (
        <ul className={styles.runs}>
          {runs.data.map((run) => (
            <li key={run.id}>
              <RunRow run={run} when={formatDateTime(run.createdAt, i18n.language, timeZone)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The student's personal (isForMe 1) or public (0) runs. */
function useRuns(studentId: number, isForMe: '1' | '0') {
  return useQuery({
    queryKey: [RUNS_KEY, studentId, isForMe],
    queryFn: ({ signal }) =>
      request(withQuery(api.conversationProgress, { student: studentId, isForMe, limit: 500 }), {
        schema: z.array(conversationProgress),
        signal,
      }),
    staleTime: 0,
  });
}

function RunRow({ run, when }: { run: ConversationProgress; when: string }) {
  const { t, i18n } = useTranslation();
  const score = useQuery({
    queryKey: [RUNS_KEY, 'estimation', run.id, run.step, i18n.language],
    queryFn: ({ signal }) =>
      request(withQuery(api.conversationProgressEstimation(run.id), { lang: i18n.language }), {
        schema: estimation,
        signal,
      }),
    enabled: run.step > 0,
  });
  return (
    <div className={styles.run}>
      <strong>{run.conversationName}</strong>
      <span className={styles.muted}>
        {when} · {t(run.isFinished === 1 ? 'students.runFinished' : 'students.runOpen')} ·{' '}
        {t('students.runSteps', { count: run.step })}
      </span>
      {score.data && score.data.groups.length > 0 && (
        <span>
          {score.data.groups.map((group) => `${group.name}: ${group.points}`).join(' · ')}
        </span>
      )}
      {score.data && score.data.percent !== null && (
        <span>{t('students.runPercent', { percent: score.data.percent })}</span>
      )}
      <Link to={`/messages/byconvprogress/${run.id}`}>{t('students.runMessages')}</Link>
    </div>
  );
}
