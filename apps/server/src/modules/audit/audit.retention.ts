import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { removeOldHistory } from '../../plugins/history.queries.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Retention of the record history (docs/history.md, Retention): entries older than
 * AUDIT_KEEP_DAYS go once a day. Every instance tries; the advisory lock lets one remove at a
 * time, and a second try the same day finds nothing left (ADR 027).
 */
export function startHistoryRetention(
  db: Db,
  keepDays: number,
  log: FastifyBaseLogger,
  { firstAfterMs = 60_000, everyMs = DAY_MS } = {},
) {
  const run = async () => {
    try {
      const removed = await removeOldHistory(db, keepDays);
      if (removed === null)
        log.info({ event: 'history_retention' }, 'history retention: another instance runs it');
      else log.info({ event: 'history_retention', removed, keepDays }, 'history retention done');
    } catch (err) {
      log.warn(
        { err, event: 'history_retention' },
        'history retention failed; tried again tomorrow',
      );
    }
  };
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    daily = setInterval(() => void run(), everyMs);
    daily.unref();
  }, firstAfterMs);
  first.unref();
  return {
    run,
    stop: () => {
      clearTimeout(first);
      if (daily) clearInterval(daily);
    },
  };
}
