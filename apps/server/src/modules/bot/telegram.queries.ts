import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { botUpdates, botUsers, conversationProgress, conversations } from '../../db/schema/bot.js';
import { students } from '../../db/schema/students.js';

/** The SQL of the Telegram side: linked users, the runs they go through, handled updates. */

/** A Telegram user as an update names them. */
export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string | undefined;
  username?: string | undefined;
  language_code?: string | undefined;
}

/** The student a Telegram user is linked to. */
export async function linkedStudent(db: Db, telegramId: number) {
  const [row] = await db
    .select({ studentId: botUsers.studentId })
    .from(botUsers)
    .where(eq(botUsers.telegramId, telegramId));
  return row?.studentId;
}

/** The student whose start code (hashCode) this is. */
export async function studentByCode(db: Db, code: string) {
  const [student] = await db
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(eq(students.hashCode, code));
  return student;
}

/** Links a Telegram user (and the chat) to a student; a user linked before is linked anew. */
export async function linkBotUser(db: Db, chatId: number, studentId: number, from: TelegramUser) {
  const link = {
    chatId,
    studentId,
    firstName: from.first_name,
    lastName: from.last_name ?? '',
    username: from.username ?? '',
    languageCode: from.language_code ?? '',
    linkedAt: new Date(),
  };
  await db
    .insert(botUsers)
    .values({ telegramId: from.id, ...link })
    .onConflictDoUpdate({ target: botUsers.telegramId, set: link });
}

/** The published public conversation whose own link (hashCode) this is. */
export async function publicConversationByCode(db: Db, code: string) {
  const [conv] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.hashCode, code),
        eq(conversations.isPresent, 1),
        eq(conversations.isPublic, 1),
      ),
    );
  return conv?.id;
}

/** The student's next unfinished run of a published conversation. */
export async function nextRunOf(db: Db, studentId: number) {
  const [run] = await db
    .select({ id: conversationProgress.id })
    .from(conversationProgress)
    .innerJoin(conversations, eq(conversations.id, conversationProgress.conversationId))
    .where(
      and(
        eq(conversationProgress.studentId, studentId),
        eq(conversationProgress.isFinished, 0),
        eq(conversations.isPresent, 1),
      ),
    )
    .orderBy(asc(conversationProgress.id))
    .limit(1);
  return run?.id;
}

/** The student's first started, unfinished run: where a typed reply goes. */
export async function typedReplyRunOf(db: Db, studentId: number) {
  const [run] = await db
    .select({ id: conversationProgress.id, step: conversationProgress.step })
    .from(conversationProgress)
    .where(
      and(
        eq(conversationProgress.studentId, studentId),
        eq(conversationProgress.isFinished, 0),
        sql`${conversationProgress.currentAnswerId} is not null`,
      ),
    )
    .orderBy(asc(conversationProgress.id))
    .limit(1);
  return run;
}

/** The student run `runId` belongs to. */
export async function studentOfRun(db: Db, runId: number) {
  const [run] = await db
    .select({ studentId: conversationProgress.studentId })
    .from(conversationProgress)
    .where(eq(conversationProgress.id, runId));
  return run?.studentId;
}

/** Marks run `runId` as going through the bot with this Telegram user. */
export async function linkRunToTelegram(db: Db, runId: number, from: TelegramUser) {
  await db
    .update(conversationProgress)
    .set({
      isBot: 1,
      outerUserId: from.id,
      outerUser: {
        name: from.first_name,
        surname: from.last_name ?? '',
        username: from.username ?? '',
      },
    })
    .where(eq(conversationProgress.id, runId));
}

/** Records an update as taken; false when it was taken before (a replay). */
export async function claimUpdate(db: Db, updateId: number) {
  const claimed = await db
    .insert(botUpdates)
    .values({ updateId })
    .onConflictDoNothing()
    .returning({ id: botUpdates.updateId });
  return claimed.length > 0;
}

/** Forgets an update that failed, so that Telegram's retry gets another chance. */
export async function forgetUpdate(db: Db, updateId: number) {
  await db.delete(botUpdates).where(eq(botUpdates.updateId, updateId));
}

/** Forgets the updates received before `before`: a replay is not expected after that long. */
export async function forgetUpdatesBefore(db: Db, before: Date) {
  await db.delete(botUpdates).where(lt(botUpdates.receivedAt, before));
}
