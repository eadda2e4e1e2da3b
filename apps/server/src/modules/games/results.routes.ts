import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@school/contract/common';
import { gameResult, gameResultListQuery } from '@school/contract/games';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { errorResponses } from '../../plugins/errors.js';
import { allow } from '../../plugins/policy.js';
import { requireVisibleStudent, studentsVisibleTo } from '../students/students.shared.js';
import { listResults } from './results.queries.js';

/** Staff read the plays recorded for students: by student, by game set or by set. */
export const resultsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/gameresults',
    {
      onRequest: [allow('students')],
      schema: {
        tags: ['games'],
        summary: 'Recorded plays, newest first: ?student=, ?grid= or ?set=',
        querystring: gameResultListQuery,
        response: { 200: z.array(gameResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      // a teacher's student only (docs/roles.md, Students)
      const { student } = request.query;
      if (student !== undefined) await requireVisibleStudent(db, request, student);
      // listed by grid, set or none: only the teacher's students' plays, counted alike
      const page = await listResults(db, request.query, studentsVisibleTo(sessionOf(request)));
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );
};
