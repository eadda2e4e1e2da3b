import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { botUsers, paymentReminders } from '../../db/schema/bot.js';
import { students } from '../../db/schema/students.js';

/** The SQL of payment reminders (docs/money.md, Payment reminders; ADR 046). */

/** Held per student while a reminder is claimed: its second key is the student's id. */
export const PAYMENT_REMINDER_LOCK = 7_411_046;

/** A student a reminder may go to: their link, and the chat they linked last with its language. */
export interface ReminderTarget {
  studentId: number;
  hashCode: string;
  chatId: number;
  languageCode: string;
}

/**
 * Of `studentIds`, those with broadcast on and a linked Telegram account who had no reminder
 * after `since` (a school day, YYYY-MM-DD), each with the chat they linked last.
 */
export async function reminderTargets(
  db: Db,
  studentIds: number[],
  since: string,
): Promise<ReminderTarget[]> {
  if (studentIds.length === 0) return [];
  return db
    .selectDistinctOn([students.id], {
      studentId: students.id,
      hashCode: students.hashCode,
      chatId: botUsers.chatId,
      languageCode: botUsers.languageCode,
    })
    .from(students)
    .innerJoin(botUsers, eq(botUsers.studentId, students.id))
    .where(
      and(
        inArray(students.id, studentIds),
        eq(students.hasBroadcast, true),
        sql`not exists (select 1 from ${paymentReminders} r
          where r.student_id = ${students.id} and r.day > ${since}::date)`,
      ),
    )
    .orderBy(students.id, sql`${botUsers.linkedAt} desc`, sql`${botUsers.telegramId} desc`);
}

/**
 * Claims a student's reminder of school day `day` before it is sent: a row is written unless
 * the student had one after `since`. The check and the write run under a lock of that student
 * (two runs at once: the second finds the first's row), and the unique (student, day) index
 * refuses a second row of the day whatever happens. The claimed row's id, or undefined.
 */
export async function claimPaymentReminder(
  db: Db,
  claim: {
    studentId: number;
    day: string;
    since: string;
    amount: number;
    currency: string;
    chatId: number;
  },
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${PAYMENT_REMINDER_LOCK}::int, ${claim.studentId}::int)`,
    );
    const earlier = await tx
      .select({ id: paymentReminders.id })
      .from(paymentReminders)
      .where(
        and(eq(paymentReminders.studentId, claim.studentId), gt(paymentReminders.day, claim.since)),
      )
      .limit(1);
    if (earlier.length > 0) return undefined;
    const [row] = await tx
      .insert(paymentReminders)
      .values({
        studentId: claim.studentId,
        day: claim.day,
        amount: claim.amount,
        currency: claim.currency,
        chatId: claim.chatId,
      })
      .onConflictDoNothing()
      .returning({ id: paymentReminders.id });
    return row?.id;
  });
}

/** How a claimed reminder went: Telegram's message id, or the error of its failed send. */
export async function recordPaymentReminder(
  db: Db,
  id: number,
  outcome: { messageId: number } | { error: string },
) {
  await db
    .update(paymentReminders)
    .set(
      'messageId' in outcome
        ? { messageId: outcome.messageId, sentAt: new Date() }
        : { error: outcome.error },
    )
    .where(eq(paymentReminders.id, id));
}
