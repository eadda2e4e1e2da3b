import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from '@school/contract/common';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { clearFailures, countRecentFailures, recordFailure } from './auth.queries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** every check of a password (login, password change) goes through it */
    loginThrottle: LoginThrottle;
  }
}

type ThrottleConfig = Pick<
  Config,
  | 'LOGIN_MAX_FAILURES'
  | 'LOGIN_MAX_FAILURES_PER_IP'
  | 'LOGIN_SLOW_AFTER_FAILURES'
  | 'LOGIN_MAX_DELAY_MS'
  | 'LOGIN_WINDOW_MINUTES'
>;

/**
 * Password guessing is throttled where it comes from, never against the user (ADR 011): a
 * (login, address) pair and an address are refused past their limits; a login failing from
 * many addresses is only slowed, so nobody can lock a colleague out by failing on purpose.
 */
export interface LoginThrottle {
  /** Before a password is checked: 429 past a limit, a growing delay for a login under attack. */
  check: (request: FastifyRequest, reply: FastifyReply, login: string) => Promise<void>;
  failed: (request: FastifyRequest, login: string) => Promise<void>;
  succeeded: (request: FastifyRequest, login: string) => Promise<void>;
}

/**
 * The delay before checking a password of a login that failed `failures` times in the window
 * from any address: none below the ceiling, then 250 ms doubling every 10 failures, capped.
 */
export function slowdownMs(failures: number, ceiling: number, maxDelayMs: number): number {
  if (failures < ceiling) return 0;
  return Math.min(maxDelayMs, 250 * 2 ** Math.floor((failures - ceiling) / 10));
}

export function createLoginThrottle(config: ThrottleConfig, db: Db): LoginThrottle {
  return {
    async check(request, reply, login) {
      const ip = request.ip;
      const failures = await countRecentFailures(db, login, ip, config.LOGIN_WINDOW_MINUTES);
      if (
        failures.byPair >= config.LOGIN_MAX_FAILURES ||
        failures.byIp >= config.LOGIN_MAX_FAILURES_PER_IP
      ) {
        request.log.warn({ event: 'login_refused', login, ip, reason: 'throttled', ...failures });
        reply.header('retry-after', String(config.LOGIN_WINDOW_MINUTES * 60));
        throw new HttpError(
          429,
          errorCodes.tooManyAttempts,
          'Too many failed attempts, try again later',
        );
      }
      const delay = slowdownMs(
        failures.byLogin,
        config.LOGIN_SLOW_AFTER_FAILURES,
        config.LOGIN_MAX_DELAY_MS,
      );
      if (delay > 0) {
        request.log.warn({ event: 'login_slowed', login, ip, delayMs: delay, ...failures });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },
    async failed(request, login) {
      await recordFailure(db, login, request.ip, config.LOGIN_WINDOW_MINUTES);
    },
    async succeeded(request, login) {
      // only this pair is forgiven: an attacker's failures from elsewhere still count
      await clearFailures(db, login, request.ip);
    },
  };
}
