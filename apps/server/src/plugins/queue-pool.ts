import type pg from 'pg';
import { isDatabaseUnavailable } from '../db/client.js';
import { untilAvailable } from '../db/until-available.js';

/**
 * The pool the job queue's runner is given (ADR 034): the app's own, except that a
 * connection it asks for while the database is away (a restart, a failover) is waited for
 * rather than refused, and a statement that meets a connection the database has just ended
 * is sent again on a new one. graphile-worker records a job's end (`completeJob`,
 * `failJob`) with a promise nobody awaits; a refusal there would end the process.
 *
 * `stopped()` turns true when the queue stops: from then on a failure is thrown at once, so
 * the runner's stop never waits for the database. `onWait` is told of each refusal waited out.
 */
export function queuePool(
  pool: pg.Pool,
  stopped: () => boolean,
  onWait?: (err: unknown) => void,
): pg.Pool {
  const connect = () => untilAvailable(() => pool.connect(), { stopped, onWait });
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'connect') {
        return (callback?: Parameters<pg.Pool['connect']>[0]) =>
          // the LISTEN connection is asked for with a callback and retried by the runner itself
          callback
            ? target.connect(callback)
            : connect().then((c) => checkout(c, connect, stopped));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/**
 * The database is away and the connection with it, rather than the statement refused: a
 * cancelled statement (57014, statement_timeout) would only time out again.
 */
const connectionEnded = (err: unknown) =>
  isDatabaseUnavailable(err) && (err as { code?: unknown } | null)?.code !== '57014';

const hasSubmit = (arg: unknown) =>
  typeof arg === 'object' &&
  arg !== null &&
  typeof (arg as { submit?: unknown }).submit === 'function';

/**
 * A client lent to the runner. Only its first statement is sent again on a new connection:
 * the connection it was lent was ended before anything ran on it (an idle connection whose
 * end had not been read yet), and every statement the runner opens a connection for first
 * is one that may run twice (a job's end matches the job and the lock it holds).
 */
function checkout(
  first: pg.PoolClient,
  connect: () => Promise<pg.PoolClient>,
  stopped: () => boolean,
): pg.PoolClient {
  let client = first;
  let statements = 0;
  let released = false;
  const query = async (...args: unknown[]): Promise<unknown> => {
    statements++;
    const send = () => (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    const plain = typeof args.at(-1) !== 'function' && !hasSubmit(args[0]);
    if (statements > 1 || !plain) return send();
    for (;;) {
      try {
        return await send();
      } catch (err) {
        if (!connectionEnded(err) || stopped()) throw err;
        const broken = client;
        released = true;
        broken.release(err instanceof Error ? err : true); // the pool drops it
        client = await connect();
        released = false;
      }
    }
  };
  return new Proxy(first, {
    get(_target, key) {
      if (key === 'query') return query;
      if (key === 'release') {
        return (err?: Error | boolean) => {
          // a connection dropped above while its replacement was refused: nothing to give back
          if (released) return;
          released = true;
          client.release(err);
        };
      }
      const value: unknown = Reflect.get(client, key, client);
      return typeof value === 'function' ? (value as () => unknown).bind(client) : value;
    },
  });
}
