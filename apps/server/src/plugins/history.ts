import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditEntry, historyQuery, type AuditEntry } from '@school/contract/audit';
import { idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import type { Db } from '../db/client.js';
import { actorContext, type Actor } from '../db/history.js';
import type { CurrentSession } from './session.js';
import { requireUser } from './access.js';
import { errorResponses, notFound } from './errors.js';
import { recordHistory } from './history.queries.js';

/** The actor of a staff user's request: their id, their name as staff see it, the request's id. */
export function actorOf(
  session: Pick<CurrentSession, 'userId' | 'firstName' | 'lastName' | 'login'> | null,
  requestId: string,
): Actor {
  if (!session) return { userId: null, userName: '', requestId };
  const name = `${session.firstName} ${session.lastName}`.trim();
  return { userId: session.userId, userName: name || session.login, requestId };
}

/**
 * The request's actor reaches every write below it through AsyncLocalStorage (ADR 027): set
 * here, after the session is read and the body parsed, for the handler and everything it
 * awaits. Only a logged-in user's request has an actor; the sign-in events name theirs
 * explicitly (auth.routes.ts).
 */
export function registerHistoryContext(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.session) return done();
    actorContext.run(actorOf(request.session, request.id), done);
  });
}

type Hook = (request: FastifyRequest) => Promise<void>;

export interface HistoryRoute {
  /** the URL segment of the records: GET /{path}/{id}/history */
  path: string;
  /** the entity its entries are recorded under (the path when not given) */
  entity?: string;
  tags: string[];
  /** who may read the record: the same hook as its GET */
  access?: Hook | Hook[];
  /** whether the record is there (a deleted one is answered while it has entries) */
  exists: (id: number, request: FastifyRequest) => Promise<boolean>;
  /**
   * whether the request's user may see a record no longer there, judged by its newest entry
   * (the record as it was deleted); not given: whoever passes `access`
   */
  deletedSeen?: (last: AuditEntry, request: FastifyRequest) => Promise<boolean>;
  /** the entries as the request's user may see them (fields left out); not given: as they are */
  entriesFor?: (
    entries: AuditEntry[],
    id: number,
    request: FastifyRequest,
  ) => Promise<AuditEntry[]>;
}

/**
 * GET /{path}/{id}/history (docs/history.md): the record's entries, newest first, paged with
 * X-Total-Count, for whoever may read the record; 404 for a record that neither exists nor has
 * entries.
 */
export function registerHistoryRoute(app: FastifyInstance, db: Db, r: HistoryRoute) {
  const entity = r.entity ?? r.path;
  app.get(
    `/${r.path}/:id/history`,
    {
      onRequest: r.access ?? requireUser,
      schema: {
        tags: r.tags,
        summary: 'The history of one record, newest first',
        params: idParam,
        querystring: historyQuery,
        response: { 200: z.array(auditEntry), ...errorResponses },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = request.params as z.output<typeof idParam>;
      const page = request.query as z.output<typeof historyQuery>;
      const [exists, found] = await Promise.all([
        r.exists(id, request),
        recordHistory(db, entity, id, page),
      ]);
      if (!exists && found.total === 0) throw notFound('No such record');
      if (!exists && r.deletedSeen) {
        // a user of reach `own` sees a deleted record only if it was theirs (docs/roles.md)
        const [last] = (await recordHistory(db, entity, id, { limit: 1, offset: 0 })).entries;
        if (!last || !(await r.deletedSeen(last, request))) throw notFound('No such record');
      }
      reply.header(TOTAL_COUNT_HEADER, String(found.total));
      return r.entriesFor ? r.entriesFor(found.entries, id, request) : found.entries;
    },
  );
}
