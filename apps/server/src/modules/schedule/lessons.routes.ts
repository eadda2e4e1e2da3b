import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  affectedLessons,
  alternativeDate,
  clashErrorBody,
  lesson,
  lessonInput,
  lessonListQuery,
  lessonUpdate,
  scopeQuery,
} from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { lessons } from '../../db/schema/schedule.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { setsNothing } from '../../plugins/resource.js';
import { addDays, dayOfWeek, mondayOf } from './schedule.dates.js';
import {
  affectedBy,
  clashesAt,
  extendDue,
  findLesson,
  lessonsBetween,
  selectLessons,
  studentsOf,
} from './lessons.queries.js';
import { createLesson, deleteLesson, updateLesson } from './lessons.writes.js';

const responses = { ...errorResponses, 409: clashErrorBody };
const NO_LESSON = 'No such lesson';

/** Lessons (SPEC §7 lessons), weekly series (ADR 018), alternative dates and clashes. */
export const lessonsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const requireLesson = async (id: number) => {
    const found = await findLesson(db, id);
    if (!found) throw notFound(NO_LESSON);
    return found;
  };

  app.get(
    '/lessons',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'Lessons of a date (?date=) or a range, by date and start',
        querystring: lessonListQuery,
        response: { 200: z.array(lesson), ...responses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const from = q.date ?? q.dateFrom;
      const to = q.date ?? q.dateTo;
      if (to) await extendDue(db, to);
      const filters: (SQL | undefined)[] = [
        from ? lessonsBetween(from, to ?? '9999-12-31') : undefined,
        !from && to ? lessonsBetween('0001-01-01', to) : undefined,
        q.teacher ? eq(lessons.teacherId, q.teacher) : undefined,
        q.groupe ? eq(lessons.groupId, q.groupe) : undefined,
        q.series ? eq(lessons.seriesId, q.series) : undefined,
      ];
      const page = await selectLessons(db, and(...filters), q);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  app.post(
    '/lessons',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'A lesson, or with isCycled 1 a weekly series from its date (answers the first)',
        body: lessonInput,
        response: { 201: lesson, ...responses },
      },
    },
    async (request, reply) => reply.status(201).send(await createLesson(db, request.body)),
  );

  app.get(
    '/lessons/:id',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        params: idParam,
        response: { 200: lesson, ...responses },
      },
    },
    async (request) => requireLesson(request.params.id),
  );

  app.put(
    '/lessons/:id',
    {
      onRequest: [requireUser],
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
      const { scope: _scope, force: _force, ...fields } = request.body;
      if (setsNothing(fields)) return current;
      const updated = await updateLesson(db, current, request.body);
      if (!updated) throw notFound(NO_LESSON);
      return updated;
    },
  );

  app.delete(
    '/lessons/:id',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'Delete a lesson with its participations; scope following: also the later ones',
        params: idParam,
        querystring: scopeQuery,
        response: { 204: z.null(), ...responses },
      },
    },
    async (request, reply) => {
      if (!(await deleteLesson(db, request.params.id, request.query.scope))) {
        throw notFound(NO_LESSON);
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/lessons/:id/affected',
    {
      onRequest: [requireUser],
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
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'Other days of its week and the same weekday next week, free or clashing',
        params: idParam,
        response: { 200: z.array(alternativeDate), ...responses },
      },
    },
    async (request) => {
      const current = await requireLesson(request.params.id);
      const monday = mondayOf(current.date);
      const dates = [
        ...Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter(
          (d) => d !== current.date,
        ),
        addDays(current.date, 7),
      ];
      const clashes = await clashesAt(db, {
        dates,
        start: current.start,
        end: current.end,
        teacher: current.teacher,
        students: await studentsOf(db, [current.id]),
        exclude: [current.id],
      });
      return dates.map((date) => {
        const own = clashes.filter((c) => c.date === date);
        return {
          date,
          dayOfWeek: dayOfWeek(date),
          status: own.length > 0 ? ('clashing' as const) : ('free' as const),
          clashes: own,
        };
      });
    },
  );
};
