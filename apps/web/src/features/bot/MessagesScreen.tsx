import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import controls from '../../components/controls.module.css';
import { parseId } from '../../components/detail/useEntity';
import { HeaderBlock } from '../../components/HeaderBlock';
import { LoadingState } from '../../components/LoadingState';
import { formatDateTime } from '../../lib/format';
import { HttpError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { useRunEstimation, useRunMessages } from './botApi';
import styles from './Bot.module.css';

/** //messages/byconvprogress/{id} (docs/screens.md): the messages of one run, bot rows tinted (docs/interface.md). */
export function MessagesScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const runId = parseId(id);
  return (
    <>
      <HeaderBlock title={t('titles.messages')} />
      {runId === null ? <p role="alert">{t('bot.runNotFound')}</p> : <RunMessages runId={runId} />}
    </>
  );
}

function RunMessages({ runId }: { runId: number }) {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const messages = useRunMessages(runId);
  const estimation = useRunEstimation(runId, i18n.language);
  const summaryId = useId();
  if (messages.isPending) return <LoadingState />;
  if (messages.isError) {
    const gone = messages.error instanceof HttpError && messages.error.status === 404;
    return <p role="alert">{t(gone ? 'bot.runNotFound' : 'messages.error')}</p>;
  }
  return (
    <div className={styles.messagesPage}>
      {estimation.data && (
        <section className={`${controls.card} ${styles.panel}`} aria-labelledby={summaryId}>
          <h2 id={summaryId}>{t('bot.estimation')}</h2>
          {estimation.data.groups.length > 0 && (
            <dl className={styles.scores}>
              {estimation.data.groups.map((group) => (
                <div key={group.id}>
                  <dt>{group.name}</dt>
                  <dd>{group.points}</dd>
                </div>
              ))}
            </dl>
          )}
          {estimation.data.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      )}
      {messages.data.length === 0 ? (
        <p className={styles.muted}>{t('messages.emptyList')}</p>
      ) : (
        <div
          className={styles.tableBox}
          role="region"
          aria-label={t('bot.messagesCaption')}
          tabIndex={0}
        >
          <table className={styles.table}>
            <caption className={styles.caption}>{t('bot.messagesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('bot.time')}</th>
                <th scope="col">{t('bot.who')}</th>
                <th scope="col">{t('fields.text')}</th>
                <th scope="col">{t('bot.mark')}</th>
              </tr>
            </thead>
            <tbody>
              {messages.data.map((message) => (
                <tr key={message.id} className={message.isBot === 1 ? styles.botRow : undefined}>
                  <td className={styles.nowrap}>
                    {formatDateTime(message.dateTime, i18n.language, timeZone)}
                  </td>
                  <td>{t(message.isBot === 1 ? 'bot.botSays' : 'bot.studentSays')}</td>
                  <td className={styles.messageText}>{message.text}</td>
                  <td>
                    {message.flagId === 1
                      ? t('bot.right')
                      : message.flagId === 2
                        ? t('bot.wrong')
                        : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
