import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  answerConnectorDeleteQuery,
  answerConnectorQuery,
  answerListQuery,
  conversationListQuery,
  estimationGroupQuery,
} from '@school/contract/bot';
import type { Db } from '../../db/client.js';
import { recordChanges, rowChanges } from '../../db/history.js';
import { tableQueries, type Dependent } from '../../db/resource.js';
import {
  answerConnectors,
  answers,
  conversationProgress,
  conversations,
  estimationGroups,
} from '../../db/schema/bot.js';
import { tableOf } from '../../plugins/resource.js';

/** The SQL of a conversation's graph as staff edit it: conversations, answers, buttons, groups. */

/** The answers of conversation `id`, and its estimation groups, as subqueries. */
const answersOf = (id: number) =>
  sql`(select ${answers.id} from ${answers} where ${answers.conversationId} = ${id})`;
const groupsOf = (id: number) =>
  sql`(select ${estimationGroups.id} from ${estimationGroups} where ${estimationGroups.conversationId} = ${id})`;

/**
 * What deleting a conversation takes with it (docs/history.md): its answers, their buttons and
 * its estimation groups; buttons elsewhere lose their link to its answers and groups.
 */
const conversationDependents: Dependent[] = [
  { entity: 'answers', table: answers, of: (id) => eq(answers.conversationId, id) },
  {
    entity: 'estimationgroup',
    table: estimationGroups,
    of: (id) => eq(estimationGroups.conversationId, id),
  },
  {
    entity: 'answerconnectors',
    table: answerConnectors,
    of: (id) =>
      or(
        sql`${answerConnectors.fromId} in ${answersOf(id)}`,
        sql`${answerConnectors.nextId} in ${answersOf(id)}`,
        sql`${answerConnectors.estimationGroupId} in ${groupsOf(id)}`,
      )!,
  },
];

/**
 * What deleting an answer takes with it: its buttons; buttons leading to it lead nowhere, runs
 * standing at it stand nowhere.
 */
const answerDependents: Dependent[] = [
  {
    entity: 'answerconnectors',
    table: answerConnectors,
    of: (id) => or(eq(answerConnectors.fromId, id), eq(answerConnectors.nextId, id))!,
  },
  {
    entity: 'conversationprogress',
    table: conversationProgress,
    of: (id) => eq(conversationProgress.currentAnswerId, id),
  },
];

export const conversationsTable = tableOf(conversations, {
  search: ['name', 'description'],
  sort: ['name', 'id', 'createdAt'],
  filters: (q: z.output<typeof conversationListQuery>) =>
    and(
      q.isPublic === undefined ? undefined : eq(conversations.isPublic, Number(q.isPublic)),
      q.isPresent === undefined ? undefined : eq(conversations.isPresent, Number(q.isPresent)),
    ),
  dependents: conversationDependents,
});

export const answersTable = tableOf(answers, {
  search: ['text'],
  sort: ['id', 'text'],
  filters: (q: z.output<typeof answerListQuery>) => {
    const conversation = q.conversationId ?? q.conversation;
    return conversation ? eq(answers.conversationId, conversation) : undefined;
  },
  dependents: answerDependents,
});

export const connectorsTable = tableOf(answerConnectors, {
  search: ['text'],
  sort: ['id', 'text'],
  filters: (q: z.output<typeof answerConnectorQuery>) =>
    and(
      q.fromId ? eq(answerConnectors.fromId, q.fromId) : undefined,
      q.nextId ? eq(answerConnectors.nextId, q.nextId) : undefined,
    ),
});

export const estimationGroupsTable = tableOf(estimationGroups, {
  search: ['name'],
  sort: ['id', 'name'],
  filters: (q: z.output<typeof estimationGroupQuery>) =>
    q.conversation ? eq(estimationGroups.conversationId, q.conversation) : undefined,
  // its buttons keep their points, ungrouped
  dependents: [
    {
      entity: 'answerconnectors',
      table: answerConnectors,
      of: (id) => eq(answerConnectors.estimationGroupId, id),
    },
  ],
});

/** The conversation answer `id` belongs to; undefined when there is no such answer. */
export async function conversationOfAnswer(db: Db, id: number) {
  const [row] = await db
    .select({ conversationId: answers.conversationId })
    .from(answers)
    .where(eq(answers.id, id));
  return row?.conversationId;
}

/** The conversation estimation group `id` belongs to; undefined when there is no such group. */
export async function conversationOfGroup(db: Db, id: number) {
  const [group] = await db
    .select({ conversationId: estimationGroups.conversationId })
    .from(estimationGroups)
    .where(eq(estimationGroups.id, id));
  return group?.conversationId;
}

/** Deletes the buttons matching every filter given; false when none matched. */
export async function deleteConnectors(db: Db, q: z.output<typeof answerConnectorDeleteQuery>) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(answerConnectors)
      .where(
        and(
          q.id ? eq(answerConnectors.id, q.id) : undefined,
          q.fromId ? eq(answerConnectors.fromId, q.fromId) : undefined,
          q.nextId ? eq(answerConnectors.nextId, q.nextId) : undefined,
        ),
      )
      .returning();
    await recordChanges(tx, rowChanges('answerconnectors', removed, []));
    return removed.length > 0;
  });
}

/** Deletes estimation group `id`; its buttons keep their points, ungrouped. */
export async function deleteEstimationGroup(db: Db, id: number) {
  return tableQueries(db, estimationGroupsTable, { entity: 'estimationgroup' }).remove(id);
}
