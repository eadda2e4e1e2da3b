import { api } from '@school/contract/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showConflictNotice } from '../../components/feedback/conflictNotice';
import { deleteWithUndo } from '../../components/feedback/deleteWithUndo';
import { showNotice } from '../../components/feedback/notices';
import { usePendingKeys } from '../../components/feedback/pendingCommits';
import { versionConflictOf } from '../../components/form/conflict';
import { versionChain } from '../../components/form/versionChain';
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

/** What is added to a lesson: one student, or every student of a group. */
export type ParticipantSource = 'student' | 'groupe';

/** The failure of a save in words: the server's own for a refusal, else the fixed text (docs/interface.md, Messages). */
function failureText(error: unknown, fallback: string): string {
  const refused = error instanceof HttpError && (error.status === 400 || error.status === 409);
  return (refused && error.body?.message) || fallback;
}

/** The server refused a student who takes part in the lesson already (docs/schedule.md, Participations). */
function isAlreadyIn(error: unknown): boolean {
  return error instanceof HttpError && error.status === 409 && !!error.body?.fields?.student;
}

/** A failure the server did not explain (a 5xx, the network) goes to the console too. */
function logUnexpected(error: unknown): void {
  if (!(error instanceof HttpError && error.status < 500)) console.error(error);
}

/**
 * The versions this screen's own saves of participations produced (ADR 043): kept while the
 * app runs, so a mark made before the list is read again sends the version the last mark left.
 */
const eventVersions = versionChain();

/** The students a lesson holds already, as the add selector's values: they are not offered. */
export function studentsIn(rows: readonly Pick<Event, 'student'>[]): ReadonlySet<string> {
  return new Set(rows.map((row) => String(row.student)));
}

/**
 * The participants of a lesson and what changes them: add a student or a group, edit a row
 * in place (shown at once), remove a row with Undo.
 */
export function useParticipants(lesson: Lesson) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const events = useLessonEvents(lesson.id);
  const pendingKeys = usePendingKeys();
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = () => void refreshSchedule(queryClient);

  /** Adds the student or group `id`; true once added. */
  const add = async (what: ParticipantSource, id: string): Promise<boolean> => {
    setAdding(true);
    setProblem(null);
    try {
      await addParticipants({ lesson: lesson.id, [what]: Number(id) });
      showNotice({ text: t('messages.success') });
      return true;
    } catch (error) {
      logUnexpected(error);
      setProblem(
        isAlreadyIn(error) ? t('schedule.alreadyIn') : failureText(error, t('messages.error')),
      );
      return false;
    } finally {
      setAdding(false);
      refresh();
    }
  };

  // A change shows at once (a controlled control must flip within its own event); it gives
  // way to the server's row once every change of that row has been saved and the list read
  // again: an earlier change's answer never takes back a later one still being saved.
  const [edits, setEdits] = useState<Record<number, Partial<Event>>>({});
  const saving = useRef(new Map<number, number>());
  // A row's changes are sent one after another, each with the version the one before left
  // (ADR 043); a change made on a version already refused as a conflict is dropped.
  const queues = useRef(new Map<number, Promise<void>>());
  const refused = useRef(new Map<number, number>());

  /** Saves one change of `row`, made while the screen showed its version `shown`. */
  const save = async (row: Event, body: Partial<Event>, shown: number) => {
    if (refused.current.get(row.id) === shown) return;
    const version = eventVersions.current(row.id, shown);
    try {
      const saved = await updateEvent(row.id, { ...body, version });
      eventVersions.record(row.id, version, saved.version);
    } catch (error) {
      const conflict = versionConflictOf(error);
      if (conflict) {
        refused.current.set(row.id, shown);
        showConflictNotice({
          t,
          locale: i18n.language,
          conflict,
          lead: t('schedule.marks.notSaved', { name: row.studentName }),
          reload: refresh,
        });
        return;
      }
      logUnexpected(error);
      showNotice({ text: failureText(error, t('messages.error')), tone: 'error' });
    }
  };

  const change = (row: Event, body: Partial<Event>) => {
    setEdits((current) => ({ ...current, [row.id]: { ...current[row.id], ...body } }));
    saving.current.set(row.id, (saving.current.get(row.id) ?? 0) + 1);
    const before = queues.current.get(row.id) ?? Promise.resolve();
    const saved: Promise<void> = before
      .then(() => save(row, body, row.version))
      .finally(() => {
        if (queues.current.get(row.id) === saved) queues.current.delete(row.id);
        void refreshSchedule(queryClient).finally(() => {
          const left = (saving.current.get(row.id) ?? 1) - 1;
          if (left > 0) {
            saving.current.set(row.id, left);
            return;
          }
          saving.current.delete(row.id);
          setEdits(({ [row.id]: _done, ...rest }) => rest);
        });
      });
    queues.current.set(row.id, saved);
  };

  const remove = (row: Event) =>
    deleteWithUndo(t, {
      key: api.event(row.id),
      send: () => deleteEvent(row.id),
      // nothing can refuse a participation's delete (ADR 025)
      check: null,
      text: t('schedule.participantRemoved', { name: row.studentName }),
      onSettled: refresh,
    });

  const rows = (events.data ?? [])
    .filter((row) => !pendingKeys.has(api.event(row.id)))
    .map((row) => ({ ...row, ...edits[row.id] }));
  // a row whose removal still waits for Undo is in the lesson yet: not offered again
  const taken = useMemo(() => studentsIn(events.data ?? []), [events.data]);

  return { rows, taken, isPending: events.isPending, adding, problem, add, change, remove };
}
