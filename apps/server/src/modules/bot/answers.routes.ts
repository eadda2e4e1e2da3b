import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import type { Db } from '../../db/client.js';
import type { answerConnectors } from '../../db/schema/bot.js';
import { invalidField } from '../../plugins/errors.js';
import { completedWith, registerResource } from '../../plugins/resource.js';
import { startAnswer } from './bot.engine.js';
import { flag, loadGraph } from './bot.queries.js';
import {
  answersTable,
  connectorsTable,
  conversationOfAnswer,
  conversationOfGroup,
  deleteConnectors,
  deleteEstimationGroup,
  estimationGroupsTable,
} from './graph.queries.js';

/** The conversation answer `id` belongs to; 400 naming `field` when there is no such answer. */
async function conversationOf(db: Db, id: number, field: string) {
  const conversationId = await conversationOfAnswer(db, id);
  if (conversationId === undefined) throw invalidField(field, 'does not exist');
  return conversationId;
}

/** A button stays inside its conversation: its next answer and estimation group too. */
async function checkConnector(
  db: Db,
  fromId: number,
  input: { nextId?: number | null; estimationGroup?: number | null },
) {
  const conversationId = await conversationOf(db, fromId, 'fromId');
  if (input.nextId) {
    const next = await conversationOf(db, input.nextId, 'nextId');
    if (next !== conversationId)
      throw invalidField('nextId', 'must be an answer of the same conversation');
  }
  if (input.estimationGroup) {
    const group = await conversationOfGroup(db, input.estimationGroup);
    if (group === undefined) throw invalidField('estimationGroup', 'does not exist');
    if (group !== conversationId) {
      throw invalidField('estimationGroup', 'must be a group of the same conversation');
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

/** Answers, answer connectors (buttons) and estimation groups of a conversation (docs/api.md, Bot). */
export const answersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** Marks the answer each run starts at (isStart). */
  const withStart = async (items: Answer[]) => {
    const starts = new Set<number>();
    for (const id of new Set(items.map((a) => a.conversationId))) {
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
    table: answersTable,
    toItem: (row) => ({
      id: row.id,
      text: row.text,
      answerTypeId: row.answerTypeId,
      isLast: flag(row.isLast),
      conversationId: row.conversationId,
      conversation: row.conversationId,
      isStart: 0 as const,
    }),
    toColumns: (input) => ({
      text: input.text,
      answerTypeId: input.answerTypeId,
      isLast: input.isLast,
      ...('conversationId' in input ? { conversationId: input.conversationId } : {}),
    }),
    notFound: 'No such answer',
    linked: 'Messages of runs refer to this answer',
    override: completedWith(withStart),
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
    table: connectorsTable,
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
    // docs/api.md, Bot: a new button may name its answer in the query (?fromId=), as the list does
    createFieldsFromQuery: ['fromId'],
    deleteByQuery: {
      query: answerConnectorDeleteQuery,
      summary: 'Delete the buttons matching ?id=, ?fromId= and/or ?nextId=',
      remove: (q: z.output<typeof answerConnectorDeleteQuery>) => deleteConnectors(db, q),
    },
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
          throw invalidField('nextId', 'is required unless the button is a url');
        return plain.update(id, input, request, current);
      },
    }),
  });

  registerResource(app, db, {
    path: 'estimationgroup',
    tags: ['bot'],
    schemas: {
      item: estimationGroup,
      query: estimationGroupQuery,
      create: estimationGroupInput,
      update: estimationGroupUpdate,
    },
    table: estimationGroupsTable,
    toItem: (row) => ({ id: row.id, name: row.name, conversation: row.conversationId }),
    toColumns: (input) => ({
      name: input.name,
      ...('conversation' in input ? { conversationId: input.conversation } : {}),
    }),
    notFound: 'No such estimation group',
    // estimation groups are also deleted on the list's path, with ?id= (docs/api.md, Bot)
    deleteByQuery: {
      query: estimationGroupDeleteQuery,
      summary: 'Delete the estimation group ?id=; its buttons keep their points, ungrouped',
      remove: (q: z.output<typeof estimationGroupDeleteQuery>) => deleteEstimationGroup(db, q.id),
    },
  });
};
