import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditEntry } from '@school/contract/audit';
import { rightOf } from '@school/contract/roles';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { registerHistoryRoute } from '../../plugins/history.js';
import { recordHistory } from '../../plugins/history.queries.js';
import { notFound } from '../../plugins/errors.js';
import { allow } from '../../plugins/policy.js';
import { findEvent } from './events.queries.js';
import { NO_EVENT } from './events.service.js';
import { findLesson } from './lessons.queries.js';
import { seesAmounts } from './schedule.access.js';

/** A number field of an entry's record (a create's or a delete's whole record), else undefined. */
const numberIn = (entry: AuditEntry | undefined, field: string) => {
  const value = entry?.changes[field];
  return typeof value === 'number' ? value : value === null ? null : undefined;
};

/**
 * GET /api/lessons/{id}/history and /api/events/{id}/history (docs/history.md): lessons and
 * participations are written out (ADR 023), so their history routes are declared here. A
 * participation's history is read like the participation: a teacher of reach `own` sees only
 * those of their own lessons, and 404 for another's, deleted ones too (judged by the lesson
 * the last entry names). A lesson's entries leave its price out for whoever does not see the
 * lesson's amounts (docs/roles.md, Amounts).
 */
export const scheduleHistoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The teacher of lesson `id`: its row's, or for a deleted lesson its last entry's. */
  const teacherOfLesson = async (id: number): Promise<number | null | undefined> => {
    const lesson = await findLesson(db, id);
    if (lesson) return lesson.teacher;
    const { entries } = await recordHistory(db, 'lessons', id, { limit: 1, offset: 0 });
    return numberIn(entries[0], 'teacherId');
  };

  registerHistoryRoute(app, db, {
    path: 'lessons',
    tags: ['schedule'],
    access: allow('lessons', 'read'),
    exists: async (id) => (await findLesson(db, id)) !== undefined,
    entriesFor: async (entries, id, request) => {
      const teacher = await teacherOfLesson(id);
      if (seesAmounts(sessionOf(request), teacher ?? null)) return entries;
      return entries.map(({ changes: { price: _price, ...changes }, ...entry }) => ({
        ...entry,
        changes,
      }));
    },
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
    deletedSeen: async (last, request) => {
      const viewer = sessionOf(request);
      if (rightOf(viewer.role, 'participations', 'read').reach === 'all') return true;
      const lesson = numberIn(last, 'lessonId');
      return typeof lesson === 'number' && (await teacherOfLesson(lesson)) === viewer.userId;
    },
  });
};
