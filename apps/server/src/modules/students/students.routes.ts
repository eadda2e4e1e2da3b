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
import type { Db } from '../../db/client.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { registerResource } from '../../plugins/resource.js';
import { registerCsv } from '../../plugins/csv-routes.js';
import { exportStudentsCsv, studentsImporter } from './students.csv.js';
import {
  insertStudent,
  renewHashCode,
  studentColumns,
  studentOfClient,
  studentsTable,
  type StudentRow,
} from './students.queries.js';
import { requireStudent } from './students.shared.js';
import { studentTimeline } from './students.timeline.js';

/** docs/bot.md, Deep links: the messenger start link carrying the student's hashCode. */
export const deepLinkOf = (botUsername: string | undefined, hashCode: string) =>
  botUsername ? `https://t.me/${botUsername}?start=${hashCode}` : null;

/** Students (docs/data-model.md; docs/api.md, Students), the deep link's hashCode, and a client made into a student. */
export const studentsRoutes: FastifyPluginAsyncZod<{ db: Db; botUsername?: string }> = async (
  app,
  { db, botUsername },
) => {
  const toStudent = (row: StudentRow): Student => ({
    id: row.id,
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
    client: row.clientId,
    createdAt: row.createdAt.toISOString(),
  });

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
    override: () => ({
      create: async (input) => toStudent(await insertStudent(db, input)),
    }),
  });

  registerCsv(app, db, {
    path: 'students',
    tags: ['students'],
    query: studentListQuery,
    exportCsv: exportStudentsCsv,
    importer: studentsImporter,
  });

  app.post(
    '/students/:id/hashcode',
    {
      onRequest: [requireUser],
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
      onRequest: [requireUser],
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
      const { entries, total } = await studentTimeline(db, request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return entries;
    },
  );

  // A client becomes a student once: a second request (a double click) answers the same one.
  app.post(
    '/clients/:id/student',
    {
      onRequest: [requireUser],
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
