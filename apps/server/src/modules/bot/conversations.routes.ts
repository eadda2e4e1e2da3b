import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversation,
  conversationInput,
  conversationListQuery,
  conversationUpdate,
  graphCheck,
  preview,
  previewInput,
  publishErrorBody,
  type Conversation,
} from '@school/contract/bot';
import { errorCodes, idParam } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import type { conversations } from '../../db/schema/bot.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, HttpError, notFound } from '../../plugins/errors.js';
import { registerResource } from '../../plugins/resource.js';
import { checkGraph } from './bot.check.js';
import { walk } from './bot.engine.js';
import { loadGraph } from './bot.queries.js';
import { newHashCode } from '../students/students.shared.js';
import { conversationsTable } from './graph.queries.js';
import { localeOf } from './bot.texts.js';

type Row = typeof conversations.$inferSelect;

const toConversationOf =
  (botUsername: string | undefined) =>
  (row: Row): Conversation => ({
    id: row.id,
    version: row.version,
    name: row.name,
    description: row.description,
    typeId: row.typeId,
    level: row.levelId,
    isPresent: row.isPresent ? 1 : 0,
    isPublic: row.isPublic ? 1 : 0,
    estimationFunction: row.estimationFunctionId,
    price: Number(row.price),
    hashCode: row.hashCode,
    deepLink: botUsername ? `https://t.me/${botUsername}?start=${row.hashCode}` : null,
    createdAt: row.createdAt.toISOString(),
  });

/** 400 naming isPresent unless the conversation's graph passes the check (ADR 019). */
async function requirePublishable(db: Db, id: number | null) {
  const graph = id === null ? undefined : await loadGraph(db, id);
  const problems = checkGraph(graph ?? { answers: [], connectors: [] });
  if (problems.length === 0) return;
  const summary = problems.map((p) => p.message).join('; ');
  throw new HttpError(
    400,
    errorCodes.validation,
    `Invalid isPresent: the conversation cannot be published: ${summary}`,
    { isPresent: summary },
    { problems },
  );
}

/** Conversations (docs/api.md, Bot): the list with its Public/Personal filter, publishing, check, preview. */
export const conversationsRoutes: FastifyPluginAsyncZod<{ db: Db; botUsername?: string }> = async (
  app,
  { db, botUsername },
) => {
  const toConversation = toConversationOf(botUsername);
  registerResource(app, db, {
    path: 'conversations',
    tags: ['bot'],
    schemas: {
      item: conversation,
      query: conversationListQuery,
      create: conversationInput,
      update: conversationUpdate,
    },
    table: conversationsTable,
    toItem: toConversation,
    toColumns: (input) => ({
      name: input.name,
      description: input.description,
      typeId: input.typeId,
      levelId: input.level,
      isPresent: input.isPresent,
      isPublic: input.isPublic,
      estimationFunctionId: input.estimationFunction,
      price: input.price === undefined ? undefined : String(input.price),
    }),
    createColumns: () => ({ hashCode: newHashCode() }),
    // POST /api/conversations?isPublic={0|1} (docs/api.md, Bot): the list's toggle names the kind
    createFieldsFromQuery: ['isPublic'],
    notFound: 'No such conversation',
    errors: { 400: publishErrorBody },
    linked: 'Students have runs of this conversation; remove the runs first',
    override: (plain) => ({
      create: async (input, request) => {
        if (input.isPresent === 1) await requirePublishable(db, null);
        return plain.create(input, request);
      },
      update: async (id, input, request, current) => {
        if (input.isPresent === 1 && current.isPresent !== 1) await requirePublishable(db, id);
        return plain.update(id, input, request, current);
      },
    }),
  });

  app.get(
    '/conversations/:id/check',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['bot'],
        summary: 'The graph check: unreachable answers, dead ends, loops with no exit',
        params: idParam,
        response: { 200: graphCheck, ...errorResponses },
      },
    },
    async (request) => {
      const graph = await loadGraph(db, request.params.id);
      if (!graph) throw notFound('No such conversation');
      const problems = checkGraph(graph);
      return { ok: problems.length === 0, problems };
    },
  );

  app.post(
    '/conversations/:id/preview',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['bot'],
        summary: 'Walk the conversation with the replies so far; nothing is stored',
        params: idParam,
        body: previewInput,
        response: { 200: preview, ...errorResponses },
      },
    },
    async (request) => {
      const graph = await loadGraph(db, request.params.id);
      if (!graph) throw notFound('No such conversation');
      const locale = localeOf(request.headers['accept-language']) ?? 'en';
      return walk(graph, request.body.replies, locale);
    },
  );
};
