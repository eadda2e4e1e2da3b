import type { Readable } from 'node:stream';
import { and, sql } from 'drizzle-orm';
import { STUDENT_CSV_COLUMNS, studentInput } from '@school/contract/students';
import type { Db } from '../../db/client.js';
import { searchOver } from '../../db/list.js';
import { levels } from '../../db/schema/lookups.js';
import { students } from '../../db/schema/students.js';
import { groups, projects, users } from '../../db/schema/users.js';
import { updateMany } from '../../db/update-many.js';
import type { Lookups } from '../../plugins/csv-check.js';
import { csvStream, nameOf } from '../../plugins/csv-export.js';
import { csvImporter } from '../../plugins/csv-import.js';
import {
  studentColumns,
  studentsTable,
  studentsVisibleTo,
  type StudentFields,
  type StudentQuery,
} from './students.queries.js';
import { newHashCode } from './students.shared.js';

/** The lookups a students' file names, by column: names (or logins) in, names out. */
async function loadLookups(db: Db): Promise<Lookups> {
  const [responsible, project, level, groupe] = await Promise.all([
    db
      .select({
        id: users.id,
        name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        login: users.login,
      })
      .from(users),
    db.select({ id: projects.id, name: projects.name }).from(projects),
    db.select({ id: levels.id, name: levels.name }).from(levels),
    db.select({ id: groups.id, name: groups.name }).from(groups),
  ]);
  return { responsible, project, level, groupe };
}

/** Students per query of the export: it never holds more than one page of rows. */
const EXPORT_PAGE_ROWS = 1000;

type StudentRow = typeof students.$inferSelect;

/** Who exports: a teacher's export holds only their students (docs/roles.md, Students). */
type Viewer = { userId: number; role: string } | undefined;

const exportPage = (db: Db, query: StudentQuery, viewer: Viewer, after?: StudentRow) =>
  db
    .select()
    .from(students)
    .where(
      and(
        searchOver(query.search, studentsTable.search ?? []),
        studentsTable.filters?.(query),
        viewer && studentsVisibleTo(viewer),
        after && sql`(${students.surname}, ${students.id}) > (${after.surname}, ${after.id})`,
      ),
    )
    .orderBy(students.surname, students.id)
    .limit(EXPORT_PAGE_ROWS);

/** The students as filtered, ordered by surname and id, a page at a time (keyset paging). */
async function* studentPages(db: Db, query: StudentQuery, viewer: Viewer, first: StudentRow[]) {
  let page = first;
  for (;;) {
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_ROWS) return;
    page = await exportPage(db, query, viewer, last);
  }
}

/**
 * The students as the list filters and searches them, as CSV with lookup names (round-trips
 * through the import), streamed a page at a time. The hashCode stays out: it is a secret link.
 */
export async function exportStudentsCsv(
  db: Db,
  query: StudentQuery,
  viewer?: Viewer,
): Promise<Readable> {
  const [lookups, first] = await Promise.all([loadLookups(db), exportPage(db, query, viewer)]);
  const recordOf = (s: StudentRow) => [
    String(s.id),
    s.name,
    s.surname,
    s.email,
    s.telegramUsername,
    s.facebook,
    s.gMeetId,
    s.gdocument,
    s.gDictionaryUa,
    s.gDictionaryEng,
    s.schedule,
    s.ocupation,
    s.location,
    nameOf(lookups.responsible ?? [], s.responsibleId),
    nameOf(lookups.project ?? [], s.projectId),
    nameOf(lookups.level ?? [], s.levelId),
    nameOf(lookups.groupe ?? [], s.groupId),
    s.timezone,
    s.hasBroadcast ? '1' : '0',
  ];
  return csvStream(STUDENT_CSV_COLUMNS, studentPages(db, query, viewer, first), recordOf);
}

/** A Telegram username as the messenger compares it: no leading @, any case. */
const telegramKey = (username: string) => username.replace(/^@/, '').toLowerCase();

/** For each row, the existing student it matches by e-mail or Telegram username (any case). */
async function matchExisting(db: Db, rows: StudentFields[]) {
  const emails = [...new Set(rows.map((r) => r.email.toLowerCase()).filter(Boolean))];
  const usernames = [...new Set(rows.map((r) => telegramKey(r.telegramUsername)).filter(Boolean))];
  if (emails.length === 0 && usernames.length === 0) return rows.map(() => null);
  const { rows: existing } = await db.execute<{
    id: number;
    email: string;
    telegram_username: string;
  }>(sql`select ${students.id} as id, ${students.email} as email,
      ${students.telegramUsername} as telegram_username
    from ${students}
    where lower(${students.email}) = any(${sql.param(emails)}::text[])
      or lower(ltrim(${students.telegramUsername}, '@')) = any(${sql.param(usernames)}::text[])`);
  const byEmail = new Map(
    existing.filter((e) => e.email).map((e) => [e.email.toLowerCase(), e.id]),
  );
  const byUsername = new Map(
    existing
      .filter((e) => e.telegram_username)
      .map((e) => [telegramKey(e.telegram_username), e.id]),
  );
  return rows.map(
    (row) =>
      (row.email ? byEmail.get(row.email.toLowerCase()) : undefined) ??
      (row.telegramUsername ? byUsername.get(telegramKey(row.telegramUsername)) : undefined) ??
      null,
  );
}

/**
 * The students' import: a row updates the student it matches by e-mail or Telegram username,
 * else creates one (with its own hashCode, so its deep link works at once).
 */
export const studentsImporter = csvImporter<StudentFields>({
  columns: STUDENT_CSV_COLUMNS,
  noun: 'student',
  required: 'name',
  fieldOf: { responsible: 'responsibleId' },
  flags: ['hasBroadcast'],
  loadLookups,
  schema: studentInput,
  match: matchExisting,
  sample: {
    columns: ['name', 'surname', 'email', 'telegramUsername'],
    values: (s) => ({
      name: s.name,
      surname: s.surname,
      email: s.email,
      telegramUsername: s.telegramUsername,
    }),
  },
  history: { entity: 'students', table: students },
  async write(tx, batch) {
    const created =
      batch.create.length === 0
        ? []
        : await tx
            .insert(students)
            .values(
              batch.create.map((fields) => ({
                ...studentColumns(fields),
                name: fields.name,
                hashCode: newHashCode(),
              })),
            )
            .returning();
    await updateMany(
      tx,
      students,
      batch.update.map(({ id, fields }) => ({ id, columns: studentColumns(fields) })),
    );
    return created;
  },
});
