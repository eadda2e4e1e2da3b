import pg from 'pg';

/**
 * The statements sent to PostgreSQL while `work` runs, counted at the client (every pool's and
 * every transaction's): the round trips a request costs (ADR 048).
 */
export async function statementsOf(work: () => Promise<unknown>) {
  const query = pg.Client.prototype.query;
  let n = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    n++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return n;
}
