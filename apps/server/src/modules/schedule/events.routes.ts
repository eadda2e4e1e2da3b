import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  event,
  eventBatch,
  eventInput,
  eventListQuery,
  eventsInfoQuery,
  eventUpdate,
  infoPiece,
  scopeQuery,
} from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/schedule.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, HttpError, notFound, sqlStateOf } from '../../plugins/errors.js';
import { setsNothing } from '../../plugins/resource.js';
import { requireStudent } from '../students/students.shared.js';
import {
  addParticipants,
  findEvent,
  listEvents,
  removeParticipant,
  studentInfoPanel,
  studentsOfGroup,
} from './events.queries.js';
import { findLesson, requireReferences } from './lessons.queries.js';

const NO_EVENT = 'No such participation';
const ALREADY_IN = 'takes part in this lesson already';

/** Participations (SPEC §3 Event, §7 events): a student in a lesson. */
export const eventsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/events',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: "A lesson's participants (?lesson=) or a student's participations (?student=)",
        querystring: eventListQuery,
        response: { 200: z.array(event), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listEvents(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  app.get(
    '/events/infopanel',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: "A student's lessons, attended, absences, paid and the amount to pay",
        querystring: eventsInfoQuery,
        response: { 200: z.array(infoPiece), ...errorResponses },
      },
    },
    async (request) => {
      await requireStudent(db, request.query.student);
      return studentInfoPanel(db, request.query.student);
    },
  );

  app.post(
    '/events',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'Add a student, or every student of a groupe, to a lesson',
        body: eventInput,
        response: { 201: z.union([event, eventBatch]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { lesson: lessonId, student, groupe, scope, ...fields } = request.body;
      const lesson = await findLesson(db, lessonId);
      if (!lesson) {
        throw new HttpError(400, errorCodes.validation, 'Invalid lesson: it does not exist', {
          lesson: 'does not exist',
        });
      }
      const following = (scope ?? 'following') === 'following';
      if (student) {
        await requireStudent(db, student).catch(() => {
          throw new HttpError(400, errorCodes.validation, 'Invalid student: it does not exist', {
            student: 'does not exist',
          });
        });
        const made = await db.transaction(async (tx) => {
          // one participation per student and lesson: a second one, even at the same moment, is refused
          const [one] = await tx
            .insert(events)
            .values({ lessonId, studentId: student, ...fields })
            .returning({ id: events.id })
            .catch((err: unknown) => {
              if (sqlStateOf(err) === '23505') {
                throw new HttpError(409, errorCodes.conflict, `Invalid student: ${ALREADY_IN}`, {
                  student: ALREADY_IN,
                });
              }
              throw err;
            });
          if (following) await addParticipants(tx, lesson, [student], fields, true);
          return one;
        });
        const created = made && (await findEvent(db, made.id));
        if (!created) throw notFound(NO_EVENT);
        return reply.status(201).send(created);
      }
      await requireReferences(db, { groupe });
      const members = await studentsOfGroup(db, groupe ?? 0);
      const made = await db.transaction((tx) =>
        addParticipants(tx, lesson, members, fields, following),
      );
      const created = await Promise.all(made.map((m) => findEvent(db, m.id)));
      const madeFor = new Set(made.map((m) => m.student));
      return reply.status(201).send({
        created: created.filter((e) => e !== undefined),
        skipped: members.filter((id) => !madeFor.has(id)),
      });
    },
  );

  app.get(
    '/events/:id',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        params: idParam,
        response: { 200: event, ...errorResponses },
      },
    },
    async (request) => {
      const found = await findEvent(db, request.params.id);
      if (!found) throw notFound(NO_EVENT);
      return found;
    },
  );

  app.put(
    '/events/:id',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'Mark attendance, payment, notes or homework of a participation',
        params: idParam,
        body: eventUpdate,
        response: { 200: event, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await findEvent(db, id);
      if (!current) throw notFound(NO_EVENT);
      if (setsNothing(request.body)) return current;
      const b = request.body;
      await db
        .update(events)
        .set({
          toPay: b.toPay,
          attendence: b.attendence,
          isPaid: b.isPaid,
          notes: b.notes,
          homework: b.homework,
          date: b.date,
          start: b.start,
          end: b.end,
        })
        .where(eq(events.id, id));
      const updated = await findEvent(db, id);
      if (!updated) throw notFound(NO_EVENT);
      return updated;
    },
  );

  app.delete(
    '/events/:id',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'Remove a participant; scope following: also from the later lessons of the series',
        params: idParam,
        querystring: scopeQuery,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const following = request.query.scope === 'following';
      const gone = await db.transaction((tx) =>
        removeParticipant(tx, request.params.id, following),
      );
      if (!gone) throw notFound(NO_EVENT);
      return reply.status(204).send(null);
    },
  );
};
