import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rightOf } from '@school/contract/roles';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { registerHistoryRoute } from '../../plugins/history.js';
import { notFound } from '../../plugins/errors.js';
import { allow } from '../../plugins/policy.js';
import { findEvent } from './events.queries.js';
import { NO_EVENT } from './events.service.js';
import { findLesson } from './lessons.queries.js';

/**
 * GET /api/lessons/{id}/history and /api/events/{id}/history (docs/history.md): lessons and
 * participations are written out (ADR 023), so their history routes are declared here. A
 * participation's history is read like the participation: a teacher of reach `own` sees only
 * those of their own lessons, and 404 for another's.
 */
export const scheduleHistoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerHistoryRoute(app, db, {
    path: 'lessons',
    tags: ['schedule'],
    access: allow('lessons', 'read'),
    exists: async (id) => (await findLesson(db, id)) !== undefined,
  });
  registerHistoryRoute(app, db, {
    path: 'events',
    tags: ['schedule'],
    access: allow('participations', 'read'),
    exists: async (id, request) => {
      const viewer = sessionOf(request);
      const found = await findEvent(db, id);
      const own = rightOf(viewer.role, 'participations', 'read').reach === 'own';
      if (found && own && found.lessonTeacher !== viewer.userId) throw notFound(NO_EVENT);
      return found !== undefined;
    },
  });
};
