import type pg from 'pg';

/**
 * The check has its own short limit, below the pool's timeouts: a load balancer asking
 * "is this instance well?" gets an answer within 2 s even when the network to the database
 * swallows packets (ADR 011).
 */
export const HEALTH_TIMEOUT_MS = 1_500;

/** Resolves when the database answers a trivial statement within HEALTH_TIMEOUT_MS. */
export async function databaseAnswers(pool: pg.Pool): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([pool.query('SELECT 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
