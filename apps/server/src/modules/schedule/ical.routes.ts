import { randomBytes } from 'node:crypto';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import ical from 'ical-generator';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import { api } from '@school/contract/paths';
import { icalFeed } from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { lessons } from '../../db/schema/schedule.js';
import { users } from '../../db/schema/users.js';
import { requireAdmin, requireUser, sessionOf } from '../../plugins/access.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { addDays, todayIn } from './schedule.dates.js';
import { extendDue, seriesHorizon, selectLessons } from './lessons.queries.js';

/** How far back a feed reaches. */
const FEED_PAST_DAYS = 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A teacher's lessons as an iCalendar feed at a secret address (ADR 018): no login, so the
 * address is the only key; drawing a new one makes the old one answer 404.
 */
export const icalRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const feedOf = (request: FastifyRequest, token: string) => ({
    token,
    url: `${request.protocol}://${request.host}${api.icalFeed(token)}`,
  });

  async function regenerate(request: FastifyRequest, userId: number) {
    const token = randomBytes(32).toString('base64url');
    const [row] = await db
      .update(users)
      .set({ icalToken: token })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw notFound('No such user');
    return feedOf(request, token);
  }

  const response = { 200: icalFeed, ...errorResponses };

  app.get(
    '/me/ical',
    {
      onRequest: [requireUser],
      schema: { tags: ['schedule'], summary: 'My calendar feed address', response },
    },
    async (request) => {
      const [row] = await db
        .select({ token: users.icalToken })
        .from(users)
        .where(eq(users.id, sessionOf(request).userId));
      if (!row?.token) throw notFound('No calendar feed yet: make one with POST');
      return feedOf(request, row.token);
    },
  );

  app.post(
    '/me/ical',
    {
      onRequest: [requireUser],
      schema: { tags: ['schedule'], summary: 'A new calendar feed address', response },
    },
    async (request) => regenerate(request, sessionOf(request).userId),
  );

  app.post(
    '/users/:id/ical',
    {
      onRequest: [requireAdmin],
      schema: {
        tags: ['schedule'],
        summary: 'A new calendar feed address for a teacher (the old one stops working)',
        params: idParam,
        response,
      },
    },
    async (request) => regenerate(request, request.params.id),
  );

  app.get(
    '/ical/:file',
    {
      schema: {
        tags: ['schedule'],
        summary: "A teacher's lessons as iCalendar ({token}.ics), no login",
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const [teacher] = TOKEN.test(token)
        ? await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(and(eq(users.icalToken, token), eq(users.disabled, false)))
        : [];
      if (!teacher) throw notFound('No such calendar');
      const horizon = seriesHorizon();
      await extendDue(db, horizon);
      const from = addDays(todayIn('UTC'), -FEED_PAST_DAYS);
      const { rows } = await selectLessons(
        db,
        and(eq(lessons.teacherId, teacher.id), gte(lessons.date, from), lte(lessons.date, horizon)),
      );
      const calendar = ical({ name: `Lessons: ${teacher.firstName} ${teacher.lastName}`.trim() });
      for (const l of rows) {
        // floating times: the lesson's wall-clock time, as the school writes it
        calendar.createEvent({
          id: `lesson-${l.id}@school-office`,
          start: `${l.date}T${l.start}:00Z`,
          end: `${l.date}T${l.end}:00Z`,
          floating: true,
          summary: l.course || 'Lesson',
          description: [l.comment, l.resources].filter(Boolean).join('\n'),
        });
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(calendar.toString());
    },
  );
};
