import { api, withQuery } from '@school/contract/paths';
import {
  ATTENDENCE_ABSENT,
  ATTENDENCE_NEUTRAL,
  ATTENDENCE_PRESENT,
} from '@school/contract/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { dismissNotice, showNotice } from '../../components/feedback/notices';
import {
  scheduleCommit,
  undoDelayMs,
  usePendingKeys,
} from '../../components/feedback/pendingCommits';
import { deleteFailureMessage } from '../../components/list/deleteFailure';
import { Selector } from '../../components/Selector';
import { Spinner } from '../../components/Spinner';
import { formatMoney } from '../../lib/format';
import { HttpError } from '../../lib/http';
import {
  addParticipants,
  deleteEvent,
  refreshSchedule,
  updateEvent,
  useLessonEvents,
  type Event,
  type Lesson,
} from './scheduleApi';
import styles from './Schedule.module.css';

/** The students offered when adding one: all of them, by surname. */
const STUDENTS_URL = withQuery(api.students, { sort: 'surname', limit: 5000 });

/** SPEC §4 row colours: paid green, absent red, the others blue; the cells say it in words. */
function rowTone(row: Event): 'paid' | 'absent' | 'open' {
  if (row.isPaid) return 'paid';
  if (row.attendence !== ATTENDENCE_PRESENT && row.attendence !== ATTENDENCE_NEUTRAL) {
    return 'absent';
  }
  return 'open';
}

/** The failure of a save in words: the server's own for a refusal, else the SPEC text. */
function failureText(error: unknown, fallback: string): string {
  const refused = error instanceof HttpError && (error.status === 400 || error.status === 409);
  return (refused && error.body?.message) || fallback;
}

/** The lesson's participants: add a student or a group, edit each row in place, remove. */
export function Participants({ lesson }: { lesson: Lesson }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const events = useLessonEvents(lesson.id);
  const pendingKeys = usePendingKeys();
  const ids = { student: useId(), groupe: useId(), heading: useId() };
  const [student, setStudent] = useState('');
  const [groupe, setGroupe] = useState('');
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = () => void refreshSchedule(queryClient);

  const add = async (event: FormEvent, what: 'student' | 'groupe') => {
    event.preventDefault();
    const value = what === 'student' ? student : groupe;
    if (!value) return;
    setAdding(true);
    setProblem(null);
    try {
      await addParticipants({ lesson: lesson.id, [what]: Number(value) });
      if (what === 'student') setStudent('');
      else setGroupe('');
      showNotice({ text: t('messages.success') });
    } catch (error) {
      if (!(error instanceof HttpError && error.status < 500)) console.error(error);
      setProblem(failureText(error, t('messages.error')));
    } finally {
      setAdding(false);
      refresh();
    }
  };

  // A change shows at once (a controlled control must flip within its own event); it gives
  // way to the server's row once the list has been read again.
  const [edits, setEdits] = useState<Record<number, Partial<Event>>>({});
  const change = (row: Event, body: Partial<Event>) => {
    setEdits((current) => ({ ...current, [row.id]: { ...current[row.id], ...body } }));
    updateEvent(row.id, body)
      .catch((error: unknown) => {
        if (!(error instanceof HttpError && error.status < 500)) console.error(error);
        showNotice({ text: failureText(error, t('messages.error')), tone: 'error' });
      })
      .finally(() => {
        void refreshSchedule(queryClient).then(() =>
          setEdits(({ [row.id]: _done, ...rest }) => rest),
        );
      });
  };

  const remove = (row: Event) => {
    let notice = 0;
    const undo = scheduleCommit({
      key: api.event(row.id),
      send: () => deleteEvent(row.id),
      onCommitted: refresh,
      onFailed: (error) => {
        dismissNotice(notice);
        const key = deleteFailureMessage(error);
        if (key !== null) showNotice({ text: t(key), tone: 'error' });
        refresh();
      },
    });
    notice = showNotice({
      text: t('schedule.participantRemoved', { name: row.studentName }),
      durationMs: undoDelayMs(),
      action: { label: t('notices.undo'), run: undo },
    });
  };

  const rows = (events.data ?? [])
    .filter((row) => !pendingKeys.has(api.event(row.id)))
    .map((row) => ({ ...row, ...edits[row.id] }));
  const attendance = [
    { value: ATTENDENCE_NEUTRAL, label: t('schedule.attendance.neutral') },
    { value: ATTENDENCE_PRESENT, label: t('schedule.attendance.present') },
    { value: ATTENDENCE_ABSENT, label: t('schedule.attendance.absent') },
  ];
  const toPay = [
    { value: 0, label: t('schedule.toPay.unset') },
    { value: 1, label: t('schedule.toPay.pays') },
    { value: 2, label: t('schedule.toPay.free') },
  ];

  return (
    <section className={styles.section} aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className={styles.sectionTitle}>
        {t('schedule.participantsTitle')}
      </h3>
      <div className={styles.addRow}>
        <form className={styles.addForm} onSubmit={(event) => void add(event, 'student')}>
          <label className={controls.label} htmlFor={ids.student}>
            {t('schedule.addStudent')}
          </label>
          <div className={styles.addControls}>
            <Selector
              id={ids.student}
              name="student"
              url={STUDENTS_URL}
              value={student}
              onChange={setStudent}
              autoSelectSingle={false}
            />
            <button
              type="submit"
              className={controls.secondaryButton}
              disabled={adding || !student}
            >
              {t('schedule.add')}
            </button>
          </div>
        </form>
        <form className={styles.addForm} onSubmit={(event) => void add(event, 'groupe')}>
          <label className={controls.label} htmlFor={ids.groupe}>
            {t('schedule.addGroup')}
          </label>
          <div className={styles.addControls}>
            <Selector
              id={ids.groupe}
              name="groupe"
              url={api.lookup('groups')}
              value={groupe}
              onChange={setGroupe}
              autoSelectSingle={false}
            />
            <button type="submit" className={controls.secondaryButton} disabled={adding || !groupe}>
              {t('schedule.add')}
            </button>
          </div>
        </form>
        {adding && <Spinner />}
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {events.isPending ? (
        <p>{t('messages.loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{t('schedule.noStudents')}</p>
      ) : (
        <div
          className={styles.tableBox}
          role="region"
          aria-label={t('schedule.participantsTitle')}
          tabIndex={0}
        >
          <table className={styles.participants}>
            <caption className={styles.visuallyHidden}>{t('schedule.participantsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fields.student')}</th>
                <th scope="col">{t('fields.attendence')}</th>
                <th scope="col">{t('fields.toPay')}</th>
                <th scope="col">{t('fields.isPaid')}</th>
                <th scope="col">{t('fields.notes')}</th>
                <th scope="col">{t('fields.homework')}</th>
                <th scope="col">{t('schedule.share')}</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>{t('list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={styles[rowTone(row)]}>
                  <th scope="row">{row.studentName}</th>
                  <td>
                    <SelectCell
                      label={t('schedule.attendanceOf', { name: row.studentName })}
                      options={attendance}
                      value={
                        row.attendence === ATTENDENCE_PRESENT ||
                        row.attendence === ATTENDENCE_NEUTRAL
                          ? row.attendence
                          : ATTENDENCE_ABSENT
                      }
                      onChange={(attendence) => change(row, { attendence })}
                    />
                  </td>
                  <td>
                    <SelectCell
                      label={t('schedule.toPayOf', { name: row.studentName })}
                      options={toPay}
                      value={row.toPay}
                      onChange={(value) => change(row, { toPay: value })}
                    />
                  </td>
                  <td>
                    <label className={styles.paidLabel}>
                      <input
                        type="checkbox"
                        checked={row.isPaid}
                        onChange={(event) => change(row, { isPaid: event.target.checked })}
                      />
                      <span>{t(row.isPaid ? 'schedule.paid' : 'schedule.unpaid')}</span>
                    </label>
                  </td>
                  <td>
                    <TextCell
                      label={t('schedule.notesOf', { name: row.studentName })}
                      value={row.notes}
                      onSave={(notes) => change(row, { notes })}
                    />
                  </td>
                  <td>
                    <TextCell
                      label={t('schedule.homeworkOf', { name: row.studentName })}
                      value={row.homework}
                      onSave={(homework) => change(row, { homework })}
                    />
                  </td>
                  <td className={styles.number}>{formatMoney(row.amount, i18n.language)}</td>
                  <td>
                    <button
                      type="button"
                      className={controls.iconButton}
                      aria-label={t('schedule.removeParticipant', { name: row.studentName })}
                      title={t('schedule.removeParticipant', { name: row.studentName })}
                      onClick={() => remove(row)}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A choice cell edited in place: saved as soon as another option is chosen. */
function SelectCell({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: number; label: string }[];
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <select
      className={controls.input}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A text cell edited in place: saved when it loses focus or on Enter, if it changed. */
function TextCell({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string;
  onSave: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // the server's value changed (after a save or a refresh): show it
    setSeen(value);
    setText(value);
  }
  const commit = () => {
    if (text.trim() !== value) onSave(text.trim());
  };
  return (
    <input
      className={controls.input}
      aria-label={label}
      value={text}
      maxLength={2000}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
