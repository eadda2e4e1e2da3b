import { ANSWER_TYPE_FINAL, type Message } from '@school/contract/bot';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import controls from '../../components/controls.module.css';
import { ScrollingTable } from '../../components/list/ScrollingTable';
import { BackLink } from '../../components/detail/RecordLinks';
import { parseId } from '../../components/detail/useEntity';
import { HeaderBlock } from '../../components/HeaderBlock';
import { LoadingState } from '../../components/LoadingState';
import { formatDateTime } from '../../lib/format';
import { HttpError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { useRun, useRunEstimation, useRunMessages, type ConversationProgress } from './botApi';
import styles from './Bot.module.css';

/**
 * //messages/byconvprogress/{id} (docs/screens.md, Bot screens): one run's messages, bot rows
 * tinted (docs/interface.md), under the names of its student and conversation, its state and
 * dates, with the way back to the student's page that lists the student's runs.
 */
export function MessagesScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const runId = parseId(id);
  if (runId === null) {
    return (
      <>
        <HeaderBlock title={t('titles.messages')} />
        <p role="alert">{t('bot.runNotFound')}</p>
      </>
    );
  }
  return <RunScreen runId={runId} />;
}

const studentPath = (run: ConversationProgress) => `/students/${run.student}`;

function RunScreen({ runId }: { runId: number }) {
  const { t } = useTranslation();
  const run = useRun(runId);
  const subtitle = run.data && (
    <>
      <Link to={studentPath(run.data)}>{run.data.studentName}</Link>
      <span aria-hidden="true"> · </span>
      <Link to={`/conversations/${run.data.conversationId}`}>{run.data.conversationName}</Link>
    </>
  );
  return (
    <>
      <HeaderBlock title={t('titles.messages')} subtitle={subtitle} />
      {run.data && (
        <>
          <div className={styles.backRow}>
            <BackLink to={studentPath(run.data)}>
              {t('bot.backToStudent', { name: run.data.studentName })}
            </BackLink>
          </div>
          <RunFacts run={run.data} />
        </>
      )}
      {run.isError ? <LoadFailure error={run.error} /> : <RunMessages runId={runId} />}
    </>
  );
}

function LoadFailure({ error }: { error: Error }) {
  const { t } = useTranslation();
  const gone = error instanceof HttpError && error.status === 404;
  return <p role="alert">{t(gone ? 'bot.runNotFound' : 'messages.error')}</p>;
}

/** The run's state and dates, in the chosen language and the user's time zone. */
function RunFacts({ run }: { run: ConversationProgress }) {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const when = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  const facts: [label: string, value: string][] = [
    [t('bot.runState'), t(run.isFinished === 1 ? 'bot.runFinished' : 'bot.runOpen')],
    [t('bot.runStarted'), when(run.createdAt)],
  ];
  if (run.finishedAt !== null) facts.push([t('bot.runEnded'), when(run.finishedAt)]);
  return (
    <dl className={styles.runFacts}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The summary the bot sent at the end of the run (docs/bot.md, Estimation), logged as bot
 * messages of the final type that belong to no answer: the Estimation panel words it once, in
 * the chosen language.
 */
const isSummary = (message: Message) =>
  message.isBot === 1 &&
  message.answerId === null &&
  message.answerConnector === null &&
  message.typeId === ANSWER_TYPE_FINAL;

function RunMessages({ runId }: { runId: number }) {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const messages = useRunMessages(runId);
  const estimation = useRunEstimation(runId, i18n.language);
  const summaryId = useId();
  if (messages.isPending) return <LoadingState />;
  if (messages.isError) return <LoadFailure error={messages.error} />;
  const lines = estimation.data?.lines ?? [];
  // Without the panel (no estimation function, or it did not load) the log keeps its summary.
  const shown = lines.length > 0 ? messages.data.filter((m) => !isSummary(m)) : messages.data;
  return (
    <div className={styles.messagesPage}>
      {lines.length > 0 && (
        <section className={`${controls.card} ${styles.panel}`} aria-labelledby={summaryId}>
          <h2 id={summaryId}>{t('bot.estimation')}</h2>
          <ul className={styles.estimationLines}>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {shown.length === 0 ? (
        <p className={styles.muted}>{t('messages.emptyList')}</p>
      ) : (
        <ScrollingTable
          label={t('bot.messagesCaption')}
          caption={t('bot.messagesCaption')}
          headers={[t('bot.time'), t('bot.who'), t('fields.text'), t('bot.mark')]}
          classes={styles}
        >
          {shown.map((message) => (
            <tr key={message.id} className={message.isBot === 1 ? styles.botRow : undefined}>
              <td className={styles.messageTime}>
                {formatDateTime(message.dateTime, i18n.language, timeZone)}
              </td>
              <td className={styles.messageWho}>
                {t(message.isBot === 1 ? 'bot.botSays' : 'bot.studentSays')}
              </td>
              <td className={styles.messageText}>{message.text}</td>
              <td className={styles.messageMark}>
                {message.flagId === 1 ? t('bot.right') : message.flagId === 2 ? t('bot.wrong') : ''}
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
    </div>
  );
}
