import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answer,
  answerConnector,
  answerConnectorDeleteQuery,
  answerConnectorInput,
  answerConnectorQuery,
  answerConnectorUpdate,
  answerInput,
  answerListQuery,
  answerUpdate,
  estimationGroup,
  estimationGroupDeleteQuery,
  estimationGroupInput,
  estimationGroupQuery,
  estimationGroupUpdate,
  type Answer,
  type AnswerConnector,
} from '@school/contract/bot';
import { errorCodes } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { answerConnectors, answers, estimationGroups } from '../../db/schema/bot.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, HttpError, notFound } from '../../plugins/errors.js';
import { registerResource } from '../../plugins/resource.js';
import { startAnswer } from './bot.engine.js';
import { loadGraph, queryIntoBody } from './bot.queries.js';

const flag = (v: number): 0 | 1 => (v ? 1 : 0);
const invalid = (field: string, message: string) =>
  new HttpError(400, errorCodes.validation, `Invalid ${field}: ${message}`, { [field]: message });

/** The conversation answer `id` belongs to; 400 naming `field` when there is no such answer. */
async function conversationOfAnswer(db: Db, id: number, field: string) {
  const [row] = await db
    .select({ conversationId: answers.conversationId })
    .from(answers)
    .where(eq(answers.id, id));
  if (!row) throw invalid(field, 'does not exist');
  return row.conversationId;
}

/** A button stays inside its conversation: its next answer and estimation group too. */
async function checkConnector(
  db: Db,
  fromId: number,
  input: { nextId?: number | null; estimationGroup?: number | null },
) {
  const conversationId = await conversationOfAnswer(db, fromId, 'fromId');
  if (input.nextId) {
    const next = await conversationOfAnswer(db, input.nextId, 'nextId');
    if (next !== conversationId)
      throw invalid('nextId', 'must be an answer of the same conversation');
  }
  if (input.estimationGroup) {
    const [group] = await db
      .select({ conversationId: estimationGroups.conversationId })
      .from(estimationGroups)
      .where(eq(estimationGroups.id, input.estimationGroup));
    if (!group) throw invalid('estimationGroup', 'does not exist');
    if (group.conversationId !== conversationId) {
      throw invalid('estimationGroup', 'must be a group of the same conversation');
    }
  }
}

const toConnector = (c: typeof answerConnectors.$inferSelect): AnswerConnector => ({
  id: c.id,
  text: c.text,
  fromId: c.fromId,
  nextId: c.nextId,
  isRight: flag(c.isRight),
  url: c.url,
  point: Number(c.point),
  estimationGroup: c.estimationGroupId,
  clasification: c.clasificationId,
});

/** Answers, answer connectors (buttons) and estimation groups of a conversation (SPEC §7). */
export const answersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** Marks the answer each run starts at (isStart). */
  const withStart = async (items: Answer[]) => {
    const starts = new Set<number>();
    for (const id of new Set(items.map((a) => a.conversation))) {
      const graph = await loadGraph(db, id);
      const start = graph && startAnswer(graph);
      if (start) starts.add(start.id);
    }
    return items.map((a) => ({ ...a, isStart: starts.has(a.id) ? (1 as const) : (0 as const) }));
  };

  registerResource(app, db, {
    path: 'answers',
    tags: ['bot'],
    schemas: { item: answer, query: answerListQuery, create: answerInput, update: answerUpdate },
    table: {
      table: answers,
      search: [answers.text],
      sort: { id: answers.id, text: answers.text },
      defaultSort: 'id',
      filters: (q) => (q.conversation ? eq(answers.conversationId, q.conversation) : undefined),
    },
    toItem: (row) => ({
      id: row.id,
      text: row.text,
      answerTypeId: row.answerTypeId,
      isLast: flag(row.isLast),
      conversation: row.conversationId,
      isStart: 0 as const,
    }),
    toColumns: (input) => ({
      text: input.text,
      answerTypeId: input.answerTypeId,
      isLast: input.isLast,
      ...('conversation' in input ? { conversationId: input.conversation } : {}),
    }),
    notFound: 'No such answer',
    linked: 'Messages of runs refer to this answer',
    override: (plain) => ({
      list: async (q, request) => {
        const page = await plain.list(q, request);
        return { ...page, rows: await withStart(page.rows) };
      },
      find: async (id, request) => {
        const found = await plain.find(id, request);
        return found && (await withStart([found]))[0];
      },
      create: async (input, request) => (await withStart([await plain.create(input, request)]))[0]!,
      update: async (id, input, request, current) => {
        const updated = await plain.update(id, input, request, current);
        return updated && (await withStart([updated]))[0];
      },
    }),
  });

  registerResource(app, db, {
    path: 'answerconnectors',
    tags: ['bot'],
    schemas: {
      item: answerConnector,
      query: answerConnectorQuery,
      create: answerConnectorInput,
      update: answerConnectorUpdate,
    },
    table: {
      table: answerConnectors,
      search: [answerConnectors.text],
      sort: { id: answerConnectors.id, text: answerConnectors.text },
      defaultSort: 'id',
      filters: (q) =>
        and(
          q.fromId ? eq(answerConnectors.fromId, q.fromId) : undefined,
          q.nextId ? eq(answerConnectors.nextId, q.nextId) : undefined,
        ),
    },
    toItem: toConnector,
    toColumns: (input) => ({
      text: input.text,
      ...('fromId' in input ? { fromId: input.fromId } : {}),
      nextId: input.nextId,
      isRight: input.isRight,
      url: input.url,
      point: input.point === undefined ? undefined : String(input.point),
      estimationGroupId: input.estimationGroup,
      clasificationId: input.clasification,
    }),
    notFound: 'No such answer connector',
    override: (plain) => ({
      create: async (input, request) => {
        await checkConnector(db, input.fromId, input);
        return plain.create(input, request);
      },
      update: async (id, input, request, current) => {
        await checkConnector(db, current.fromId, input);
        const next = input.nextId === undefined ? current.nextId : input.nextId;
        const url = input.url === undefined ? current.url : input.url;
        if (next === null && !url)
          throw invalid('nextId', 'is required unless the button is a url');
        return plain.update(id, input, request, current);
      },
    }),
  });

  // SPEC §7: a new button may name its answer in the query (?fromId=), as the list does
  queryIntoBody(app, '/api/answerconnectors', 'fromId');

  app.delete(
    '/answerconnectors',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['bot'],
        summary: 'Delete the buttons matching ?id=, ?fromId= and/or ?nextId=',
        querystring: answerConnectorDeleteQuery,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const where: (SQL | undefined)[] = [
        q.id ? eq(answerConnectors.id, q.id) : undefined,
        q.fromId ? eq(answerConnectors.fromId, q.fromId) : undefined,
        q.nextId ? eq(answerConnectors.nextId, q.nextId) : undefined,
      ];
      const removed = await db
        .delete(answerConnectors)
        .where(and(...where))
        .returning({ id: answerConnectors.id });
      if (removed.length === 0) throw notFound('No such answer connector');
      return reply.status(204).send(null);
    },
  );

  registerResource(app, db, {
    path: 'estimationgroup',
    tags: ['bot'],
    schemas: {
      item: estimationGroup,
      query: estimationGroupQuery,
      create: estimationGroupInput,
      update: estimationGroupUpdate,
    },
    table: {
      table: estimationGroups,
      search: [estimationGroups.name],
      sort: { id: estimationGroups.id, name: estimationGroups.name },
      defaultSort: 'id',
      filters: (q) =>
        q.conversation ? eq(estimationGroups.conversationId, q.conversation) : undefined,
    },
    toItem: (row) => ({ id: row.id, name: row.name, conversation: row.conversationId }),
    toColumns: (input) => ({
      name: input.name,
      ...('conversation' in input ? { conversationId: input.conversation } : {}),
    }),
    notFound: 'No such estimation group',
  });

  // SPEC §7 "estimation groups: DELETE" on the list's path, with ?id=
  app.delete(
    '/estimationgroup',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['bot'],
        summary: 'Delete the estimation group ?id=; its buttons keep their points, ungrouped',
        querystring: estimationGroupDeleteQuery,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const removed = await db
        .delete(estimationGroups)
        .where(inArray(estimationGroups.id, [request.query.id]))
        .returning({ id: estimationGroups.id });
      if (removed.length === 0) throw notFound('No such estimation group');
      return reply.status(204).send(null);
    },
  );
};
