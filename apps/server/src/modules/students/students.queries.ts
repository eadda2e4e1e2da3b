import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DOCUMENT_EXPIRY_DAYS,
  type studentInput,
  type studentListQuery,
} from '@school/contract/students';
import type { TableDescription } from '../../db/resource.js';
import { studentDocuments, students } from '../../db/schema/students.js';

export type StudentFields = z.output<typeof studentInput>;
export type StudentQuery = z.output<typeof studentListQuery>;

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
};
