import type { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import type { Event, EventBatch, eventInput, eventUpdate } from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { HttpError, notFound, sqlStateOf } from '../../plugins/errors.js';
import { setsNothing } from '../../plugins/resource.js';
import { requireStudent } from '../students/students.shared.js';
import {
  addParticipants,
  findEvent,
  insertEvent,
  removeParticipant,
  setEvent,
  studentsOfGroup,
} from './events.queries.js';
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
export async function addToLesson(db: Db, input: EventInput): Promise<Event | EventBatch> {
  const { lesson: lessonId, student, groupe, scope, ...fields } = input;
  const lesson = await findLesson(db, lessonId);
  if (!lesson) throw doesNotExist('lesson');
  const following = (scope ?? 'following') === 'following';
  if (student) return addStudent(db, lesson, student, fields, following);
  await requireReferences(db, { groupe });
  const members = await studentsOfGroup(db, groupe ?? 0);
  const made = await db.transaction((tx) =>
    addParticipants(tx, lesson, members, fields, following),
  );
  const created = await Promise.all(made.map((m) => findEvent(db, m.id)));
  const madeFor = new Set(made.map((m) => m.student));
  return {
    created: created.filter((e) => e !== undefined),
    skipped: members.filter((id) => !madeFor.has(id)),
  };
}

async function addStudent(
  db: Db,
  lesson: Lesson,
  student: number,
  fields: EventFields,
  following: boolean,
): Promise<Event> {
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
    return one;
  });
  const created = made && (await findEvent(db, made.id));
  if (!created) throw notFound(NO_EVENT);
  return created;
}

/** Marks attendance, payment, notes or homework; a body that sets nothing changes nothing. */
export async function updateEvent(db: Db, id: number, body: z.output<typeof eventUpdate>) {
  const current = await findEvent(db, id);
  if (!current) throw notFound(NO_EVENT);
  if (setsNothing(body)) return current;
  await setEvent(db, id, body);
  const updated = await findEvent(db, id);
  if (!updated) throw notFound(NO_EVENT);
  return updated;
}

/** Removes a participant; with `following` also from the later lessons of the series. */
export function removeEvent(db: Db, id: number, following: boolean) {
  return db.transaction((tx) => removeParticipant(tx, id, following));
}
