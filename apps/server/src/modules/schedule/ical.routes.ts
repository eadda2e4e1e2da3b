import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import { api } from '@school/contract/paths';
import { icalFeed, myIcalFeed } from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { requireAdmin, requireUser, sessionOf } from '../../plugins/access.js';
import { errorResponses } from '../../plugins/errors.js';
import { icalTokenOf } from './ical.queries.js';
import { icalFeedText, newIcalToken } from './ical.service.js';

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
    return feedOf(request, await newIcalToken(db, userId));
  }

  const response = { 200: icalFeed, ...errorResponses };

  app.get(
    '/me/ical',
    {
      onRequest: [requireUser],
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
      const text = await icalFeedText(db, request.params.file.replace(/\.ics$/, ''));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );
};
