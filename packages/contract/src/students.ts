import { z } from 'zod';
import { CURRENCIES } from './bank.js';
import {
  recordVersion,
  formInteger,
  listQueryWith,
  optionalDate,
  optionalEmail,
  optionalId,
  requiredText,
  text,
  updateOf,
  queryFlag,
} from './common.js';

/** Student (docs/data-model.md), as the API answers it. */
export const student = z
  .object({
    id: z.number().int(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    gMeetId: z.string(),
    gdocument: z.string(),
    gDictionaryUa: z.string(),
    gDictionaryEng: z.string(),
    telegramUsername: z.string(),
    facebook: z.string(),
    schedule: z.string(),
    ocupation: z.string(),
    location: z.string(),
    responsibleId: z.number().int().nullable(),
    project: z.number().int().nullable(),
    level: z.number().int().nullable(),
    groupe: z.number().int().nullable(),
    /** an IANA time zone name, like Client.timezone */
    timezone: z.string(),
    hasBroadcast: z.boolean(),
    /** the bot's start parameter (docs/api.md, Ids and hashCodes): random, never edited, regenerable */
    hashCode: z.string(),
    /** https://t.me/{BOT_USERNAME}?start={hashCode}; null while the bot has no username */
    deepLink: z.string().nullable(),
    /** the learner's own page, {GAMES_BASE_URL}/me?s={hashCode} (docs/learner-page.md) */
    pageLink: z.string(),
    /** the client this student was made from, if any */
    client: z.number().int().nullable(),
    createdAt: z.string(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'Student' });
export type Student = z.infer<typeof student>;

export const studentInput = z
  .object({
    name: requiredText(100),
    surname: text(100),
    email: optionalEmail,
    gMeetId: text(500),
    gdocument: text(500),
    gDictionaryUa: text(500),
    gDictionaryEng: text(500),
    telegramUsername: text(100),
    facebook: text(300),
    schedule: text(500),
    ocupation: text(200),
    location: text(200),
    responsibleId: optionalId,
    project: optionalId,
    level: optionalId,
    groupe: optionalId,
    timezone: text(100),
    hasBroadcast: z.boolean().default(false),
  })
  .meta({ id: 'StudentWrite' });
export type StudentInput = z.input<typeof studentInput>;

export const studentUpdate = updateOf(studentInput).meta({ id: 'StudentUpdate' });

/** The columns of the students' CSV export, also the headers the import understands. */
export const STUDENT_CSV_COLUMNS = [
  'id',
  'name',
  'surname',
  'email',
  'telegramUsername',
  'facebook',
  'gMeetId',
  'gdocument',
  'gDictionaryUa',
  'gDictionaryEng',
  'schedule',
  'ocupation',
  'location',
  'responsible',
  'project',
  'level',
  'groupe',
  'timezone',
  'hasBroadcast',
] as const;

export const STUDENT_SORTS = [
  'id',
  'name',
  'surname',
  'email',
  'telegramUsername',
  'location',
  'createdAt',
] as const;

const filterId = z.coerce.number().int().positive().optional();

/** How many days ahead a document counts as expiring (the list filter and the marks). */
export const DOCUMENT_EXPIRY_DAYS = 30;

export const studentListQuery = listQueryWith(STUDENT_SORTS).extend({
  project: filterId,
  level: filterId,
  groupe: filterId,
  responsibleId: filterId,
  /** the student made from this client */
  client: filterId,
  /** yes: only students with a document that expires within DOCUMENT_EXPIRY_DAYS days */
  documentsExpiring: queryFlag(
    'Only students with a document that expires within 30 days (yes); no or left out: all',
  ),
});
export type StudentListQuery = z.input<typeof studentListQuery>;

/** Student document (docs/data-model.md); carRegistrNum is shown as 'registration number'. */
export const studentDocument = z
  .object({
    id: z.number().int(),
    student: z.number().int(),
    name: z.string(),
    number: z.string(),
    dateFrom: z.string().nullable(),
    dateTo: z.string().nullable(),
    carRegistrNum: z.string(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'StudentDocument' });
export type StudentDocument = z.infer<typeof studentDocument>;

export const DATE_ORDER_MESSAGE = 'must not be before the start date';

const documentShape = z.object({
  student: formInteger(z.number({ error: 'is required' }).int().positive()),
  name: requiredText(200),
  number: text(100),
  dateFrom: optionalDate,
  dateTo: optionalDate,
  carRegistrNum: text(50),
});

/** dateTo must not come before dateFrom (ISO dates compare as text). */
export const datesInOrder = (d: { dateFrom?: string | null; dateTo?: string | null }) =>
  !d.dateFrom || !d.dateTo || d.dateTo >= d.dateFrom;

export const studentDocumentInput = documentShape
  .refine(datesInOrder, { path: ['dateTo'], message: DATE_ORDER_MESSAGE })
  .meta({ id: 'StudentDocumentWrite' });
export type StudentDocumentInput = z.input<typeof studentDocumentInput>;

/** The document form of a student's page: the student is the page's, not a field. */
export const studentDocumentForm = documentShape
  .omit({ student: true })
  .refine(datesInOrder, { path: ['dateTo'], message: DATE_ORDER_MESSAGE });

/** An update checks the order of the dates against the stored ones on the server. */
export const studentDocumentUpdate = updateOf(documentShape)
  .refine(datesInOrder, { path: ['dateTo'], message: DATE_ORDER_MESSAGE })
  .meta({ id: 'StudentDocumentUpdate' });

export const DOCUMENT_SORTS = ['name', 'number', 'dateFrom', 'dateTo', 'id'] as const;
export const documentListQuery = listQueryWith(DOCUMENT_SORTS);
export type DocumentListQuery = z.output<typeof documentListQuery>;

/** What every timeline entry has: when, which record, and its name. */
const timelineBase = {
  /** when it happened, ISO date-time in UTC: a real instant (a lesson's: its start, docs/api.md) */
  at: z.string(),
  /** the record it stands for, in its own list */
  id: z.number().int(),
  /** the record's name as staff typed it; '' for a lesson without a course */
  title: z.string(),
};

/**
 * One entry of a student's timeline (docs/students.md, Timeline), newest first. The server sends
 * data, never words: the screen words each kind in the chosen language.
 */
export const timelineEntry = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('participation'),
      ...timelineBase,
      /** the lesson's (or the participation's own) date, YYYY-MM-DD, the school's */
      date: z.string(),
      /** the lesson's (or the participation's own) times, HH:MM, the school's clock */
      start: z.string(),
      end: z.string().nullable(),
      /** null: not marked yet */
      presence: z.enum(['present', 'absent']).nullable(),
      paid: z.boolean(),
    }),
    z.object({
      kind: z.literal('run'),
      ...timelineBase,
      finished: z.boolean(),
      /** the student's replies so far */
      replies: z.number().int(),
    }),
    z.object({
      kind: z.literal('game'),
      ...timelineBase,
      score: z.number().int(),
      max: z.number().int(),
      /** how long the play took, whole seconds */
      seconds: z.number().int(),
      /** a play of a set (a playlist of games), not of one game */
      isSet: z.boolean(),
    }),
    z.object({
      kind: z.literal('document'),
      ...timelineBase,
      /** '' when none was typed */
      number: z.string(),
      /** YYYY-MM-DD */
      dateFrom: z.string().nullable(),
      dateTo: z.string().nullable(),
    }),
    z.object({
      /** the student opened their own page (recorded at most once a day) */
      kind: z.literal('page'),
      ...timelineBase,
    }),
    z.object({
      /**
       * a payment reminder by the bot (docs/money.md, Payment reminders), to a role that reads
       * money only; `title` is ''
       */
      kind: z.literal('reminder'),
      ...timelineBase,
      /** what was due then, in `currency` */
      amount: z.number(),
      currency: z.enum(CURRENCIES),
      /** Telegram took the message */
      sent: z.boolean(),
      /** Telegram's error of a failed send ("Forbidden: bot was blocked by the user"), else null */
      error: z.string().nullable(),
    }),
  ])
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof timelineEntry>;
