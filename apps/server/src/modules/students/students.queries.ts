import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DOCUMENT_EXPIRY_DAYS,
  type DocumentListQuery,
  type studentInput,
  type studentListQuery,
} from '@school/contract/students';
import type { Db, Tx } from '../../db/client.js';
import { recordChange } from '../../db/history.js';
import type { TableDescription } from '../../db/resource.js';
import { botUsers } from '../../db/schema/bot.js';
import { clients } from '../../db/schema/clients.js';
import { gameResults } from '../../db/schema/games.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { studentDocuments, students } from '../../db/schema/students.js';

export type StudentFields = z.output<typeof studentInput>;
export type StudentQuery = z.output<typeof studentListQuery>;

/** docs/bot.md, Deep links: the messenger start link carrying the student's hashCode. */
export const deepLinkOf = (botUsername: string | undefined, hashCode: string) =>
  botUsername ? `https://t.me/${botUsername}?start=${hashCode}` : null;

/** hashCode (docs/api.md, Ids and hashCodes): 22 URL-safe characters. */
export const newHashCode = () => randomBytes(16).toString('base64url');

/** A student's fields as the table's columns (undefined: not set). */
export function studentColumns(s: Partial<StudentFields>) {
  return {
    name: s.name,
    surname: s.surname,
    email: s.email,
    gMeetId: s.gMeetId,
    gdocument: s.gdocument,
    gDictionaryUa: s.gDictionaryUa,
    gDictionaryEng: s.gDictionaryEng,
    telegramUsername: s.telegramUsername,
    facebook: s.facebook,
    schedule: s.schedule,
    ocupation: s.ocupation,
    location: s.location,
    responsibleId: s.responsibleId,
    projectId: s.project,
    levelId: s.level,
    groupId: s.groupe,
    timezone: s.timezone,
    hasBroadcast: s.hasBroadcast,
  };
}

/**
 * The students a session may see and change (docs/roles.md, Students): a teacher only those
 * who take part in one of the teacher's lessons, past or future; undefined (every student)
 * for an admin or a manager. The one place this rule is written: lists, the export and every
 * call by id use it.
 */
export function studentsVisibleTo(session: { userId: number; role: string }): SQL | undefined {
  if (session.role !== 'teacher') return undefined;
  return sql`exists (select 1 from ${events} e join ${lessons} l on l.id = e.lesson_id
    where e.student_id = ${students.id} and l.teacher_id = ${session.userId})`;
}

/** Whether student `id` exists and the session may see it (studentsVisibleTo). */
export async function isStudentVisible(
  db: Db,
  session: { userId: number; role: string },
  id: number,
): Promise<boolean> {
  const [found] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, id), studentsVisibleTo(session)));
  return found !== undefined;
}

/** The students' list as a session sees it: studentsTable within studentsVisibleTo. */
export function studentsTableFor(session: {
  userId: number;
  role: string;
}): TableDescription<typeof students, StudentQuery> {
  const visible = studentsVisibleTo(session);
  if (!visible) return studentsTable;
  return { ...studentsTable, filters: (q) => and(studentsTable.filters?.(q), visible) };
}

/** A student has a document whose end date falls within the next DOCUMENT_EXPIRY_DAYS days. */
const hasExpiringDocument = sql`exists (select 1 from ${studentDocuments} d
  where d.student_id = ${students.id}
    and d.date_to between current_date and current_date + ${DOCUMENT_EXPIRY_DAYS}::int)`;

/** The students' list: its search, sorts and filters (the list and the CSV export). */
export const studentsTable: TableDescription<typeof students, StudentQuery> = {
  table: students,
  search: [students.name, students.surname, students.email, students.telegramUsername],
  sort: {
    id: students.id,
    name: students.name,
    surname: students.surname,
    email: students.email,
    telegramUsername: students.telegramUsername,
    location: students.location,
    createdAt: students.createdAt,
  },
  defaultSort: 'surname',
  filters: (q) =>
    and(
      q.project ? eq(students.projectId, q.project) : undefined,
      q.level ? eq(students.levelId, q.level) : undefined,
      q.groupe ? eq(students.groupId, q.groupe) : undefined,
      q.responsibleId ? eq(students.responsibleId, q.responsibleId) : undefined,
      q.client ? eq(students.clientId, q.client) : undefined,
      q.documentsExpiring ? hasExpiringDocument : undefined,
    ),
  // the results of the games they played go with them (docs/history.md)
  dependents: [
    { entity: 'gameresults', table: gameResults, of: (id) => eq(gameResults.studentId, id) },
  ],
};

export type StudentRow = typeof students.$inferSelect;

/** A student's documents: their search and sorts, the soonest to end first. */
export const documentsOfStudent: TableDescription<
  typeof studentDocuments,
  DocumentListQuery & { student: number }
> = {
  table: studentDocuments,
  search: [studentDocuments.name, studentDocuments.number, studentDocuments.carRegistrNum],
  sort: {
    id: studentDocuments.id,
    name: studentDocuments.name,
    number: studentDocuments.number,
    dateFrom: studentDocuments.dateFrom,
    // ascending: the soonest to end first, those without an end last
    dateTo: studentDocuments.dateTo,
  },
  defaultSort: 'dateTo',
  filters: (q) => eq(studentDocuments.studentId, q.student),
};

/** The student of document `id`; undefined: no such document. */
export async function studentOfDocument(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ student: studentDocuments.studentId })
    .from(studentDocuments)
    .where(eq(studentDocuments.id, id));
  return row?.student;
}

/** A new student with a new hashCode. */
export async function insertStudent(db: Db, input: StudentFields): Promise<StudentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(students)
      .values({ ...studentColumns(input), name: input.name, hashCode: newHashCode() })
      .returning();
    if (!row) throw new Error('student not created');
    await recordChange(tx, { action: 'create', entity: 'students', entityId: row.id, after: row });
    return row;
  });
}

/**
 * A new hashCode: the old deep link stops working, and the messenger accounts linked by it
 * are unlinked with it (ADR 019). Undefined: no such student.
 */
export function renewHashCode(db: Db, id: number): Promise<StudentRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(students).where(eq(students.id, id)).for('update');
    if (!before) return undefined;
    const [updated] = await tx
      .update(students)
      .set({ hashCode: newHashCode() })
      .where(eq(students.id, id))
      .returning();
    if (!updated) return undefined;
    await tx.delete(botUsers).where(eq(botUsers.studentId, updated.id));
    // an update of its record whose one change is a secret (docs/history.md, Secrets)
    await recordChange(tx, {
      action: 'update',
      entity: 'students',
      entityId: id,
      before,
      after: updated,
    });
    return updated;
  });
}

/**
 * The student made of client `clientId`: made now (`created`), or the one made before (a
 * client becomes a student once, even at the same moment). Undefined: no such client.
 */
export async function studentOfClient(db: Db, clientId: number) {
  return db.transaction(async (tx) => studentOfClientIn(tx, clientId));
}

async function studentOfClientIn(db: Tx, clientId: number) {
  const made = await db.execute<{ id: number }>(sql`
    insert into ${students} (name, surname, email, telegram_username, facebook, timezone,
      project_id, responsible_id, client_id, hash_code)
    select first_name, last_name, email, telegram_username, facebook, timezone,
      project_id, responsible_id, id, ${newHashCode()}
    from ${clients} where id = ${clientId}
    on conflict (client_id) do nothing
    returning id`);
  const newId = made.rows[0]?.id;
  const [row] = await db
    .select()
    .from(students)
    .where(newId ? eq(students.id, newId) : eq(students.clientId, clientId));
  if (row && newId !== undefined) {
    await recordChange(db, { action: 'create', entity: 'students', entityId: newId, after: row });
  }
  return row && { row, created: newId !== undefined };
}
