import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { infoPiece, scheduleDay, scheduleQuery } from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { requireUser, sessionOf } from '../../plugins/access.js';
import { errorResponses } from '../../plugins/errors.js';
import { uncheckedJson } from '../../plugins/resource.js';
import { askedDays, inTurnForRange, scheduleDays, scheduleInfo } from './schedule.service.js';

/** The schedule (docs/screens.md, Schedule; docs/schedule.md): days with their lessons and sums. */
export const scheduleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/schedule',
    {
      onRequest: [requireUser],
      // a week of lessons is many wide rows: written as typed code built them (ADR 016)
      ...uncheckedJson,
      schema: {
        tags: ['schedule'],
        summary: 'Days with their lessons: ?bias=N week, ?dateFrom&dateTo, or ?cycled=1 template',
        querystring: scheduleQuery,
        response: { 200: z.array(scheduleDay), ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const asked = askedDays(request.query, session.timezone);
      return inTurnForRange(asked, () => scheduleDays(db, request.query, asked, session));
    },
  );

  app.get(
    '/schedule/infopanel',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'Lessons, hours, earned, unpaid, students and attendance of the same days',
        querystring: scheduleQuery,
        response: { 200: z.array(infoPiece), ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const asked = askedDays(request.query, session.timezone);
      return inTurnForRange(asked, async () => {
        const days = await scheduleDays(db, request.query, asked, session);
        return scheduleInfo(db, days, session, request.query.cycled === 1);
      });
    },
  );
};
