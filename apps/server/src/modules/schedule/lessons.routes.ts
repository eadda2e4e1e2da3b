import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  affectedLessons,
  alternativeDate,
  alternativesQuery,
  clashErrorBody,
  lesson,
  lessonInput,
  lessonListQuery,
  lessonUpdate,
  scopeQuery,
} from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { allow } from '../../plugins/policy.js';
import { alternativeDates } from './lessons.clashes.js';
import { affectedBy, findLesson, listLessons } from './lessons.queries.js';
import { createLessonAs, deleteLessonAs, NO_LESSON, updateLessonAs } from './lessons.service.js';
import { lessonFor } from './schedule.access.js';
import { wallClockIn } from './schedule.dates.js';
import { clashesSeenBy } from './schedule.visible.js';
import { zoneOf } from './schedule.service.js';

const responses = { ...errorResponses, 409: clashErrorBody };

/** Lessons (docs/api.md, Schedule), weekly series (ADR 018), alternative dates and clashes. */
export const lessonsRoutes: FastifyPluginAsyncZod<{ db: Db; schoolZone: string }> = async (
  app,
  { db, schoolZone },
) => {
  const requireLesson = async (id: number) => {
    const found = await findLesson(db, id);
    if (!found) throw notFound(NO_LESSON);
    return found;
  };

  app.get(
    '/lessons',
    {
      onRequest: [allow('lessons')],
      schema: {
        tags: ['schedule'],
        summary: 'Lessons of a date (?date=) or a range, by date and start',
        querystring: lessonListQuery,
        response: { 200: z.array(lesson), ...responses },
      },
    },
    async (request, reply) => {
      const page = await listLessons(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows.map((l) => lessonFor(sessionOf(request), l));
    },
  );

  app.post(
    '/lessons',
    {
      onRequest: [allow('lessons')],
      schema: {
        tags: ['schedule'],
        summary: 'A lesson, or with isCycled 1 a weekly series from its date (answers the first)',
        body: lessonInput,
        response: { 201: lesson, ...responses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLessonAs(db, sessionOf(request), request.body)),
  );

  app.get(
    '/lessons/:id',
    {
      onRequest: [allow('lessons')],
      schema: {
        tags: ['schedule'],
        params: idParam,
        response: { 200: lesson, ...responses },
      },
    },
    async (request) => lessonFor(sessionOf(request), await requireLesson(request.params.id)),
  );

  app.put(
    '/lessons/:id',
    {
      onRequest: [allow('lessons')],
      schema: {
        tags: ['schedule'],
        summary: 'Change or move a lesson; scope following: also the later ones of its series',
        params: idParam,
        body: lessonUpdate,
        response: { 200: lesson, ...responses },
      },
    },
    async (request) => {
      const current = await requireLesson(request.params.id);
      return updateLessonAs(db, sessionOf(request), current, request.body);
    },
  );

  app.delete(
    '/lessons/:id',
    {
      onRequest: [allow('lessons')],
      schema: {
        tags: ['schedule'],
        summary: 'Delete a lesson with its participations; scope following: also the later ones',
        params: idParam,
        querystring: scopeQuery,
        response: { 204: z.null(), ...responses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await deleteLessonAs(db, sessionOf(request), id, request.query.scope))) {
        throw notFound(NO_LESSON);
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/lessons/:id/affected',
    {
      onRequest: [allow('lessons')],
      schema: {
        tags: ['schedule'],
        summary: 'The lessons a change or delete with this scope would touch (nothing changes)',
        params: idParam,
        querystring: scopeQuery,
        response: { 200: affectedLessons, ...responses },
      },
    },
    async (request) => {
      const current = await requireLesson(request.params.id);
      const scope = current.series === null ? 'this' : request.query.scope;
      const rows = await affectedBy(db, current, scope);
      return {
        scope,
        lessons: rows.map(({ id, date, start, end, participants }) => ({
          id,
          date,
          start,
          end,
          participants,
        })),
      };
    },
  );

  app.get(
    '/lessons/:id/alternatives',
    {
      onRequest: [allow('lessons')],
      schema: {
        tags: ['schedule'],
        summary:
          'Other days of its week and the same weekday next week, ahead of now, free or clashing',
        params: idParam,
        querystring: alternativesQuery,
        response: { 200: z.array(alternativeDate), ...responses },
      },
    },
    async (request) => {
      // a bad ?tz= is still refused; "now" is the school's, as lesson times are (ADR 035)
      zoneOf(request.query.tz, sessionOf(request).timezone);
      const now = wallClockIn(schoolZone);
      const options = await alternativeDates(db, await requireLesson(request.params.id), now);
      // a teacher: no clash naming a student not theirs, the date still clashing (docs/roles.md)
      const seen = new Set(
        await clashesSeenBy(
          db,
          sessionOf(request),
          options.flatMap((o) => o.clashes),
        ),
      );
      return options.map((o) => ({ ...o, clashes: o.clashes.filter((c) => seen.has(c)) }));
    },
  );
};
