import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { removeOldHistory } from '../../plugins/history.queries.js';

/** When the daily retention runs: 03:17 UTC, on the job queue's schedule (ADR 031). */
export const HISTORY_RETENTION_CRON = '17 3 * * *';

/**
 * Retention of the record history (docs/history.md, Retention): entries older than
 * AUDIT_KEEP_DAYS go once a day, run by the job queue's recurring schedule once across the
 * instances (ADR 031); the advisory lock still lets one remove at a time should two runs meet
 * (ADR 027), and a second run the same day finds nothing left.
 */
export async function runHistoryRetention(
  db: Db,
  keepDays: number,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  try {
    const removed = await removeOldHistory(db, keepDays);
    if (removed === null)
      log.info({ event: 'history_retention' }, 'history retention: another instance runs it');
    else log.info({ event: 'history_retention', removed, keepDays }, 'history retention done');
  } catch (err) {
    log.warn({ err, event: 'history_retention' }, 'history retention failed; tried again tomorrow');
  }
}
