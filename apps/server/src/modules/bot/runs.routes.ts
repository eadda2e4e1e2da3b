import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../plugins/access.js';
import { errorResponses, invalidField, notFound } from '../../plugins/errors.js';
import { allow } from '../../plugins/policy.js';
import { requireVisibleStudent, studentsVisibleTo } from '../students/students.shared.js';
import { estimationOf } from './bot.queries.js';
import { localeOf } from './bot.texts.js';
import {
  assignByAlgorithm,
  assignToStudent,
  deleteRun,
  findRun,
  listRuns,
  messagesOf,
} from './runs.queries.js';

const NO_RUN = 'No such conversation progress';

/**
 * Conversation runs (docs/data-model.md, Conversation progress) and their messages: records
 * of students (docs/roles.md), so a teacher lists and reaches only those of their students.
 */
export const runsRoutes: FastifyPluginAsyncZod<{ db: Db; defaultLocale: string }> = async (
  app,
  { db, defaultLocale },
) => {
  const tags = ['bot'];
  const route = { onRequest: [allow('students')] };

  /** 404 for a teacher's call about a run of a student not theirs (docs/roles.md). */
  async function requireVisibleRun(request: FastifyRequest, id: number) {
    const visible = studentsVisibleTo(sessionOf(request));
    if (visible && !(await findRun(db, id, visible))) throw notFound(NO_RUN);
  }

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
      // a teacher's student only (docs/roles.md, Students)
      const { student } = request.query;
      if (student !== undefined) await requireVisibleStudent(db, request, student);
      const page = await listRuns(db, request.query, studentsVisibleTo(sessionOf(request)));
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  app.get(
    '/conversationprogress/:id',
    {
      ...route,
      schema: { tags, params: idParam, response: { 200: runSchema, ...errorResponses } },
    },
    async (request) => {
      const run = await findRun(db, request.params.id, studentsVisibleTo(sessionOf(request)));
      if (!run) throw notFound(NO_RUN);
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
      await requireVisibleStudent(db, request, student);
      const assigned = await assignToStudent(db, { studentId: student, conversationId, meta });
      if (!assigned) throw new Error('run not created');
      return reply.status(assigned.created ? 201 : 200).send(assigned.run);
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
      const visible = studentsVisibleTo(sessionOf(request));
      const result = await assignByAlgorithm(db, request.body, visible);
      if ('missing' in result) throw invalidField(result.missing, 'does not exist');
      return reply.status(201).send({ created: result.runs.length, runs: result.runs });
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
      await requireVisibleRun(request, request.params.id);
      if (!(await deleteRun(db, request.params.id))) {
        throw notFound(NO_RUN);
      }
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
      await requireVisibleRun(request, request.params.id);
      const found = await estimationOf(db, request.params.id, localeFor(request.query.lang));
      if (!found) throw notFound(NO_RUN);
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
      await requireVisibleRun(request, request.query.conversationprogress);
      const page = await messagesOf(db, request.query);
      if (!page) throw notFound(NO_RUN);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
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
      await requireVisibleRun(request, request.params.id);
      const found = await estimationOf(db, request.params.id, localeFor(request.query.lang));
      if (!found) throw notFound(NO_RUN);
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
