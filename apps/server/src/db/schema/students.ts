import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, version } from './columns.js';
import { clients } from './clients.js';
import { levels } from './lookups.js';
import { groups, projects, users } from './users.js';

/** Student (docs/data-model.md): a learner of the school. */
export const students = pgTable(
  'students',
  {
    id: id(),
    version: version(),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    email: text('email').notNull().default(''),
    gMeetId: text('g_meet_id').notNull().default(''),
    gdocument: text('gdocument').notNull().default(''),
    gDictionaryUa: text('g_dictionary_ua').notNull().default(''),
    gDictionaryEng: text('g_dictionary_eng').notNull().default(''),
    telegramUsername: text('telegram_username').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    schedule: text('schedule').notNull().default(''),
    ocupation: text('ocupation').notNull().default(''),
    location: text('location').notNull().default(''),
    responsibleId: integer('responsible_id').references(() => users.id),
    projectId: integer('project_id').references(() => projects.id),
    levelId: integer('level_id').references(() => levels.id),
    groupId: integer('group_id').references(() => groups.id),
    timezone: text('timezone').notNull().default(''),
    hasBroadcast: boolean('has_broadcast').notNull().default(false),
    hashCode: text('hash_code').notNull().unique(),
    /**
     * The payment reference a transfer's title carries (docs/money.md, How a learner pays; ADR
     * 040): six characters drawn by the database when the student is made, whoever makes them
     * (a form, an import, a client made a student), never changed.
     */
    paymentReference: text('payment_reference')
      .notNull()
      .default(sql`new_payment_reference()`),
    /** the client it was made from: one student per client; the student stays if it goes */
    clientId: integer('client_id')
      .unique()
      .references(() => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('students_name_idx').on(t.name, t.surname),
    index('students_email_idx').on(sql`lower(${t.email})`),
    index('students_responsible_idx').on(t.responsibleId),
    index('students_project_idx').on(t.projectId),
    index('students_level_idx').on(t.levelId),
    index('students_group_idx').on(t.groupId),
    uniqueIndex('students_payment_reference_unique').on(t.paymentReference),
  ],
);

/** Student document (docs/data-model.md); a student with documents is not deleted (409 linked). */
export const studentDocuments = pgTable(
  'student_documents',
  {
    id: id(),
    version: version(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    name: text('name').notNull(),
    number: text('number').notNull().default(''),
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
    carRegistrNum: text('car_registr_num').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_documents_student_idx').on(t.studentId),
    index('student_documents_date_to_idx').on(t.dateTo),
  ],
);

/**
 * The days a student opened their own page (docs/learner-page.md): one row a day at most, shown
 * in the student's timeline. Goes with the student.
 */
export const studentPageViews = pgTable(
  'student_page_views',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** the school's date of the first opening that day */
    day: date('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('student_page_views_student_day_unique').on(t.studentId, t.day)],
);
