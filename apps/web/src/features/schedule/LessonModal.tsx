import { lessonUpdate, type SeriesScope } from '@school/contract/schedule';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirm } from '../../components/feedback/confirm';
import { deleteWithUndo } from '../../components/feedback/deleteWithUndo';
import { showNotice } from '../../components/feedback/notices';
import { EntityForm } from '../../components/form/EntityForm';
import { HistorySection } from '../../components/history/HistorySection';
import { LoadingState } from '../../components/LoadingState';
import { Modal } from '../../components/Modal';
import { formatMoney } from '../../lib/format';
import { HttpError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { Alternatives } from './Alternatives';
import { deleteKey } from './lessonDelete';
import { EDIT_FIELDS, lessonValues, OWN_EDIT_FIELDS } from './lessonFields';
import { lessonRightsOf, NO_RIGHTS } from './lessonRights';
import { Participants } from './Participants';
import {
  affected,
  deleteLesson,
  readLesson,
  refreshSchedule,
  SCHEDULE_KEY,
  updateLesson,
  useLesson,
  useLessonEvents,
  type Lesson,
} from './scheduleApi';
import { useClashCheck } from './useClashCheck';
import own from './LessonModal.module.css';
import styles from './Schedule.module.css';

/** Resolves once no query of the schedule is being read any more (the board shows the move). */
function scheduleSettled(queryClient: QueryClient): Promise<void> {
  const settled = () => queryClient.isFetching({ queryKey: [SCHEDULE_KEY] }) === 0;
  return new Promise((resolve) => {
    if (settled()) {
      resolve();
      return;
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * After a move the card that opened the dialog leaves its day (or the week) once the board is
 * read again, and the focus would fall to the page: it goes to the Undo of the notice that
 * says where the lesson went (docs/interface.md, Undo) instead.
 */
async function focusAfterMove(queryClient: QueryClient, undoLabel: string): Promise<void> {
  await scheduleSettled(queryClient);
  await nextFrame();
  await nextFrame();
  const lost = document.activeElement === null || document.activeElement === document.body;
  if (!lost) return;
  const undo = [...document.querySelectorAll<HTMLButtonElement>('[role="status"] button')]
    .reverse()
    .find((button) => button.textContent === undoLabel);
  undo?.focus();
}

interface LessonModalProps {
  id: number;
  dateText: (date: string) => string;
  onClose: () => void;
}

/**
 * Lesson card modal (docs/screens.md, Schedule): the lesson's form and amount, its participants, the alternative
 * dates of a cycled lesson, and delete. A lesson that cannot be loaded closes the modal with
 * the reason (docs/api.md, Error catalogue: 400 on loading a lesson).
 */
export function LessonModal({ id, dateText, onClose }: LessonModalProps) {
  const { t } = useTranslation();
  const lesson = useLesson(id);
  const failed = lesson.isError ? lesson.error : null;

  useEffect(() => {
    if (!failed) return;
    const gone = failed instanceof HttpError && failed.status === 404;
    const refused = failed instanceof HttpError && failed.status === 400;
    if (!refused && !gone) console.error(failed);
    showNotice({
      text: gone
        ? t('schedule.lessonGone')
        : refused
          ? (failed.body?.message ?? t('messages.error'))
          : t('messages.error'),
      tone: 'error',
    });
    onClose();
  }, [failed, onClose, t]);

  const title = lesson.data
    ? t('schedule.lessonTitle', {
        date: dateText(lesson.data.date),
        start: lesson.data.start,
        end: lesson.data.end,
      })
    : t('schedule.lesson');
  return (
    <Modal open size="wide" title={title} onClose={onClose}>
      {lesson.data ? (
        <LessonBody lesson={lesson.data} dateText={dateText} onClose={onClose} />
      ) : (
        !failed && <LoadingState />
      )}
    </Modal>
  );
}

function LessonBody({
  lesson,
  dateText,
  onClose,
}: {
  lesson: Lesson;
  dateText: (date: string) => string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const withClashCheck = useClashCheck();
  const scopeName = useId();
  const [scope, setScope] = useState<SeriesScope>('this');
  const { session } = useSession();
  // docs/roles.md, Lessons: a teacher only reads another teacher's lesson
  const may = session.isLoggedIn ? lessonRightsOf(session, lesson.teacher) : NO_RIGHTS;
  const inSeries = lesson.series !== null;
  const money = (value: number) => formatMoney(value, i18n.language);

  /** For 'this and the following': which lessons, said before anything changes. */
  const confirmFollowing = async (verb: 'change' | 'delete') => {
    const touched = await affected(lesson.id, scope);
    const dates = touched.lessons.map((l) => dateText(l.date)).join(', ');
    return askConfirm({
      title: t(verb === 'delete' ? 'schedule.deleteTitle' : 'schedule.changeTitle'),
      message: t(verb === 'delete' ? 'schedule.deleteFollowing' : 'schedule.changeFollowing', {
        count: touched.lessons.length,
        dates,
      }),
      confirmLabel: t(verb === 'delete' ? 'schedule.deleteConfirm' : 'schedule.changeConfirm'),
    });
  };

  const save = async (body: Record<string, unknown>) => {
    const scoped = inSeries ? { ...body, scope } : body;
    if (inSeries && scope === 'following' && !(await confirmFollowing('change'))) {
      throw new HttpError(409, { error: 'cancelled', message: t('schedule.notChanged') });
    }
    return withClashCheck((force) =>
      updateLesson(lesson.id, force ? { ...scoped, force } : scoped),
    );
  };

  const remove = async () => {
    const yes =
      inSeries && scope === 'following'
        ? await confirmFollowing('delete')
        : await askConfirm({
            title: t('schedule.deleteTitle'),
            message: t('schedule.deleteThis'),
            confirmLabel: t('schedule.deleteConfirm'),
          });
    if (!yes) return;
    const chosen = scope;
    onClose();
    await deleteWithUndo(t, {
      key: deleteKey(lesson, chosen),
      send: () => deleteLesson(lesson.id, chosen),
      // nothing can refuse a lesson's delete (ADR 025)
      check: null,
      text: t('schedule.deleted'),
      onSettled: () => void refreshSchedule(queryClient),
    });
  };

  return (
    <div className={styles.modalBody}>
      {/* another teacher's lesson has no amount, price nor payers for a teacher (docs/roles.md, Amounts) */}
      {lesson.amount !== null && lesson.price !== null && lesson.payers !== null && (
        <p className={styles.amount}>
          {t('schedule.amountFormula', {
            amount: money(lesson.amount),
            price: money(lesson.price),
            duration: lesson.duration,
            count: lesson.payers,
          })}
        </p>
      )}
      {inSeries && (may.edit || may.delete) && (
        <fieldset className={styles.scope}>
          <legend>{t('schedule.scope')}</legend>
          {(['this', 'following'] as const).map((value) => (
            <label key={value} className={styles.scopeOption}>
              <input
                type="radio"
                name={scopeName}
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
              />
              {t(value === 'this' ? 'schedule.scopeThis' : 'schedule.scopeFollowing')}
            </label>
          ))}
        </fieldset>
      )}
      {may.edit ? (
        <EntityForm
          key={`${lesson.id}:${lesson.date}:${lesson.start}`}
          mode="edit"
          schema={lessonUpdate}
          fields={may.chooseTeacher ? EDIT_FIELDS : OWN_EDIT_FIELDS}
          defaultValues={lessonValues(lesson)}
          submitLabel={t('form.save')}
          label={t('schedule.lessonForm')}
          onSubmit={save}
          // the version read goes with the save; a 409 reloads the lesson (ADR 038)
          versioned={{
            version: lesson.version,
            load: async () => {
              const current = await readLesson(lesson.id);
              return { values: lessonValues(current), version: current.version };
            },
          }}
          onSaved={() => void refreshSchedule(queryClient)}
          onDoneOk={() => undefined}
        />
      ) : (
        <LessonFacts lesson={lesson} />
      )}
      <Participants lesson={lesson} may={may} />
      {inSeries && may.edit && (
        <Alternatives
          lesson={lesson}
          dateText={dateText}
          onMoved={() => {
            onClose();
            void focusAfterMove(queryClient, t('notices.undo'));
          }}
        />
      )}
      <LessonHistory lessonId={lesson.id} />
      {may.delete && (
        <div className={styles.dangerZone}>
          <button type="button" className={own.deleteLesson} onClick={() => void remove()}>
            {t('schedule.delete')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The lesson's History with its participants' (attendance, paying, notes), each named by the
 * student; under the schedule's key, so a change of the lesson refreshes an open history too.
 */
function LessonHistory({ lessonId }: { lessonId: number }) {
  const events = useLessonEvents(lessonId);
  const related = (events.data ?? []).map((event) => ({
    entity: 'events' as const,
    id: event.id,
    subject: event.studentName,
  }));
  return (
    <HistorySection
      entity="lessons"
      id={lessonId}
      related={related}
      scope={[SCHEDULE_KEY, 'history', lessonId]}
    />
  );
}

/** A lesson the user may not change, read only: what the form would hold, as text. */
function LessonFacts({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const facts = [
    { label: t('fields.teacher'), value: lesson.teacherName },
    { label: t('fields.course'), value: lesson.course },
    { label: t('fields.comment'), value: lesson.comment },
    { label: t('fields.resources'), value: lesson.resources },
    { label: t('fields.homework'), value: lesson.homework },
  ].filter((f) => f.value !== '');
  return (
    <dl className={own.facts} aria-label={t('schedule.lessonForm')}>
      {facts.map((f) => (
        <div key={f.label} className={own.fact}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
