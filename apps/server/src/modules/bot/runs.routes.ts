import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALGORITHM_GROUP,
  ALGORITHM_LEVEL,
  ALGORITHM_PROJECT,
  ANSWER_TYPE_FINAL,
  byAlgorithmInput,
  byAlgorithmResult,
  conversationProgress as runSchema,
  conversationProgressInput,
  conversationProgressQuery,
  estimation,
  message,
  messageQuery,
  type Message,
} from '@school/contract/bot';
import { idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { totalOf } from '../../db/list.js';
import { conversationProgress, conversations, messages } from '../../db/schema/bot.js';
import { levels } from '../../db/schema/lookups.js';
import { students } from '../../db/schema/students.js';
import { groups, projects } from '../../db/schema/users.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, HttpError, notFound } from '../../plugins/errors.js';
import { estimationOf, findRun, findRuns, runSelection, toMessage, toRun } from './bot.queries.js';
import { localeOf } from './bot.texts.js';

const invalid = (field: string, message: string) =>
  new HttpError(400, 'validation', `Invalid ${field}: ${message}`, { [field]: message });

/** Conversation runs (SPEC §3 Conversation progress) and their messages. */
export const runsRoutes: FastifyPluginAsyncZod<{ db: Db; defaultLocale: string }> = async (
  app,
  { db, defaultLocale },
) => {
  const tags = ['bot'];
  const route = { onRequest: [requireUser] };

  app.get(
    '/conversationprogress',
    {
      ...route,
      schema: {
        tags,
        summary: "A student's runs (isForMe 1 personal, 0 public) or a conversation's runs",
        querystring: conversationProgressQuery,
        response: { 200: z.array(runSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
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
              where is_public = ${q.isForMe === '1' ? 0 : 1})`,
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
      reply.header(TOTAL_COUNT_HEADER, String(rows[0]?.total ?? 0));
      return rows.map(toRun);
    },
  );

  app.get(
    '/conversationprogress/:id',
    {
      ...route,
      schema: { tags, params: idParam, response: { 200: runSchema, ...errorResponses } },
    },
    async (request) => {
      const run = await findRun(db, request.params.id);
      if (!run) throw notFound('No such conversation progress');
      return run;
    },
  );

  app.post(
    '/conversationprogress',
    {
      ...route,
      schema: {
        tags,
        summary: 'Assign a conversation to a student; an unfinished run of it answers 200',
        body: conversationProgressInput,
        response: { 200: runSchema, 201: runSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { student, conversationId, meta } = request.body;
      const created = await db
        .insert(conversationProgress)
        .values({ studentId: student, conversationId, meta })
        .onConflictDoNothing()
        .returning({ id: conversationProgress.id });
      let id = created[0]?.id;
      if (id === undefined) {
        const [open] = await db
          .select({ id: conversationProgress.id })
          .from(conversationProgress)
          .where(
            and(
              eq(conversationProgress.studentId, student),
              eq(conversationProgress.conversationId, conversationId),
              eq(conversationProgress.isFinished, 0),
            ),
          );
        id = open?.id;
      }
      const run = id === undefined ? undefined : await findRun(db, id);
      if (!run) throw new Error('run not created');
      return reply.status(created.length > 0 ? 201 : 200).send(run);
    },
  );

  app.post(
    '/conversationprogress/byalgorithm',
    {
      ...route,
      schema: {
        tags,
        summary: 'Assign a conversation to every student the algorithm selects',
        body: byAlgorithmInput,
        response: { 201: byAlgorithmResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { conversationId, algotithm, value } = request.body;
      const [conv] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.id, conversationId));
      if (!conv) throw invalid('conversationId', 'does not exist');
      const byValue: Partial<Record<number, { table: typeof levels; column: SQL }>> = {
        [ALGORITHM_LEVEL]: { table: levels, column: sql`level_id` },
        [ALGORITHM_GROUP]: { table: groups as unknown as typeof levels, column: sql`group_id` },
        [ALGORITHM_PROJECT]: {
          table: projects as unknown as typeof levels,
          column: sql`project_id`,
        },
      };
      const chosen = byValue[algotithm];
      let selects: SQL;
      if (chosen) {
        const [exists] = await db
          .select({ id: chosen.table.id })
          .from(chosen.table)
          .where(eq(chosen.table.id, value ?? 0));
        if (!exists) throw invalid('value', 'does not exist');
        selects = sql`${chosen.column} = ${value}`;
      } else {
        // students who never had a run of it, finished or not
        selects = sql`not exists (select 1 from ${conversationProgress} p
          where p.student_id = ${students.id} and p.conversation_id = ${conversationId})`;
      }
      const created = await db.execute<{ id: number }>(sql`
        insert into ${conversationProgress} (student_id, conversation_id, algorithm_id)
        select id, ${conversationId}, ${algotithm} from ${students} where ${selects}
        order by id
        on conflict do nothing
        returning id`);
      const runs = await findRuns(
        db,
        created.rows.map((r) => r.id),
      );
      return reply.status(201).send({ created: runs.length, runs });
    },
  );

  app.delete(
    '/conversationprogress/:id',
    {
      ...route,
      schema: {
        tags,
        summary: 'Delete a run and its messages',
        params: idParam,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const removed = await db
        .delete(conversationProgress)
        .where(eq(conversationProgress.id, request.params.id))
        .returning({ id: conversationProgress.id });
      if (removed.length === 0) throw notFound('No such conversation progress');
      return reply.status(204).send(null);
    },
  );

  const localeQuery = z.object({ lang: z.enum(['en', 'pl', 'uk']).optional() });
  const localeFor = (lang: string | undefined) => localeOf(lang ?? defaultLocale) ?? 'en';

  app.get(
    '/conversationprogress/:id/estimation',
    {
      ...route,
      schema: {
        tags,
        summary: "The run's estimation by its conversation's estimation function",
        params: idParam,
        querystring: localeQuery,
        response: { 200: estimation, ...errorResponses },
      },
    },
    async (request) => {
      const found = await estimationOf(db, request.params.id, localeFor(request.query.lang));
      if (!found) throw notFound('No such conversation progress');
      return found.estimation;
    },
  );

  app.get(
    '/messages',
    {
      ...route,
      schema: {
        tags,
        summary: 'The messages of a run, oldest first',
        querystring: messageQuery,
        response: { 200: z.array(message), ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const run = await findRun(db, q.conversationprogress);
      if (!run) throw notFound('No such conversation progress');
      const where = eq(messages.progressId, q.conversationprogress);
      const rows = await db
        .select({ m: messages, total: totalOf(messages, where) })
        .from(messages)
        .where(where)
        .orderBy(asc(messages.id))
        .limit(q.limit)
        .offset(q.offset);
      reply.header(TOTAL_COUNT_HEADER, String(rows[0]?.total ?? 0));
      return rows.map((r) => toMessage(r.m));
    },
  );

  app.get(
    '/messages/byfunction/:id',
    {
      ...route,
      schema: {
        tags,
        summary:
          "The run's estimation as messages (id 0: computed, not stored), as the student gets it",
        params: idParam,
        querystring: localeQuery,
        response: { 200: z.array(message), ...errorResponses },
      },
    },
    async (request) => {
      const found = await estimationOf(db, request.params.id, localeFor(request.query.lang));
      if (!found) throw notFound('No such conversation progress');
      const at = (found.run.finishedAt ?? new Date()).toISOString();
      return found.estimation.lines.map((text): Message => ({
        id: 0,
        conversationprogress: found.run.id,
        isBot: 1,
        text,
        answerConnector: null,
        answerId: null,
        typeId: ANSWER_TYPE_FINAL,
        flagId: null,
        dateTime: at,
      }));
    },
  );
};
