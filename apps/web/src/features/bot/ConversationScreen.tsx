import { api } from '@school/contract/paths';
import {
  ANSWER_TYPE_BUTTONS,
  answerInput,
  conversation,
  graphProblem,
  type GraphProblem,
} from '@school/contract/bot';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { RecordScreen } from '../../components/detail/RecordScreen';
import { useEntity } from '../../components/detail/useEntity';
import { showNotice } from '../../components/feedback/notices';
import { EntityForm } from '../../components/form/EntityForm';
import { LoadingState } from '../../components/LoadingState';
import { HttpError } from '../../lib/http';
import { AnswerCard } from './AnswerCard';
import { ANSWER_FIELDS } from './answerFields';
import { BotStatusNote } from './BotStatusNote';
import {
  refreshBot,
  saveAnswer,
  updateConversation,
  useAnswers,
  useConnectors,
  useEstimationGroups,
  useGraphCheck,
  type Conversation,
} from './botApi';
import { ConversationGraph } from './ConversationGraph';
import { EstimationGroups } from './EstimationGroups';
import { problemText } from './graphProblems';
import { PreviewChat } from './PreviewChat';
import styles from './Bot.module.css';

/** /conversations/{id} (docs/screens.md): the answers, their buttons, groups, graph and a preview. */
export function ConversationScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const entity = useEntity(api.conversations, id, conversation);
  return (
    <RecordScreen
      entity={entity}
      title={t('titles.answers')}
      name={(row) => row.name}
      list={{ to: '/conversations', back: t('bot.back'), toList: t('bot.toList') }}
      notFound={t('bot.notFound')}
    >
      {(row) => <ConversationPage row={row} />}
    </RecordScreen>
  );
}

/** The problems of a 400 on publishing, when the server sent them. */
function publishProblems(error: unknown): GraphProblem[] | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const parsed = z.object({ problems: z.array(graphProblem) }).safeParse(error.raw);
  return parsed.success ? parsed.data.problems : null;
}

function ConversationPage({ row }: { row: Conversation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const answers = useAnswers(row.id);
  const connectors = useConnectors(answers.data);
  const groups = useEstimationGroups(row.id);
  const check = useGraphCheck(row.id);
  const [publishing, setPublishing] = useState(false);
  const [refused, setRefused] = useState<GraphProblem[] | null>(null);
  const answersHeading = useId();
  const published = row.isPresent === 1;

  const refresh = () => {
    void refreshBot(queryClient);
    void queryClient.invalidateQueries({ queryKey: ['entity'] });
  };

  const publish = async (isPresent: 0 | 1) => {
    setPublishing(true);
    setRefused(null);
    try {
      await updateConversation(row.id, { isPresent });
      showNotice({ text: t(isPresent === 1 ? 'bot.publishedNotice' : 'bot.unpublishedNotice') });
      refresh();
    } catch (error) {
      const problems = publishProblems(error);
      if (problems) setRefused(problems);
      else {
        console.error(error);
        showNotice({ text: t('messages.error'), tone: 'error' });
      }
    } finally {
      setPublishing(false);
    }
  };

  const answerText = useMemo(
    () => new Map((answers.data ?? []).map((a) => [a.id, a.text])),
    [answers.data],
  );
  const problemsByAnswer = useMemo(() => {
    const map = new Map<number, GraphProblem[]>();
    for (const problem of check.data?.problems ?? []) {
      if (problem.answerId === null) continue;
      map.set(problem.answerId, [...(map.get(problem.answerId) ?? []), problem]);
    }
    return map;
  }, [check.data]);

  return (
    <div className={styles.page}>
      <div className={styles.status}>
        <span className={published ? styles.published : styles.draft}>
          {t(published ? 'bot.published' : 'bot.draft')}
        </span>
        <span>{t(row.isPublic === 1 ? 'bot.public' : 'bot.personal')}</span>
        <button
          type="button"
          className={published ? controls.secondaryButton : controls.button}
          disabled={publishing}
          onClick={() => void publish(published ? 0 : 1)}
        >
          {t(published ? 'bot.unpublish' : 'bot.publish')}
        </button>
        <BotStatusNote />
      </div>
      {refused && (
        <div className={styles.refused} role="alert">
          <p>{t('bot.publishRefused')}</p>
          <ul>
            {refused.map((problem) => (
              <li key={`${problem.kind}-${problem.answerId ?? 'all'}`}>
                {problemText(t, problem, answerText)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.columns}>
        <section className={styles.answers} aria-labelledby={answersHeading}>
          <h2 id={answersHeading}>{t('bot.answers')}</h2>
          {answers.isPending ? (
            <LoadingState />
          ) : answers.isError ? (
            <p role="alert">{t('messages.error')}</p>
          ) : answers.data.length === 0 ? (
            <p className={styles.muted}>{t('bot.noAnswers')}</p>
          ) : (
            <ol className={styles.answerList}>
              {answers.data.map((answer) => (
                <li key={answer.id}>
                  <AnswerCard
                    answer={answer}
                    answers={answers.data}
                    connectors={(connectors.data ?? []).filter((c) => c.fromId === answer.id)}
                    groups={groups.data ?? []}
                    problems={(problemsByAnswer.get(answer.id) ?? []).map((p) =>
                      problemText(t, p, answerText),
                    )}
                    onChanged={refresh}
                  />
                </li>
              ))}
            </ol>
          )}
          <div className={`${controls.card} ${styles.newAnswer}`}>
            <h3>{t('bot.newAnswer')}</h3>
            <EntityForm
              mode="create"
              schema={answerInput.omit({ conversationId: true })}
              fields={ANSWER_FIELDS}
              defaultValues={{ text: '', answerTypeId: String(ANSWER_TYPE_BUTTONS), isLast: false }}
              submitLabel={t('bot.addAnswer')}
              label={t('bot.newAnswer')}
              onSubmit={(body) => saveAnswer(null, { ...body, conversationId: row.id })}
              onSaved={refresh}
            />
          </div>
        </section>
        <div className={styles.side}>
          <ConversationGraph
            answers={answers.data ?? []}
            connectors={connectors.data ?? []}
            problems={check.data?.problems ?? []}
          />
          {(answers.data?.length ?? 0) > 0 && (
            <PreviewChat
              conversationId={row.id}
              revision={`${(answers.data ?? []).map((a) => `${a.id}:${a.isLast}:${a.answerTypeId}`).join()}|${(connectors.data ?? []).map((c) => `${c.id}:${c.nextId}`).join()}`}
            />
          )}
          <EstimationGroups
            conversationId={row.id}
            groups={groups.data ?? []}
            onChanged={refresh}
          />
        </div>
      </div>
    </div>
  );
}
