import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
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
import { paidConflictBody } from '@school/contract/money';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { allow, allowSeen } from '../../plugins/policy.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { settleParticipants } from '../money/money.shared.js';
import { requireStudent, requireVisibleStudent } from '../students/students.shared.js';
import { studentInfoPanel } from './events.queries.js';
import {
  addToLesson,
  eventFor,
  listEventsAs,
  NO_EVENT,
  removeEvent,
  requireVisibleEvent,
  updateEvent,
} from './events.service.js';

/** Participations (docs/data-model.md, Event; docs/api.md, Schedule): a student in a lesson. */
export const eventsRoutes: FastifyPluginAsyncZod<{ db: Db; schoolZone: string }> = async (
  app,
  { db, schoolZone },
) => {
  app.get(
    '/events',
    {
      onRequest: [allow('participations')],
      schema: {
        tags: ['schedule'],
        summary: "A lesson's participants (?lesson=) or a student's participations (?student=)",
        querystring: eventListQuery,
        response: { 200: z.array(event), ...errorResponses },
      },
    },
    async (request, reply) => {
      // a teacher's call about a student of none of their lessons: 404 (docs/roles.md)
      if (request.query.student !== undefined) {
        await requireVisibleStudent(db, request, request.query.student);
      }
      // isPaid is derived: what has fallen due is charged first (docs/money.md)
      await settleParticipants(db, request.query);
      const page = await listEventsAs(db, sessionOf(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  app.get(
    '/events/infopanel',
    {
      onRequest: [allow('participations')],
      schema: {
        tags: ['schedule'],
        summary: "A student's lessons, attended, absences, paid and the amount to pay",
        querystring: eventsInfoQuery,
        response: { 200: z.array(infoPiece), ...errorResponses },
      },
    },
    async (request) => {
      await requireStudent(db, request.query.student);
      await requireVisibleStudent(db, request, request.query.student);
      // paid and to pay are derived: what has fallen due is charged first (docs/money.md)
      await settleParticipants(db, { student: request.query.student });
      return studentInfoPanel(db, request.query.student, schoolZone);
    },
  );

  app.post(
    '/events',
    {
      onRequest: [allow('participations')],
      schema: {
        tags: ['schedule'],
        summary: 'Add a student, or every student of a groupe, to a lesson',
        body: eventInput,
        response: { 201: z.union([event, eventBatch]), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addToLesson(db, sessionOf(request), request.body)),
  );

  app.get(
    '/events/:id',
    {
      onRequest: [allow('participations')],
      schema: {
        tags: ['schedule'],
        params: idParam,
        response: { 200: event, ...errorResponses },
      },
    },
    async (request) => {
      await settleParticipants(db, { event: request.params.id });
      return eventFor(
        sessionOf(request),
        await requireVisibleEvent(db, sessionOf(request), request.params.id),
      );
    },
  );

  app.put(
    '/events/:id',
    {
      onRequest: [allow('participations')],
      schema: {
        tags: ['schedule'],
        summary: 'Mark attendance, payment, notes or homework of a participation',
        params: idParam,
        body: eventUpdate,
        response: { 200: event, ...errorResponses, 409: paidConflictBody },
      },
    },
    async (request) => {
      // another teacher's student: 404, as if there were no such participation (docs/roles.md)
      await requireVisibleEvent(db, sessionOf(request), request.params.id);
      return updateEvent(db, sessionOf(request), request.params.id, request.body);
    },
  );

  // a participation of a student not theirs is 404 to a teacher before their role's 403
  // (docs/roles.md, Students)
  const eventSeen = allowSeen('participations', async (request) => {
    const id = Number((request.params as { id?: string }).id);
    if (Number.isInteger(id) && id > 0) await requireVisibleEvent(db, sessionOf(request), id);
  });

  app.delete(
    '/events/:id',
    {
      onRequest: [eventSeen],
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
      const gone = await removeEvent(db, sessionOf(request), request.params.id, following);
      if (!gone) throw notFound(NO_EVENT);
      return reply.status(204).send(null);
    },
  );
};
