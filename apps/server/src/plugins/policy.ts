import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@school/contract/common';
import type { Role } from '@school/contract/users';
import { mayDo, type Action, type Domain } from '@school/contract/roles';
import { requireUser, sessionOf } from './access.js';
import { HttpError } from './errors.js';

/**
 * The server's side of the one policy table (packages/contract roles.ts, docs/roles.md):
 * routes declare their domain and action with `allow`; nothing else decides a role's rights.
 */

export { DOMAINS, ACTIONS, POLICY, rightOf, mayDo, mayDoAll } from '@school/contract/roles';
export type { Domain, Action, Reach, Right } from '@school/contract/roles';

const ACTION_OF_METHOD: Record<string, Action> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

export const forbiddenForRole = (role: Role) =>
  new HttpError(403, errorCodes.forbidden, `Not allowed for the role ${role}`);

/**
 * The access hook of a route (onRequest, so it answers before the body is read): 401 without
 * a session, 403 {error: 'forbidden'} when the user's role has no right for the action. The
 * action is the method's (GET read, POST create, PUT update, DELETE delete) when not given,
 * so a whole module may declare its domain with one `app.addHook('onRequest', allow(...))`.
 */
export function allow(domain: Domain, action?: Action) {
  return async function allowed(request: FastifyRequest): Promise<void> {
    await requireUser(request);
    const session = sessionOf(request);
    const wanted = action ?? ACTION_OF_METHOD[request.method] ?? 'update';
    if (mayDo(session.role, domain, wanted)) return;
    request.log.warn({
      event: 'auth_refused',
      ip: request.ip,
      userId: session.userId,
      reason: `role ${session.role} may not ${wanted} ${domain}`,
    });
    throw forbiddenForRole(session.role);
  };
}

/**
 * The access hook of a call about one student or one of a student's records (docs/roles.md,
 * Students): `seen` first answers 404 when the user may not see the student (a teacher's call
 * about a student of none of their lessons: no such student for them), and only then the
 * role's right answers 403; so a student not theirs is 404 for every call, read or write.
 */
export function allowSeen(
  domain: Domain,
  seen: (request: FastifyRequest) => Promise<void>,
  action?: Action,
) {
  const allowed = allow(domain, action);
  return async function allowedSeen(request: FastifyRequest): Promise<void> {
    await requireUser(request);
    await seen(request);
    await allowed(request);
  };
}
