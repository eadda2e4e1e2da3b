import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, version } from './columns.js';
import {
  algorithms,
  answerTypes,
  clasifications,
  conversationTypes,
  estimationFunctions,
  levels,
} from './lookups.js';
import { lessons } from './schedule.js';
import { students } from './students.js';

/** Conversation (docs/data-model.md): a graph of answers (ADR 019). Flags are 1 or 0. */
export const conversations = pgTable('conversations', {
  id: id(),
  version: version(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  typeId: integer('type_id').references(() => conversationTypes.id),
  levelId: integer('level_id').references(() => levels.id),
  isPresent: smallint('is_present').notNull().default(0),
  isPublic: smallint('is_public').notNull().default(1),
  estimationFunctionId: integer('estimation_function_id')
    .notNull()
    .default(1)
    .references(() => estimationFunctions.id),
  price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
  hashCode: text('hash_code').notNull().unique(),
  createdAt: createdAt(),
});

/** Answer (docs/data-model.md): a message of the bot; they go with their conversation. */
export const answers = pgTable(
  'answers',
  {
    id: id(),
    version: version(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    answerTypeId: integer('answer_type_id')
      .notNull()
      .default(1)
      .references(() => answerTypes.id),
    isLast: smallint('is_last').notNull().default(0),
  },
  (t) => [index('answers_conversation_idx').on(t.conversationId)],
);

/** Estimation group (docs/data-model.md). */
export const estimationGroups = pgTable(
  'estimation_groups',
  {
    id: id(),
    version: version(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('estimation_groups_conversation_idx').on(t.conversationId)],
);

/** Answer connector (docs/data-model.md): a button from one answer to the next. */
export const answerConnectors = pgTable(
  'answer_connectors',
  {
    id: id(),
    version: version(),
    fromId: integer('from_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    nextId: integer('next_id').references(() => answers.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    isRight: smallint('is_right').notNull().default(0),
    url: text('url').notNull().default(''),
    point: numeric('point', { precision: 8, scale: 2 }).notNull().default('0'),
    estimationGroupId: integer('estimation_group_id').references(() => estimationGroups.id, {
      onDelete: 'set null',
    }),
    clasificationId: integer('clasification_id').references(() => clasifications.id),
  },
  (t) => [
    index('answer_connectors_from_idx').on(t.fromId),
    index('answer_connectors_next_idx').on(t.nextId),
  ],
);

/**
 * A Telegram user linked to a student by /start <hashCode>; the chat the bot writes to.
 * Goes with the student.
 */
export const botUsers = pgTable(
  'bot_users',
  {
    telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    username: text('username').notNull().default(''),
    languageCode: text('language_code').notNull().default(''),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_users_student_idx').on(t.studentId)],
);

/**
 * Conversation progress (docs/data-model.md): one student's run through one conversation. `step` counts
 * the replies applied: a reply is applied by a conditional update on it, so a double press or
 * a replayed update never counts twice (ADR 019).
 */
export const conversationProgress = pgTable(
  'conversation_progress',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    isFinished: smallint('is_finished').notNull().default(0),
    isBot: smallint('is_bot').notNull().default(0),
    outerUserId: bigint('outer_user_id', { mode: 'number' }),
    outerUser: jsonb('outer_user').$type<{ name: string; surname: string; username: string }>(),
    meta: text('meta').notNull().default(''),
    algorithmId: integer('algorithm_id').references(() => algorithms.id),
    step: integer('step').notNull().default(0),
    /** null until the run starts */
    currentAnswerId: integer('current_answer_id').references(() => answers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('conversation_progress_student_idx').on(t.studentId),
    index('conversation_progress_conversation_idx').on(t.conversationId),
    // one unfinished run of a conversation per student
    uniqueIndex('conversation_progress_open_idx')
      .on(t.studentId, t.conversationId)
      .where(sql`${t.isFinished} = 0`),
  ],
);

/** Message (docs/data-model.md): the log of a run, bot messages and replies. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    progressId: integer('progress_id')
      .notNull()
      .references(() => conversationProgress.id, { onDelete: 'cascade' }),
    isBot: smallint('is_bot').notNull(),
    text: text('text').notNull(),
    answerConnectorId: integer('answer_connector_id').references(() => answerConnectors.id, {
      onDelete: 'set null',
    }),
    answerId: integer('answer_id').references(() => answers.id, { onDelete: 'set null' }),
    typeId: integer('type_id').notNull(),
    flagId: integer('flag_id'),
    /** the run's step the message belongs to */
    step: integer('step').notNull(),
    /** a reply's points and estimation group, kept as scored */
    point: numeric('point', { precision: 8, scale: 2 }).notNull().default('0'),
    estimationGroupId: integer('estimation_group_id').references(() => estimationGroups.id, {
      onDelete: 'set null',
    }),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_progress_idx').on(t.progressId, t.id),
    // one reply per step of a run
    uniqueIndex('messages_reply_step_idx')
      .on(t.progressId, t.step)
      .where(sql`${t.isBot} = 0`),
  ],
);

/** Telegram update ids already handled: a replayed update is dropped. */
export const botUpdates = pgTable('bot_updates', {
  updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A lesson reminder claimed for a student before it is sent: one per (lesson, student). */
export const botBroadcasts = pgTable(
  'bot_broadcasts',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.studentId] })],
);

/**
 * A payment reminder (docs/money.md, Payment reminders; ADR 046): claimed, one row per student
 * and school day (`day`), before its Telegram message is sent, so neither two runs at once nor a
 * run after a crash sends it twice. `amount` is what was due (grosze) in `currency`; the
 * message's id once Telegram took it, else Telegram's error (a blocked bot: 403).
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** the school's day it was claimed on (BOT_TIMEZONE): the weekly rule counts these */
    day: date('day').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('payment_reminders_student_day_idx').on(t.studentId, t.day),
    check('payment_reminders_amount', sql`${t.amount} > 0`),
  ],
);
