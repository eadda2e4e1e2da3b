import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { Spinner } from '../../components/Spinner';
import { walk } from './botApi';
import styles from './Bot.module.css';

type Reply = { connectorId: number } | { text: string };

/**
 * docs/bot.md: staff walk a conversation with the same engine the bot runs, before
 * publishing it. Nothing is stored: each step sends the replies so far.
 */
export function PreviewChat({
  conversationId,
  revision,
}: {
  conversationId: number;
  /** changes whenever the answers or buttons change: the walk starts again */
  revision: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const inputId = useId();
  const [replies, setReplies] = useState<Reply[]>([]);
  const [text, setText] = useState('');
  const step = useMutation({ mutationFn: (next: Reply[]) => walk(conversationId, next) });
  const { mutate } = step;

  const [seen, setSeen] = useState(revision);
  if (seen !== revision) {
    setSeen(revision);
    setReplies([]);
  }
  useEffect(() => {
    mutate(replies);
  }, [mutate, replies, revision]);

  const reply = (next: Reply) => setReplies((current) => [...current, next]);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    reply({ text: text.trim() });
    setText('');
  };
  const data = step.data;
  const current = data?.current ?? null;

  return (
    <section className={`${controls.card} ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('bot.preview')}</h2>
      <p className={styles.muted}>{t('bot.previewIntro')}</p>
      <ol className={styles.chat} aria-live="polite">
        {(data?.transcript ?? []).map((line, index) => (
          <li key={index} className={line.isBot === 1 ? styles.botLine : styles.studentLine}>
            <span className={styles.who}>
              {t(line.isBot === 1 ? 'bot.botSays' : 'bot.studentSays')}
            </span>
            {line.text}
          </li>
        ))}
      </ol>
      {step.isPending && <Spinner />}
      {step.isError && <p role="alert">{t('messages.error')}</p>}
      {current &&
        data?.isFinished !== 1 &&
        (current.freeText === 1 ? (
          <form className={styles.reply} onSubmit={send}>
            <label className={controls.label} htmlFor={inputId}>
              {t('bot.yourReply')}
            </label>
            <input
              id={inputId}
              className={controls.input}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className={controls.button} disabled={step.isPending}>
              {t('bot.send')}
            </button>
          </form>
        ) : (
          <div className={styles.choices} role="group" aria-label={t('bot.choices')}>
            {current.buttons.map((button) =>
              button.url ? (
                <a
                  key={button.connectorId}
                  className={controls.secondaryButton}
                  href={button.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {button.text}
                </a>
              ) : (
                <button
                  key={button.connectorId}
                  type="button"
                  className={controls.secondaryButton}
                  disabled={step.isPending}
                  onClick={() => reply({ connectorId: button.connectorId })}
                >
                  {button.text}
                </button>
              ),
            )}
          </div>
        ))}
      {data?.isFinished === 1 && (
        <div className={styles.summary}>
          <p>{t('bot.finished')}</p>
          {data.estimation?.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {data && data.current === null && data.isFinished !== 1 && (
        <p className={styles.muted}>{t('bot.previewStuck')}</p>
      )}
      {replies.length > 0 && (
        <button type="button" className={controls.secondaryButton} onClick={() => setReplies([])}>
          {t('bot.restart')}
        </button>
      )}
    </section>
  );
}
