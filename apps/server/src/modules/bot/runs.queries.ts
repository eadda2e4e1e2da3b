import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALGORITHM_GROUP,
  ALGORITHM_LEVEL,
  ALGORITHM_PROJECT,
  type byAlgorithmInput,
  type conversationProgressQuery,
  type ConversationProgress,
  type Message,
  type messageQuery,
} from '@school/contract/bot';
import type { Db } from '../../db/client.js';
import { totalOf } from '../../db/list.js';
import { recordChanges, rowChanges } from '../../db/history.js';
import { tableQueries, type ResourceTable } from '../../db/resource.js';
import { conversationProgress, conversations, messages } from '../../db/schema/bot.js';
import { levels } from '../../db/schema/lookups.js';
import { students } from '../../db/schema/students.js';
import { groups, projects } from '../../db/schema/users.js';
import { flag, type RunRow } from './bot.queries.js';

/** The SQL of conversation runs as staff see them: runs, their assignment, their messages. */

/** The run's list columns: the row with its student's and conversation's names. */
const runSelection = {
  run: conversationProgress,
  studentName: sql<string>`trim(${students.name} || ' ' || ${students.surname})`,
  conversationName: conversations.name,
};

function toRun(r: { run: RunRow; studentName: string; conversationName: string }) {
  const { run } = r;
  return {
    id: run.id,
    student: run.studentId,
    studentName: r.studentName,
    conversationId: run.conversationId,
    conversationName: r.conversationName,
    isFinished: flag(run.isFinished),
    isBot: flag(run.isBot),
    outerUserId:
      run.outerUserId === null
        ? null
        : {
            id: run.outerUserId,
            name: run.outerUser?.name ?? '',
            surname: run.outerUser?.surname ?? '',
            username: run.outerUser?.username ?? '',
          },
    meta: run.meta,
    algotithm: run.algorithmId,
    step: run.step,
    currentAnswerId: run.currentAnswerId,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  } satisfies ConversationProgress;
}

/** Runs with their student's and conversation's names, in id order. */
async function runsWhere(db: Db, where: SQL | undefined) {
  const rows = await db
    .select(runSelection)
    .from(conversationProgress)
    .innerJoin(students, eq(students.id, conversationProgress.studentId))
    .innerJoin(conversations, eq(conversations.id, conversationProgress.conversationId))
    .where(where)
    .orderBy(asc(conversationProgress.id));
  return rows.map(toRun);
}

export async function findRun(db: Db, id: number) {
  return (await runsWhere(db, eq(conversationProgress.id, id)))[0];
}

export async function findRuns(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return runsWhere(db, inArray(conversationProgress.id, ids));
}

/** A page of runs: a student's (isForMe 1 personal, 0 public), a conversation's, finished. */
export async function listRuns(db: Db, q: z.output<typeof conversationProgressQuery>) {
  const where = and(
    q.student ? eq(conversationProgress.studentId, q.student) : undefined,
    q.conversation ? eq(conversationProgress.conversationId, q.conversation) : undefined,
    q.isFinished === undefined
      ? undefined
      : eq(conversationProgress.isFinished, Number(q.isFinished)),
    // isForMe 1: the personal conversations (isPublic 0) assigned to the student
    q.isForMe === undefined
      ? undefined
      : sql`${conversationProgress.conversationId} in (select id from ${conversations}
          where is_public = ${q.isForMe === 1 ? 0 : 1})`,
  );
  const sortDesc = q.sort?.startsWith('-');
  const column =
    q.sort?.replace('-', '') === 'createdAt'
      ? conversationProgress.createdAt
      : conversationProgress.id;
  const rows = await db
    .select({ ...runSelection, total: totalOf(conversationProgress, where) })
    .from(conversationProgress)
    .innerJoin(students, eq(students.id, conversationProgress.studentId))
    .innerJoin(conversations, eq(conversations.id, conversationProgress.conversationId))
    .where(where)
    .orderBy(sortDesc ? desc(column) : asc(column), asc(conversationProgress.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows: rows.map(toRun), total: rows[0]?.total ?? 0 };
}

/**
 * Assigns a conversation to a student: a new run, or the unfinished run of it they have
 * (one open run per student and conversation). `created` tells which.
 */
export async function assignRun(
  db: Db,
  values: { studentId: number; conversationId: number; meta?: string; isBot?: number },
): Promise<{ id: number; created: boolean } | undefined> {
  // a run staff start is recorded; the bot's own (no request, no actor) is not (ADR 027)
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversationProgress)
      .values(values)
      .onConflictDoNothing()
      .returning();
    if (row) await recordChanges(tx, rowChanges('conversationprogress', [], [row]));
    return row;
  });
  if (created) return { id: created.id, created: true };
  const [open] = await db
    .select({ id: conversationProgress.id })
    .from(conversationProgress)
    .where(
      and(
        eq(conversationProgress.studentId, values.studentId),
        eq(conversationProgress.conversationId, values.conversationId),
        eq(conversationProgress.isFinished, 0),
      ),
    );
  return open && { id: open.id, created: false };
}

/** Assigns a conversation to a student by hand (assignRun), with the run as the API shows it. */
export async function assignToStudent(
  db: Db,
  values: { studentId: number; conversationId: number; meta: string },
) {
  const assigned = await assignRun(db, values);
  const run = assigned && (await findRun(db, assigned.id));
  return run && { run, created: assigned.created };
}

/** The level, group or project an algorithm selects students by. */
const selectedBy: Partial<Record<number, { table: ResourceTable; column: SQL }>> = {
  [ALGORITHM_LEVEL]: { table: levels, column: sql`level_id` },
  [ALGORITHM_GROUP]: { table: groups, column: sql`group_id` },
  [ALGORITHM_PROJECT]: { table: projects, column: sql`project_id` },
};

async function exists(db: Db, table: ResourceTable, id: number) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}

/**
 * Assigns a conversation to every student the algorithm selects, one run each, none twice.
 * `missing` names the field whose conversation, level, group or project does not exist.
 */
export async function assignByAlgorithm(
  db: Db,
  input: z.output<typeof byAlgorithmInput>,
): Promise<{ runs: ConversationProgress[] } | { missing: 'conversationId' | 'value' }> {
  const { conversationId, algotithm, value } = input;
  if (!(await exists(db, conversations, conversationId))) {
    return { missing: 'conversationId' };
  }
  const chosen = selectedBy[algotithm];
  let selects: SQL;
  if (chosen) {
    if (!(await exists(db, chosen.table, value ?? 0))) return { missing: 'value' };
    selects = sql`${chosen.column} = ${value}`;
  } else {
    // students who never had a run of it, finished or not
    selects = sql`not exists (select 1 from ${conversationProgress} p
      where p.student_id = ${students.id} and p.conversation_id = ${conversationId})`;
  }
  const created = await db.transaction(async (tx) => {
    const made = await tx.execute<{ id: number }>(sql`
      insert into ${conversationProgress} (student_id, conversation_id, algorithm_id)
      select id, ${conversationId}, ${algotithm} from ${students} where ${selects}
      order by id
      on conflict do nothing
      returning id`);
    const ids = made.rows.map((r) => r.id);
    if (ids.length > 0) {
      const rows = await tx
        .select()
        .from(conversationProgress)
        .where(inArray(conversationProgress.id, ids));
      await recordChanges(tx, rowChanges('conversationprogress', [], rows));
    }
    return made;
  });
  return {
    runs: await findRuns(
      db,
      created.rows.map((r) => r.id),
    ),
  };
}

/** Deletes a run and its messages; false when there is no such run. */
export async function deleteRun(db: Db, id: number) {
  return tableQueries(
    db,
    { table: conversationProgress },
    { entity: 'conversationprogress' },
  ).remove(id);
}

function toMessage(m: typeof messages.$inferSelect): Message {
  return {
    id: m.id,
    conversationprogress: m.progressId,
    isBot: flag(m.isBot),
    text: m.text,
    answerConnector: m.answerConnectorId,
    answerId: m.answerId,
    typeId: m.typeId,
    flagId: m.flagId,
    dateTime: m.dateTime.toISOString(),
  };
}

/** A page of a run's messages, oldest first; undefined when there is no such run. */
export async function messagesOf(db: Db, q: z.output<typeof messageQuery>) {
  if (!(await findRun(db, q.conversationprogress))) return undefined;
  const where = eq(messages.progressId, q.conversationprogress);
  const rows = await db
    .select({ m: messages, total: totalOf(messages, where) })
    .from(messages)
    .where(where)
    .orderBy(asc(messages.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows: rows.map((r) => toMessage(r.m)), total: rows[0]?.total ?? 0 };
}
