import { z } from 'zod';
import {
  conflictErrorBody,
  recordVersion,
  formDecimal,
  formInteger,
  formPrice,
  listQueryWith,
  optionalId,
  text,
  updateOf,
  queryFlag,
} from './common.js';

/** docs/schedule.md: isCycled 1 yes (a weekly series), 2 no. */
export const CYCLED_YES = 1;
export const CYCLED_NO = 2;
/** docs/schedule.md: each series is kept materialised at least this many weeks ahead. */
export const SERIES_WEEKS_AHEAD = 8;
/** toPay (docs/schedule.md, Attendance and payment): 0 not set, 1 pays, 2 does not pay; 0 and 1 count in the amount. */
export const TO_PAY_VALUES = [0, 1, 2] as const;
/** attendence (docs/schedule.md, Attendance and payment): 1 present, 0 neutral (not yet marked), 2 to 5 absences (docs/money.md, Attendance statuses). */
export const ATTENDENCE_PRESENT = 1;
export const ATTENDENCE_NEUTRAL = 0;
export const ATTENDENCE_ABSENT = 2;

export const END_ORDER_MESSAGE = 'must be after the start';
export const CLASH_CODE = 'clash';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A wall-clock time HH:MM in the school's time zone; HH:MM:SS from a form is cut to minutes. */
export const lessonTime = z.preprocess(
  (v) => (typeof v === 'string' && /^\d\d:\d\d:\d\d$/.test(v) ? v.slice(0, 5) : v),
  z.string({ error: 'is required' }).regex(TIME, 'must be a time HH:MM'),
);
const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });

/** Who a clash is with: the teacher or a participant, busy in another lesson. */
export const lessonClash = z
  .object({
    date: z.string(),
    kind: z.enum(['teacher', 'student']),
    /** the user's or the student's id */
    id: z.number().int(),
    name: z.string(),
    /** the other lesson, at start-end */
    lesson: z.number().int(),
    /** the other lesson's course, '' without one */
    course: z.string(),
    start: z.string(),
    end: z.string(),
  })
  .meta({ id: 'LessonClash' });
export type LessonClash = z.infer<typeof lessonClash>;

/** 409 'clash': the lesson would overlap a busy teacher or participant; `force: true` overrides. */
export const clashErrorBody = conflictErrorBody
  .extend({ clashes: z.array(lessonClash).optional() })
  .meta({ id: 'ClashError' });
export type ClashErrorBody = z.infer<typeof clashErrorBody>;

/** Lesson (docs/data-model.md), as the API answers it, with its amount and the amount's inputs (docs/schedule.md). */
export const lesson = z
  .object({
    id: z.number().int(),
    date: z.string(),
    start: z.string(),
    end: z.string(),
    /** zł per hour; null for a teacher when it is another teacher's lesson (docs/roles.md) */
    price: z.number().nullable(),
    /** minutes */
    duration: z.number(),
    groupe: z.number().int().nullable(),
    teacher: z.number().int().nullable(),
    /** first and last name of the teacher, '' without one */
    teacherName: z.string(),
    isCycled: z.union([z.literal(CYCLED_YES), z.literal(CYCLED_NO)]),
    hasBroadcast: z.boolean(),
    course: z.string(),
    comment: z.string(),
    resources: z.string(),
    homework: z.string(),
    /** the next week's lesson of its series */
    nextId: z.number().int().nullable(),
    /** the weekly series it belongs to (isCycled 1) */
    series: z.number().int().nullable(),
    /** participants (events) */
    participants: z.number().int(),
    /**
     * true when `GET /api/events?lesson=` lists only the viewer's own students of it (a teacher
     * on another teacher's lesson), so the others are hidden, not absent; `participants` counts
     * them all (docs/roles.md)
     */
    participantsHidden: z.boolean(),
    /** participants whose toPay is 0 or 1; null for a teacher when it is another teacher's lesson (docs/roles.md) */
    payers: z.number().int().nullable(),
    /** price / 60 × duration × payers, two decimals; null for a teacher when it is another teacher's lesson (docs/roles.md) */
    amount: z.number().nullable(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'Lesson' });
export type Lesson = z.infer<typeof lesson>;

const lessonShape = z.object({
  date: isoDate,
  start: lessonTime,
  end: lessonTime,
  price: formPrice(),
  /** minutes; when left out, the minutes from start to end */
  duration: formDecimal(
    z
      .number({ error: 'must be a number' })
      .positive('must be more than 0')
      .max(24 * 60)
      .multipleOf(0.01, 'must have at most two decimals'),
  ).optional(),
  groupe: optionalId.default(null),
  teacher: optionalId.default(null),
  isCycled: formInteger(z.union([z.literal(CYCLED_YES), z.literal(CYCLED_NO)])).default(CYCLED_NO),
  hasBroadcast: z.boolean().default(false),
  course: text(200),
  comment: text(2000),
  resources: text(2000),
  homework: text(2000),
});

const timesInOrder = (l: { start?: string; end?: string }) => !l.start || !l.end || l.end > l.start;

/** Overrides a clash (409 'clash'): the lesson is saved although someone is busy then. */
const force = z.boolean().optional();

export const lessonInput = lessonShape
  .extend({ force })
  .refine(timesInOrder, { path: ['end'], message: END_ORDER_MESSAGE })
  .meta({ id: 'LessonWrite' });
export type LessonInput = z.input<typeof lessonInput>;

/** Which occurrences of a series a change or delete applies to. */
export const seriesScope = z.enum(['this', 'following']);
export type SeriesScope = z.infer<typeof seriesScope>;

/**
 * An update; with a date it moves the lesson. For a series member `scope` 'this' (default)
 * changes that occurrence only, 'following' also every later one (a date then moves the series
 * to the new weekday). isCycled is not changed by an update.
 */
export const lessonUpdate = updateOf(lessonShape.omit({ isCycled: true }))
  .extend({ force, scope: seriesScope.optional() })
  .refine(timesInOrder, { path: ['end'], message: END_ORDER_MESSAGE })
  .meta({ id: 'LessonUpdate' });
export type LessonUpdate = z.input<typeof lessonUpdate>;

const filterId = z.coerce.number().int().positive().optional();

export const lessonListQuery = listQueryWith(['date', 'start', 'id']).extend({
  date: isoDate.optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  teacher: filterId,
  groupe: filterId,
  series: filterId,
});
export type LessonListQuery = z.input<typeof lessonListQuery>;

/** DELETE /api/lessons/{id}?scope= and the preview of a change or delete. */
export const scopeQuery = z.object({ scope: seriesScope.default('this') });

/** What a change or delete with that scope would touch (GET /api/lessons/{id}/affected). */
export const affectedLessons = z
  .object({
    scope: seriesScope,
    lessons: z.array(
      z.object({
        id: z.number().int(),
        date: z.string(),
        start: z.string(),
        end: z.string(),
        participants: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AffectedLessons' });
export type AffectedLessons = z.infer<typeof affectedLessons>;

/**
 * GET /api/lessons/{id}/alternatives: only dates whose start is ahead of now in the school's
 * zone are offered (docs/schedule.md, Alternative dates); `tz`, an IANA zone, is still checked
 * (400 when unknown) but no longer changes the answer.
 */
export const alternativesQuery = z.object({ tz: z.string().trim().max(100).optional() });

/** A date a cycled lesson could move to (docs/schedule.md, Alternative dates). */
export const alternativeDate = z
  .object({
    date: z.string(),
    /** 1 Monday … 7 Sunday */
    dayOfWeek: z.number().int(),
    status: z.enum(['free', 'clashing']),
    clashes: z.array(lessonClash),
  })
  .meta({ id: 'AlternativeDate' });
export type AlternativeDate = z.infer<typeof alternativeDate>;

/**
 * GET /api/schedule and /api/schedule/infopanel: cycled=1 the weekly template, else bias=N
 * (the Monday–Sunday week N weeks from the current one) or dateFrom/dateTo (every day, at most
 * 92). `tz` is the IANA zone "the current week" is taken in; the session's zone otherwise.
 */
export const SCHEDULE_MAX_DAYS = 92;
export const scheduleQuery = z
  .object({
    cycled: queryFlag('The weekly template (yes) instead of dated weeks'),
    bias: z.coerce.number().int().min(-520).max(520).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    tz: z.string().trim().max(100).optional(),
    teacher: filterId,
    groupe: filterId,
    search: z.string().trim().max(200).optional(),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateTo >= q.dateFrom, {
    path: ['dateTo'],
    message: 'must not be before dateFrom',
  });
export type ScheduleQuery = z.input<typeof scheduleQuery>;

/**
 * A lesson on the schedule's days, with whom it clashes as it stands (docs/schedule.md,
 * Clashes: saved anyway); none in the weekly template.
 */
export const scheduleLesson = lesson
  .extend({ clashes: z.array(lessonClash) })
  .meta({ id: 'ScheduleLesson' });
export type ScheduleLesson = z.infer<typeof scheduleLesson>;

/** Schedule day (docs/data-model.md). id: the date, or 'cycled-N' for the template's day N. */
export const scheduleDay = z
  .object({
    id: z.string(),
    date: z.string(),
    /** 1 Monday … 7 Sunday */
    dayOfWeek: z.number().int(),
    /** the sum of its lessons' amounts; for a teacher of their own lessons only (docs/roles.md) */
    earned: z.number(),
    hours: z.number(),
    lessons: z.array(scheduleLesson),
  })
  .meta({ id: 'ScheduleDay' });
export type ScheduleDay = z.infer<typeof scheduleDay>;

/** Info piece (docs/data-model.md); id is a stable key (a dictionary key in the web app). */
export const infoPiece = z
  .object({ id: z.string(), name: z.string(), value: z.number() })
  .meta({ id: 'InfoPiece' });
export type InfoPiece = z.infer<typeof infoPiece>;

/** Event (docs/data-model.md): a student's participation in a lesson. */
export const event = z
  .object({
    id: z.number().int(),
    student: z.number().int(),
    studentName: z.string(),
    lesson: z.number().int(),
    /** the lesson's course, to name it in a student's list */
    lessonCourse: z.string(),
    toPay: z.number().int(),
    attendence: z.number().int(),
    isPaid: z.boolean(),
    notes: z.string(),
    /** the lesson's date, start and end unless the event has its own */
    date: z.string(),
    start: z.string(),
    end: z.string(),
    homework: z.string(),
    /** this participant's share: price / 60 × duration, 0 when toPay is 2; null for a teacher when it is another teacher's lesson (docs/roles.md) */
    amount: z.number().nullable(),
    /** what payments and credits cover of its due charge (docs/money.md, What covers what); null where the amount is */
    covered: z.number().nullable(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof event>;

const eventFields = {
  toPay: formInteger(z.union(TO_PAY_VALUES.map((v) => z.literal(v)))).default(0),
  /** an attendance status 0 to 5 (docs/money.md, Attendance statuses) */
  attendence: formInteger(
    z.number().int().min(0, 'must be 0 to 5').max(5, 'must be 0 to 5'),
  ).default(ATTENDENCE_NEUTRAL),
  isPaid: z.boolean().default(false),
  notes: text(2000),
  homework: text(2000),
};
const optionalTime = z.preprocess((v) => (v === '' ? null : v), lessonTime.nullable()).optional();

const lessonRef = formInteger(z.number({ error: 'is required' }).int().positive());

/**
 * POST /api/events: one student, or every student of `groupe` (those already in are skipped).
 * For a series lesson `scope` 'following' (default) also adds them to later occurrences.
 */
export const eventInput = z
  .object({
    lesson: lessonRef,
    student: optionalId.optional(),
    groupe: optionalId.optional(),
    scope: seriesScope.optional(),
    ...eventFields,
  })
  .refine((e) => Boolean(e.student) !== Boolean(e.groupe), {
    path: ['student'],
    message: 'give a student or a groupe',
  })
  .meta({ id: 'EventWrite' });
export type EventInput = z.input<typeof eventInput>;

/** The answer of POST /api/events with a groupe. */
export const eventBatch = z
  .object({ created: z.array(event), skipped: z.array(z.number().int()) })
  .meta({ id: 'EventBatch' });
export type EventBatch = z.infer<typeof eventBatch>;

export const eventUpdate = updateOf(
  z.object({
    ...eventFields,
    date: z.preprocess((v) => (v === '' ? null : v), isoDate.nullable()),
    start: optionalTime,
    end: optionalTime,
  }),
).meta({ id: 'EventUpdate' });
export type EventUpdate = z.input<typeof eventUpdate>;

export const eventListQuery = listQueryWith(['date', 'id', 'student']).extend({
  lesson: filterId,
  student: filterId,
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  /** true/1 paid, false/0 (or 2, as before) not paid */
  isPaid: queryFlag('Only paid (yes) or only unpaid (no) participations', ['2']),
  attendence: z.coerce.number().int().min(0, 'must be 0 to 5').max(5, 'must be 0 to 5').optional(),
  toPay: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1 || v === 2, 'must be 0, 1 or 2')
    .optional(),
});
export type EventListQuery = z.input<typeof eventListQuery>;

export const eventsInfoQuery = z.object({
  student: z.coerce.number({ error: 'is required' }).int().positive(),
});

/** A teacher's calendar feed: a secret address, regenerable (the old one then stops working). */
export const icalFeed = z.object({ url: z.string(), token: z.string() }).meta({ id: 'IcalFeed' });
export type IcalFeed = z.infer<typeof icalFeed>;
/** GET /api/me/ical: the user's feed address, null while none has been made (docs/api.md). */
export const myIcalFeed = icalFeed.nullable();
