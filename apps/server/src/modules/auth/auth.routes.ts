import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequest, sessionItem, sessionUser, type SessionUser } from '@school/contract/auth';
import { errorBody, errorCodes, idParam } from '@school/contract/common';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../plugins/access.js';
import { HttpError, notFound } from '../../plugins/errors.js';
import type { CurrentSession } from '../../plugins/session.js';
import { actorOf } from '../../plugins/history.js';
import {
  createSession,
  deleteSession,
  findUserByLogin,
  listSessions,
  recordFailedLogin,
  replacePasswordHash,
} from './auth.queries.js';
import { schoolCurrency } from '../school/school.shared.js';
import { describeDevice } from './device.js';
import { getDummyHash, hashPassword, needsRehash, verifyPassword } from './password.js';

export interface AuthRoutesOptions {
  config: Config;
  db: Db;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/** The login's and the session check's answer: the user, and the school's currency. */
async function toSessionUser(
  db: Db,
  s: Pick<CurrentSession, 'userId' | 'firstName' | 'lastName' | 'login' | 'timezone' | 'role'>,
): Promise<SessionUser> {
  const currency = await schoolCurrency(db);
  return {
    id: s.userId,
    imie: s.firstName,
    nazwisko: s.lastName,
    login: s.login,
    timeZone: s.timezone,
    role: s.role,
    currency,
  };
}

function validTimeZone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/** Login, session check, logout and the sessions list (docs/api.md, Session calls; docs/screens.md, Routes). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config, db }) => {
  const wrongCredentials = new HttpError(401, errorCodes.unauthorized, 'Wrong login or password');

  app.post(
    '/authentication',
    {
      schema: {
        tags: ['session'],
        summary: 'Log in',
        body: loginRequest,
        response: { 200: sessionUser, ...errors },
      },
      config: { rateLimit: { max: config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { login, password, timeZone } = request.body;
      const ip = request.ip;
      try {
        await app.loginThrottle.check(request, reply, login);
      } catch (err) {
        // refused before the password is checked: still a refused login (docs/history.md)
        if (err instanceof HttpError && err.statusCode === 429) {
          const named = await findUserByLogin(db, login);
          await recordFailedLogin(db, login, named?.id ?? null, request.id, 'throttled');
        }
        throw err;
      }
      const user = await findUserByLogin(db, login);
      // unknown logins cost the same argon2 work as wrong passwords
      const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
      if (!user || !ok || user.disabled) {
        const reason = !user ? 'unknown login' : user.disabled ? 'disabled user' : 'wrong password';
        request.log.warn({ event: 'login_failed', login, ip, reason });
        await app.loginThrottle.failed(request, login);
        await recordFailedLogin(db, login, user?.id ?? null, request.id);
        throw wrongCredentials;
      }
      await app.loginThrottle.succeeded(request, login);
      if (needsRehash(user.passwordHash)) {
        // a hash of older parameters, made again with today's while the password is at hand
        const rehashed = await hashPassword(password);
        await replacePasswordHash(db, user.id, user.passwordHash, rehashed);
      }
      const { tokenHash } = app.sessions.issue(reply, request);
      const timezone = validTimeZone(timeZone);
      await createSession(
        db,
        {
          userId: user.id,
          tokenHash,
          device: describeDevice(request.headers['user-agent']),
          timezone,
          ip,
          maxDays: config.SESSION_MAX_DAYS,
        },
        actorOf({ ...user, userId: user.id }, request.id),
      );
      request.log.info({ event: 'login', userId: user.id, ip });
      return toSessionUser(db, { ...user, userId: user.id, timezone });
    },
  );

  app.get(
    '/islogin',
    {
      schema: {
        tags: ['session'],
        summary: 'Who is logged in',
        response: { 200: sessionUser, 401: errorBody },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const session = request.session as CurrentSession;
      app.sessions.setXsrfCookie(reply, request, session.tokenHash);
      return toSessionUser(db, session);
    },
  );

  // docs/api.md, Session calls: logout sends no body. Whatever a client sends (an empty JSON body, text) is
  // ignored, so a body can never keep a session alive.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.post(
      '/logout',
      {
        schema: {
          tags: ['session'],
          summary: 'Log out',
          response: { 204: z.null(), 403: errorBody },
        },
      },
      async (request, reply) => {
        if (request.session) {
          await deleteSession(db, request.session.id, request.session.userId, 'logout');
          // every instance's cache has dropped it before the answer (ADR 047)
          await app.sessions.settle();
        }
        app.sessions.clearCookies(reply, request);
        return reply.status(204).send(null);
      },
    );
  });

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['session'],
        summary: 'My sessions',
        response: { 200: z.array(sessionItem), 401: errorBody },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const session = request.session as CurrentSession;
      const rows = await listSessions(db, session.userId);
      return rows.map((r) => ({
        ...r,
        lastActivity: r.lastActivity.toISOString(),
        createdAt: r.createdAt.toISOString(),
        current: r.id === session.id,
      }));
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['session'],
        summary: 'Revoke a session',
        params: idParam,
        response: { 204: z.null(), 401: errorBody, 403: errorBody, 404: errorBody },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const session = request.session as CurrentSession;
      if (!(await deleteSession(db, request.params.id, session.userId, 'session_revoke')))
        throw notFound('No such session');
      await app.sessions.settle();
      request.log.info({
        event: 'session_revoked',
        userId: session.userId,
        sessionId: request.params.id,
      });
      if (request.params.id === session.id) app.sessions.clearCookies(reply, request);
      return reply.status(204).send(null);
    },
  );
};
