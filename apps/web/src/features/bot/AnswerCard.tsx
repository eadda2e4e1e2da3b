import { answerConnectorUpdate, answerUpdate, ANSWER_TYPE_FREE_TEXT } from '@school/contract/bot';
import { api } from '@school/contract/paths';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { askConfirm } from '../../components/feedback/confirm';
import { deleteWithUndo } from '../../components/feedback/deleteWithUndo';
import { usePendingKeys } from '../../components/feedback/pendingCommits';
import { IconButton } from '../../components/IconButton';
import { EntityForm } from '../../components/form/EntityForm';
import { useLookupLabels } from '../../components/lookups';
import {
  deleteAnswer,
  deleteConnector,
  saveAnswer,
  saveConnector,
  type Answer,
  type AnswerConnector,
  type EstimationGroup,
} from './botApi';
import { ANSWER_FIELDS, buttonFields, short } from './answerFields';
import styles from './Bot.module.css';

interface AnswerCardProps {
  answer: Answer;
  answers: readonly Answer[];
  connectors: readonly AnswerConnector[];
  groups: readonly EstimationGroup[];
  /** what the graph check says about this answer, in words */
  problems: readonly string[];
  onChanged: () => void;
}

/** One answer (a message of the bot): its text, type, and its buttons to the next answers. */
export function AnswerCard({
  answer,
  answers,
  connectors,
  groups,
  problems,
  onChanged,
}: AnswerCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const typeName = useLookupLabels(api.lookup('answertypes'));
  const groupName = (id: number | null) => groups.find((g) => g.id === id)?.name ?? '';
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editingButton, setEditingButton] = useState<number | null>(null);
  const pendingKeys = usePendingKeys();
  const answerKey = api.answer(answer.id);
  if (pendingKeys.has(answerKey)) return null;

  const fields = buttonFields(answer, answers, groups);

  /** Delete after confirmation, with Undo (ADR 013). */
  const remove = async (key: string, name: string, send: () => Promise<unknown>) => {
    const yes = await askConfirm({
      title: t('list.deleteRecord', { record: name }),
      message: t('messages.confirmDelete'),
      confirmLabel: t('list.deleteConfirm'),
    });
    if (!yes) return;
    await deleteWithUndo(t, {
      key,
      send,
      check: key,
      text: t('list.deleted', { record: name }),
      noticeMs: 8000,
      onSettled: onChanged,
    });
  };

  const buttons = connectors.filter((c) => !pendingKeys.has(api.answerConnector(c.id)));
  const target = (c: AnswerConnector) =>
    c.nextId !== null
      ? `→ ${short(answers.find((a) => a.id === c.nextId)?.text ?? `#${c.nextId}`)}`
      : c.url;
  const answerName = t('records.answer', { name: short(answer.text, 40) });

  return (
    <article
      className={`${controls.card} ${styles.answer}`}
      aria-labelledby={headingId}
      data-problem={problems.length > 0 || undefined}
    >
      <header className={styles.answerHeader}>
        <h3 id={headingId} className={styles.answerTitle}>
          <span className={styles.answerId}>#{answer.id}</span>
          {answer.isStart === 1 && <span className={styles.badge}>{t('bot.start')}</span>}
          {answer.isLast === 1 && <span className={styles.badge}>{t('bot.last')}</span>}
          <span className={styles.muted}>{typeName(answer.answerTypeId)}</span>
        </h3>
        <div className={styles.answerActions}>
          <IconButton
            label={t('list.edit', { name: answerName })}
            icon={Pencil}
            aria-expanded={editing}
            onClick={() => setEditing((e) => !e)}
          />
          <IconButton
            label={t('list.delete', { name: answerName })}
            icon={Trash2}
            onClick={() => void remove(answerKey, answerName, () => deleteAnswer(answer.id))}
          />
        </div>
      </header>
      {editing ? (
        <EntityForm
          mode="edit"
          schema={answerUpdate}
          fields={ANSWER_FIELDS}
          defaultValues={{
            text: answer.text,
            answerTypeId: String(answer.answerTypeId),
            isLast: answer.isLast === 1,
          }}
          submitLabel={t('form.save')}
          label={t('bot.editAnswer')}
          onSubmit={(body) => saveAnswer(answer.id, body)}
          onSaved={onChanged}
          onDoneOk={() => setEditing(false)}
        />
      ) : (
        <p className={styles.answerText}>{answer.text}</p>
      )}
      {problems.length > 0 && (
        <ul className={styles.problems}>
          {problems.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {answer.answerTypeId === ANSWER_TYPE_FREE_TEXT && (
        <p className={styles.muted}>{t('bot.freeTextHint')}</p>
      )}
      <ul className={styles.buttons} aria-label={t('bot.buttonsOf', { id: answer.id })}>
        {buttons.map((c) => {
          const buttonName = t('records.button', { name: c.text });
          return (
            <li key={c.id} className={styles.button}>
              {editingButton === c.id ? (
                <EntityForm
                  mode="edit"
                  schema={answerConnectorUpdate}
                  fields={fields}
                  defaultValues={{
                    text: c.text,
                    nextId: c.nextId === null ? '' : String(c.nextId),
                    url: c.url,
                    point: String(c.point),
                    estimationGroup: c.estimationGroup === null ? '' : String(c.estimationGroup),
                    clasification: c.clasification === null ? '' : String(c.clasification),
                    isRight: c.isRight === 1,
                  }}
                  submitLabel={t('form.save')}
                  label={t('bot.editButton')}
                  onSubmit={(body) => saveConnector(c.id, body)}
                  onSaved={onChanged}
                  onDoneOk={() => setEditingButton(null)}
                />
              ) : (
                <>
                  <span className={styles.buttonText}>{c.text}</span>
                  <span className={styles.muted}>{target(c)}</span>
                  {c.isRight === 1 && <span className={styles.badge}>{t('bot.right')}</span>}
                  {c.point !== 0 && (
                    <span className={styles.muted}>
                      {t('bot.points', { count: c.point })}
                      {c.estimationGroup !== null && ` · ${groupName(c.estimationGroup)}`}
                    </span>
                  )}
                  <span className={styles.buttonActions}>
                    <IconButton
                      label={t('list.edit', { name: buttonName })}
                      icon={Pencil}
                      iconSize={14}
                      onClick={() => setEditingButton(c.id)}
                    />
                    <IconButton
                      label={t('list.delete', { name: buttonName })}
                      icon={Trash2}
                      iconSize={14}
                      onClick={() =>
                        void remove(api.answerConnector(c.id), buttonName, () =>
                          deleteConnector(c.id),
                        )
                      }
                    />
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {answer.isLast !== 1 &&
        (adding ? (
          <EntityForm
            mode="create"
            schema={answerConnectorUpdate}
            fields={fields}
            defaultValues={{
              text: '',
              nextId: '',
              url: '',
              point: '0',
              estimationGroup: '',
              clasification: '',
              isRight: false,
            }}
            submitLabel={t('bot.addButton')}
            label={t('bot.newButton')}
            onSubmit={(body) => saveConnector(null, { ...body, fromId: answer.id })}
            onSaved={onChanged}
            onDoneOk={() => setAdding(false)}
          />
        ) : (
          <button
            type="button"
            className={controls.secondaryButton}
            onClick={() => setAdding(true)}
          >
            {t('bot.addButton')}
          </button>
        ))}
    </article>
  );
}
