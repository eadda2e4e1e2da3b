import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import { api } from '@school/contract/paths';
import { icalFeed, myIcalFeed } from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { rightOf } from '@school/contract/roles';
import { sessionOf } from '../../plugins/access.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { allow, forbiddenForRole } from '../../plugins/policy.js';
import { icalTokenOf, userExists } from './ical.queries.js';
import { icalFeedText, newIcalToken } from './ical.service.js';
import { feedZoneOf } from './ical.timezone.js';

/**
 * A teacher's lessons as an iCalendar feed at a secret address (ADR 018): no login, so the
 * address is the only key; drawing a new one makes the old one answer 404.
 */
export const icalRoutes: FastifyPluginAsyncZod<{ db: Db; schoolZone: string }> = async (
  app,
  { db, schoolZone },
) => {
  const feed = { schoolZone, zone: feedZoneOf(schoolZone) };
  const feedOf = (request: FastifyRequest, token: string) => ({
    token,
    url: `${request.protocol}://${request.host}${api.icalFeed(token)}`,
  });

  async function regenerate(request: FastifyRequest, userId: number) {
    return feedOf(request, await newIcalToken(db, userId));
  }

  const response = { 200: icalFeed, ...errorResponses };

  /**
   * 403 unless the session may read or make user `id`'s feed (docs/roles.md, the iCal feed):
   * reach `all` (admin, manager) any user's, `own` (a teacher) their own only; 404 for no user.
   */
  async function requireFeedOf(request: FastifyRequest, id: number) {
    const session = sessionOf(request);
    const action = request.method === 'GET' ? 'read' : 'create';
    if (rightOf(session.role, 'ical', action).reach !== 'all' && id !== session.userId) {
      throw forbiddenForRole(session.role);
    }
    if (!(await userExists(db, id))) throw notFound('No such user');
  }

  app.get(
    '/me/ical',
    {
      onRequest: [allow('ical')],
      schema: {
        tags: ['schedule'],
        summary: 'My calendar feed address; null until one is made with POST',
        response: { ...response, 200: myIcalFeed },
      },
    },
    async (request) => {
      const token = await icalTokenOf(db, sessionOf(request).userId);
      return token ? feedOf(request, token) : null;
    },
  );

  app.post(
    '/me/ical',
    {
      onRequest: [allow('ical')],
      schema: { tags: ['schedule'], summary: 'A new calendar feed address', response },
    },
    async (request) => regenerate(request, sessionOf(request).userId),
  );

  app.get(
    '/users/:id/ical',
    {
      onRequest: [allow('ical')],
      schema: {
        tags: ['schedule'],
        summary: "A teacher's calendar feed address; null until one is made with POST",
        params: idParam,
        response: { ...response, 200: myIcalFeed },
      },
    },
    async (request) => {
      await requireFeedOf(request, request.params.id);
      const token = await icalTokenOf(db, request.params.id);
      return token ? feedOf(request, token) : null;
    },
  );

  app.post(
    '/users/:id/ical',
    {
      onRequest: [allow('ical')],
      schema: {
        tags: ['schedule'],
        summary:
          'A new calendar feed address for a teacher (the old one stops working); a teacher: their own only',
        params: idParam,
        response,
      },
    },
    async (request) => {
      await requireFeedOf(request, request.params.id);
      return regenerate(request, request.params.id);
    },
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
      const text = await icalFeedText(db, request.params.file.replace(/\.ics$/, ''), feed);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );
};
