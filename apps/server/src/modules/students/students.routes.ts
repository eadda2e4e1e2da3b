import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listQuery, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  student,
  studentInput,
  studentListQuery,
  studentUpdate,
  timelineEntry,
  type Student,
} from '@school/contract/students';
import { learnerPageLink } from '@school/contract/learner';
import type { Db } from '../../db/client.js';
import { requireUser, sessionOf } from '../../plugins/access.js';
import { allow, forbiddenForRole, mayDo, mayDoAll } from '../../plugins/policy.js';
import { tableQueries } from '../../db/resource.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { registerResource, withVersion } from '../../plugins/resource.js';
import { registerCsv } from '../../plugins/csv-routes.js';
import { exportStudentsCsv, studentsImporter } from './students.csv.js';
import {
  deepLinkOf,
  insertStudent,
  renewHashCode,
  studentColumns,
  studentOfClient,
  studentsTable,
  studentsTableFor,
  type StudentRow,
} from './students.queries.js';
import { refuseDeleteWithMoney, settleParticipants } from '../money/money.shared.js';
import { requireStudent, requireVisibleStudent } from './students.shared.js';
import { studentTimeline } from './students.timeline.js';

/** Students (docs/data-model.md; docs/api.md, Students), the deep link's hashCode, and a client made into a student. */
export const studentsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  botUsername?: string;
  gamesBaseUrl?: string;
  /** the school's time zone, of lesson times (BOT_TIMEZONE) */
  schoolZone: string;
}> = async (app, { db, botUsername, gamesBaseUrl, schoolZone }) => {
  const toStudent = (row: StudentRow): Student => ({
    id: row.id,
    version: row.version,
    name: row.name,
    surname: row.surname,
    email: row.email,
    gMeetId: row.gMeetId,
    gdocument: row.gdocument,
    gDictionaryUa: row.gDictionaryUa,
    gDictionaryEng: row.gDictionaryEng,
    telegramUsername: row.telegramUsername,
    facebook: row.facebook,
    schedule: row.schedule,
    ocupation: row.ocupation,
    location: row.location,
    responsibleId: row.responsibleId,
    project: row.projectId,
    level: row.levelId,
    groupe: row.groupId,
    timezone: row.timezone,
    hasBroadcast: row.hasBroadcast,
    hashCode: row.hashCode,
    deepLink: deepLinkOf(botUsername, row.hashCode),
    // GAMES_BASE_URL, else a path on this server (the screen makes it whole)
    pageLink: learnerPageLink(gamesBaseUrl ?? '/play', row.hashCode),
    client: row.clientId,
    createdAt: row.createdAt.toISOString(),
  });

  /**
   * The hook of every call about one student: the role's right (docs/roles.md), then, for a
   * teacher, 404 for a student of no lesson of theirs, before anything is read or changed.
   */
  const studentAllowed =
    (action?: 'read' | 'update' | 'delete') => async (request: FastifyRequest) => {
      await allow('students', action)(request);
      const id = Number((request.params as { id?: string }).id);
      if (!Number.isInteger(id) || id < 1) return; // the params' validation answers 400
      await requireVisibleStudent(db, request, id);
    };

  registerResource(app, db, {
    path: 'students',
    tags: ['students'],
    schemas: {
      item: student,
      query: studentListQuery,
      create: studentInput,
      update: studentUpdate,
    },
    table: studentsTable,
    toItem: toStudent,
    toColumns: studentColumns,
    notFound: 'No such student',
    linked: 'Documents, lessons or bot runs belong to this student; remove them first',
    access: {
      list: allow('students'),
      create: allow('students'),
      get: studentAllowed(),
      update: studentAllowed(),
      delete: studentAllowed(),
    },
    override: (plain) => ({
      // a teacher's list holds only their students, counted in SQL (docs/roles.md, Students)
      list: async (query, request) => {
        const page = await tableQueries(db, studentsTableFor(sessionOf(request))).list(query);
        return { rows: page.rows.map((r) => withVersion(toStudent(r), r)), total: page.total };
      },
      create: async (input) => {
        const row = await insertStudent(db, input);
        return withVersion(toStudent(row), row);
      },
      // the ledger is kept for good: one with money history answers 409 naming it (docs/money.md)
      remove: async (id, request) => {
        await refuseDeleteWithMoney(db, id);
        return plain.remove(id, request);
      },
    }),
  });

  // The import matches students by e-mail or Telegram and changes them, whoever's they are:
  // a role reaching every student may (docs/roles.md, Students); a teacher gets 403.
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.includes('/students/import')) return;
    await requireUser(request);
    const { role } = sessionOf(request);
    if (!mayDoAll(role, 'students', 'update')) throw forbiddenForRole(role);
  });

  registerCsv(app, db, {
    path: 'students',
    tags: ['students'],
    query: studentListQuery,
    exportCsv: (_db, query, request) => exportStudentsCsv(db, query, request && sessionOf(request)),
    importer: studentsImporter,
  });

  app.post(
    '/students/:id/hashcode',
    {
      onRequest: [studentAllowed('update')],
      schema: {
        tags: ['students'],
        summary: 'A new hashCode: the old deep link stops working, its Telegram links end',
        params: idParam,
        response: { 200: student, ...errorResponses },
      },
    },
    async (request) => {
      const row = await renewHashCode(db, request.params.id);
      if (!row) throw notFound('No such student');
      return toStudent(row);
    },
  );

  app.get(
    '/students/:id/timeline',
    {
      onRequest: [studentAllowed('read')],
      schema: {
        tags: ['students'],
        summary: "The student's timeline, newest first",
        params: idParam,
        querystring: listQuery,
        response: { 200: z.array(timelineEntry), ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireStudent(db, request.params.id);
      // a participation's paid is derived: what has fallen due is charged first (docs/money.md)
      await settleParticipants(db, { student: request.params.id });
      // documents only for a role that may read them (docs/roles.md, Student documents)
      const documents = mayDo(sessionOf(request).role, 'studentDocuments', 'read');
      // payment reminders only for a role that reads money (docs/roles.md)
      const money = mayDo(sessionOf(request).role, 'money', 'read');
      const { entries, total } = await studentTimeline(db, request.params.id, request.query, {
        documents,
        money,
        schoolZone,
      });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return entries;
    },
  );

  // A client becomes a student once: a second request (a double click) answers the same one.
  app.post(
    '/clients/:id/student',
    {
      // a client's matter: a teacher, who has no clients, gets 403
      onRequest: [allow('clients', 'read'), allow('students', 'create')],
      schema: {
        tags: ['students'],
        summary: 'Make a student of a client, or answer the one made before',
        params: idParam,
        response: { 200: student, 201: student, ...errorResponses },
      },
    },
    async (request, reply) => {
      const made = await studentOfClient(db, request.params.id);
      if (!made) throw notFound('No such client');
      return reply.status(made.created ? 201 : 200).send(toStudent(made.row));
    },
  );
};
