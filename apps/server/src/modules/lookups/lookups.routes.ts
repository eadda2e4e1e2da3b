import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, listQueryWith, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  dictionaryInput,
  dictionaryUpdate,
  EDITABLE_DICTIONARIES,
  FIXED_LOOKUPS,
  lookupItem,
  stage,
} from '@school/contract/lookups';
import { attendanceStatus, attendanceStatusUpdate } from '@school/contract/money';
import type { Db } from '../../db/client.js';
import { attendanceStatuses, stages } from '../../db/schema/lookups.js';
import { requireUser } from '../../plugins/access.js';
import { allow } from '../../plugins/policy.js';
import { registerResource } from '../../plugins/resource.js';
import { dictionaryTables, listLookup, nextStageOrder } from './lookups.queries.js';
import { keyAfterRename } from './lookups.writes.js';

const LINKED = 'Other records use this item; change them first';
const query = listQueryWith(['name', 'id']);

/**
 * GET /api/{lookup} for every lookup (docs/api.md, Lookups); the dictionaries staff edit in /settings
 * (docs/data-model.md, Lookups) are resources: list, get, create, update, delete.
 */
export const lookupsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // everyone reads the lookups; only the roles of docs/roles.md edit them
  app.addHook('onRequest', allow('lookups'));
  registerResource(app, db, {
    path: 'stages',
    tags: ['lookups'],
    schemas: {
      item: stage,
      query: listQueryWith(['order', 'name', 'id']),
      create: dictionaryInput,
      update: dictionaryUpdate,
    },
    table: {
      table: stages,
      search: [stages.name],
      sort: { order: stages.order, name: stages.name, id: stages.id },
      defaultSort: 'order',
    },
    toItem: (row) => row,
    toColumns: (input) => ({ name: input.name, color: input.color, order: input.order }),
    updateColumns: (input) => keyAfterRename(stages, input.name),
    notFound: 'No such stage',
    linked: LINKED,
    override: (plain) => ({
      // a new stage goes last unless given an order (docs/clients.md, Stages)
      create: async (input, request) =>
        plain.create(
          {
            ...input,
            color: input.color ?? '#94a3b8',
            order: input.order ?? (await nextStageOrder(db)),
          },
          request,
        ),
    }),
  });

  for (const name of EDITABLE_DICTIONARIES.filter((d) => d !== 'stages')) {
    const table = dictionaryTables[name];
    registerResource(app, db, {
      path: name,
      tags: ['lookups'],
      schemas: { item: lookupItem, query, create: dictionaryInput, update: dictionaryUpdate },
      table: {
        table,
        search: [table.name],
        sort: { name: table.name, id: table.id },
        defaultSort: 'name',
      },
      toItem: ({ id, name, key }) => ({ id, name, key }),
      toColumns: (input) => ({ name: input.name }),
      updateColumns: (input) => keyAfterRename(table, input.name),
      notFound: 'No such item',
      linked: LINKED,
    });
  }

  // fixed ids 0 to 5 (docs/money.md, Attendance statuses): listed, read and edited, never
  // made or deleted; a change of `charge` changes what lessons ahead charge, never what is due
  registerResource(app, db, {
    path: 'attendancestatuses',
    tags: ['lookups'],
    only: ['list', 'get', 'update'],
    params: z.object({ id: z.coerce.number().int().min(0) }),
    schemas: {
      item: attendanceStatus,
      query,
      create: attendanceStatusUpdate,
      update: attendanceStatusUpdate,
    },
    table: {
      table: attendanceStatuses,
      search: [attendanceStatuses.name],
      sort: { name: attendanceStatuses.name, id: attendanceStatuses.id },
      defaultSort: 'id',
    },
    toItem: ({ id, name, key, charge, payTeacher }) => ({ id, name, key, charge, payTeacher }),
    toColumns: (input) => ({
      charge: input.charge,
      payTeacher: input.payTeacher,
      name: input.name,
    }),
    updateColumns: (input) => keyAfterRename(attendanceStatuses, input.name),
    notFound: 'No such attendance status',
  });

  for (const name of FIXED_LOOKUPS) {
    app.get(
      `/${name}`,
      {
        onRequest: requireUser,
        schema: { tags: ['lookups'], response: { 200: z.array(lookupItem), 401: errorBody } },
      },
      async (_request, reply) => {
        const rows = await listLookup(db, name);
        reply.header(TOTAL_COUNT_HEADER, String(rows.length));
        return rows;
      },
    );
  }
};
