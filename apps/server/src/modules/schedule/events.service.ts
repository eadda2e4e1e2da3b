import type { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import type { Event, EventBatch, eventInput, eventUpdate } from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { HttpError, notFound, sqlStateOf } from '../../plugins/errors.js';
import { setsNothing } from '../../plugins/resource.js';
import { checkVersion, guardVersion } from '../../plugins/versions.js';
import { setPaid, withEventCorrections } from '../money/money.shared.js';
import { requireStudent, studentsVisibleTo } from '../students/students.shared.js';
import {
  addParticipants,
  findEvent,
  insertEvent,
  listEvents,
  lockedTeacherOfEvent,
  removeParticipant,
  setEvent,
  studentsOfGroup,
  type TaughtEvent,
} from './events.queries.js';
import { requireFields, requireLessonWrite, seesAmounts, type Viewer } from './schedule.access.js';
import { findLesson, requireReferences } from './lessons.queries.js';

type EventInput = z.output<typeof eventInput>;
type EventFields = Omit<EventInput, 'lesson' | 'student' | 'groupe' | 'scope'>;
type Lesson = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

export const NO_EVENT = 'No such participation';
const ALREADY_IN = 'takes part in this lesson already';

const doesNotExist = (field: string) =>
  new HttpError(400, errorCodes.validation, `Invalid ${field}: it does not exist`, {
    [field]: 'does not exist',
  });

/**
 * Adds a student, or every student of a groupe, to a lesson; with scope 'following' (the
 * default) to the series and its later lessons too. A student answers the participation, a
 * groupe the ones made and the students skipped (in the lesson already).
 */
export async function addToLesson(
  db: Db,
  viewer: Viewer,
  input: EventInput,
): Promise<Event | EventBatch> {
  const { lesson: lessonId, student, groupe, scope, ...fields } = input;
  const lesson = await findLesson(db, lessonId);
  if (!lesson) throw doesNotExist('lesson');
  requireLessonWrite(viewer, 'participations', 'create', lesson.teacher);
  const following = (scope ?? 'following') === 'following';
  if (student) return eventFor(viewer, await addStudent(db, lesson, student, fields, following));
  await requireReferences(db, { groupe });
  const members = await studentsOfGroup(db, groupe ?? 0);
  const made = await db.transaction(async (tx) => {
    const rows = await addParticipants(tx, lesson, members, fields, following);
    // ticked as they are added: a 'marked paid' payment each, as a PUT isPaid=true records it
    if (fields.isPaid) {
      const byStudent = [...rows].sort((a, b) => a.student - b.student);
      for (const row of byStudent) await setPaid(db, tx, row.id, true);
    }
    return rows;
  });
  const created = await Promise.all(made.map((m) => findEvent(db, m.id)));
  const madeFor = new Set(made.map((m) => m.student));
  return {
    created: created.filter((e) => e !== undefined).map((e) => eventFor(viewer, e)),
    skipped: members.filter((id) => !madeFor.has(id)),
  };
}

async function addStudent(
  db: Db,
  lesson: Lesson,
  student: number,
  fields: EventFields,
  following: boolean,
): Promise<TaughtEvent> {
  await requireStudent(db, student).catch(() => {
    throw doesNotExist('student');
  });
  const made = await db.transaction(async (tx) => {
    // one participation per student and lesson: a second one, even at the same moment, is refused
    const one = await insertEvent(tx, { lessonId: lesson.id, studentId: student, ...fields }).catch(
      (err: unknown) => {
        if (sqlStateOf(err) === '23505') {
          throw new HttpError(409, errorCodes.conflict, `Invalid student: ${ALREADY_IN}`, {
            student: ALREADY_IN,
          });
        }
        throw err;
      },
    );
    if (following) await addParticipants(tx, lesson, [student], fields, true);
    if (one && fields.isPaid) await setPaid(db, tx, one.id, true);
    return one;
  });
  const created = made && (await findEvent(db, made.id));
  if (!created) throw notFound(NO_EVENT);
  return created;
}

/**
 * A participation as `viewer` may see it (docs/roles.md, Amounts): a teacher has no amount of
 * another teacher's lesson.
 */
export function eventFor(viewer: Viewer, e: TaughtEvent): Event {
  const { lessonTeacher, ...shown } = e;
  return seesAmounts(viewer, lessonTeacher) ? shown : { ...shown, amount: null, covered: null };
}

/**
 * A lesson's participants or a student's participations, as `viewer` may see them: a teacher
 * only those of their students, filtered in SQL so the total counts only those (docs/roles.md).
 */
export async function listEventsAs(db: Db, viewer: Viewer, q: Parameters<typeof listEvents>[1]) {
  const page = await listEvents(db, q, studentsVisibleTo(viewer));
  return { rows: page.rows.map((e) => eventFor(viewer, e)), total: page.total };
}

/**
 * Marks attendance, payment, notes or homework; a body that sets nothing changes nothing. Reach
 * `own` (a teacher): only a participation of their own lesson, only the fields the right names
 * (attendance), the lesson's teacher read under lock in the change's transaction; else 403.
 */
export async function updateEvent(
  db: Db,
  viewer: Viewer,
  id: number,
  body: z.output<typeof eventUpdate>,
): Promise<Event> {
  const current = await findEvent(db, id);
  if (!current) throw notFound(NO_EVENT);
  requireLessonWrite(viewer, 'participations', 'update', current.lessonTeacher);
  requireFields(viewer, 'participations', 'update', body);
  // ADR 038: a change made on an older version changes nothing; checked again on the locked row
  const found = await guardVersion(db, { entity: 'events', id, current }, body.version, () =>
    setsNothing(body)
      ? Promise.resolve(true)
      : db.transaction(async (tx) => {
          const row = await lockedTeacherOfEvent(tx, id);
          if (!row) return false;
          checkVersion(row, body.version);
          requireLessonWrite(viewer, 'participations', 'update', row.teacher);
          // a participation whose charge is due gets a correcting entry (docs/money.md); the
          // column keeps the tick asked for, for the record history; isPaid is read derived
          await withEventCorrections(db, tx, id, () => setEvent(tx, id, body));
          // isPaid is derived: ticking it records or voids a 'marked paid' payment (docs/money.md)
          const { isPaid } = body;
          if (isPaid !== undefined) await setPaid(db, tx, id, isPaid);
          return true;
        }),
  );
  if (setsNothing(body)) return eventFor(viewer, current);
  const updated = found && (await findEvent(db, id));
  if (!updated) throw notFound(NO_EVENT);
  return eventFor(viewer, updated);
}

/**
 * 404 unless participation `id` exists and its student is one `viewer` may see: a teacher's
 * call about another teacher's student answers as if there were no such participation.
 */
export async function requireVisibleEvent(db: Db, viewer: Viewer, id: number) {
  const found = await findEvent(db, id, studentsVisibleTo(viewer));
  if (!found) throw notFound(NO_EVENT);
  return found;
}

/** Removes a participant; with `following` also from the later lessons of the series. */
export function removeEvent(db: Db, viewer: Viewer, id: number, following: boolean) {
  return db.transaction(async (tx) => {
    const row = await lockedTeacherOfEvent(tx, id);
    if (!row) return false;
    requireLessonWrite(viewer, 'participations', 'delete', row.teacher);
    return withEventCorrections(db, tx, id, () => removeParticipant(tx, id, following));
  });
}
