import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, version } from './columns.js';
import { attendanceStatuses } from './lookups.js';
import { students } from './students.js';
import { groups, users } from './users.js';

/** The columns a lesson and its series share: a series is the template of its lessons. */
const lessonTemplate = () => ({
  start: time('start').notNull(),
  end: time('end').notNull(),
  /** zł per hour */
  price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
  /** minutes */
  duration: numeric('duration', { precision: 8, scale: 2 }).notNull(),
  groupId: integer('group_id').references(() => groups.id),
  teacherId: integer('teacher_id').references(() => users.id),
  hasBroadcast: boolean('has_broadcast').notNull().default(false),
  course: text('course').notNull().default(''),
  comment: text('comment').notNull().default(''),
  resources: text('resources').notNull().default(''),
});

/**
 * A weekly series (isCycled 1): the template its lessons are made from, one a week from
 * `startsOn`, kept materialised up to `materialisedUntil` (ADR 018).
 */
export const lessonSeries = pgTable('lesson_series', {
  id: id(),
  startsOn: date('starts_on').notNull(),
  /** the last slot of a series that was ended ('following' delete or move); null: open */
  endsOn: date('ends_on'),
  /** the last slot made into a lesson */
  materialisedUntil: date('materialised_until').notNull(),
  ...lessonTemplate(),
  createdAt: createdAt(),
});

/** The students of a series: they are copied into each lesson the series makes. */
export const lessonSeriesStudents = pgTable(
  'lesson_series_students',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => lessonSeries.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    toPay: smallint('to_pay').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.studentId] })],
);

/** Lesson (docs/data-model.md): one concrete meeting on a date. */
export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    version: version(),
    date: date('date').notNull(),
    ...lessonTemplate(),
    homework: text('homework').notNull().default(''),
    seriesId: integer('series_id').references(() => lessonSeries.id, { onDelete: 'set null' }),
    /** the week slot of its series this lesson stands for; stays when the lesson is moved */
    slotDate: date('slot_date'),
    nextId: integer('next_id').references((): AnyPgColumn => lessons.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    /**
     * when what a calendar feed shows of the lesson last changed, and how many times it did:
     * its LAST-MODIFIED and SEQUENCE (docs/schedule.md, Calendar feed); kept by a trigger
     * (migration 0021) so that every write, a series' too, counts
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [
    unique('lessons_series_slot_unique').on(t.seriesId, t.slotDate),
    index('lessons_date_idx').on(t.date, t.start),
    index('lessons_teacher_date_idx').on(t.teacherId, t.date),
    index('lessons_group_idx').on(t.groupId),
    check('lessons_end_after_start', sql`${t.end} > ${t.start}`),
    check('lessons_duration_positive', sql`${t.duration} > 0`),
    check('lessons_price_not_negative', sql`${t.price} >= 0`),
  ],
);

/** Event (docs/data-model.md): a student's participation in a lesson; one per student and lesson. */
export const events = pgTable(
  'events',
  {
    id: id(),
    version: version(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** a student who took part in lessons is not deleted (409 linked) */
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    toPay: smallint('to_pay').notNull().default(0),
    /** an attendance status (docs/money.md): 0 not marked, 1 present, 2 to 5 absences */
    attendence: smallint('attendence')
      .notNull()
      .default(0)
      .references(() => attendanceStatuses.id),
    isPaid: boolean('is_paid').notNull().default(false),
    notes: text('notes').notNull().default(''),
    /** the participant's own date and times; null: the lesson's */
    date: date('date'),
    start: time('start'),
    end: time('end'),
    homework: text('homework').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    unique('events_lesson_student_unique').on(t.lessonId, t.studentId),
    index('events_student_idx').on(t.studentId),
    // the participations on a day other than their lesson's, by that day (the week's clashes)
    index('events_moved_idx')
      .on(t.date)
      .where(sql`${t.date} is not null`),
  ],
);
