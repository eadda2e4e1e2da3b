import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { endBackends, listeningBackends, notify } from './session.queries.js';

/** The channel of the session cache's notifications (migration 0033, ADR 047). */
export const SESSION_CHANNEL = 'session_cache';
/** The application_name of a listening connection, set once it listens: a round waits for those. */
export const LISTENER_NAME = 'school session cache';

/** Waits between attempts to listen again: short at first, then every two seconds. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 2_000;
/** The listening connection answers `select 1` this often, within this, or is taken as lost. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
/** A round's wait for every listening connection's acknowledgement; and how often it looks again. */
export const ROUND_TIMEOUT_MS = 2_000;
const ROUND_LOOK_MS = 100;

export interface SessionListenerOptions {
  connectionString: string;
  connectTimeoutMs: number;
  /** the app's pool: a round's statements */
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** a notification of a change (migration 0033): 's:<id>', 'u:<id>', '*' */
  onChange: (payload: string) => void;
  /** listening began (true) or ended (false): nothing kept before may be used after */
  onReset: (listening: boolean) => void;
}

type Client = pg.Client & {
  processID?: number;
  connection?: { stream?: { destroy: () => void } };
};

/**
 * The one connection of an app instance that LISTENs for the session cache's notifications
 * (ADR 047). While it is up the cache may be used; whenever it is lost, fails its heartbeat or
 * is made again, the cache is dropped whole (`onReset`), so a notification lost with it can
 * never keep a session alive; it is made again by itself (100 ms, doubling to every 2 s), a
 * database restart included (ADR 034). Its timers never keep the process alive, and `close`
 * ends it at once (ADR 029).
 *
 * A round (`round`) is how a write makes its change known to every instance before it answers:
 * each listening connection acknowledges the round's notification once it has read everything
 * committed before it, which has dropped what those changes named from its instance's cache.
 */
export class SessionListener {
  private client: Client | undefined;
  private listening = false;
  private closed = false;
  private pid = 0;
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** each round under way: the backends that have acknowledged it */
  private readonly rounds = new Map<string, Set<number>>();
  /** waits to look at again when something is heard or the connection changes */
  private readonly waits = new Set<() => void>();

  constructor(private readonly options: SessionListenerOptions) {}

  /** True while the connection listens: the cache may be used. */
  get up() {
    return this.listening;
  }

  start() {
    if (!this.client && !this.retry && !this.closed) void this.connect();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    const listened = this.listening;
    this.drop();
    // a connection still being made is cut; one that listens says goodbye
    if (client && listened) await endQuietly(client);
    else if (client) destroy(client);
  }

  private async connect() {
    this.retry = undefined;
    const client: Client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.heard(client, message.payload ?? ''));
    try {
      await client.connect();
      this.pid = client.processID ?? 0;
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      // named once it listens: a round waits for the connections of this name
      await client.query(`SET application_name = '${LISTENER_NAME}'`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (this.client !== client) {
      await endQuietly(client); // closed meanwhile
      return;
    }
    this.retryMs = FIRST_RETRY_MS;
    this.options.onReset(true);
    this.listening = true;
    this.heartbeat = setInterval(() => this.beat(client), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.options.log.info({ pid: this.pid }, 'session cache: listening');
    this.wakeAll();
  }

  /** The connection is gone or not to be trusted: drop the cache, listen again shortly. */
  private lost(client: Client, err?: unknown) {
    if (this.client !== client) return; // an earlier connection, already let go
    const was = this.listening;
    this.drop();
    destroy(client);
    if (this.closed) return;
    if (was) {
      this.options.log.warn(
        { err },
        'session cache: the listening connection was lost; sessions are read from the database until it listens again',
      );
    } else {
      this.options.log.debug({ err }, 'session cache: could not listen; trying again');
    }
    this.retry = setTimeout(() => void this.connect(), this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }

  private drop() {
    this.client = undefined;
    this.listening = false;
    clearInterval(this.heartbeat);
    this.options.onReset(false);
    this.wakeAll();
  }

  private beat(client: Client) {
    const late = setTimeout(
      () => this.lost(client, new Error('no answer to the heartbeat')),
      HEARTBEAT_TIMEOUT_MS,
    );
    late.unref();
    client.query('select 1').then(
      () => clearTimeout(late),
      (err: unknown) => {
        clearTimeout(late);
        this.lost(client, err);
      },
    );
  }

  private heard(client: Client, payload: string) {
    if (payload.startsWith('b:')) {
      // a round: everything committed before it has been read (and dropped) by now
      client
        .query('select pg_notify($1, $2)', [SESSION_CHANNEL, `a:${this.pid}:${payload.slice(2)}`])
        .catch(() => undefined); // a connection lost is handled as such
      return;
    }
    if (payload.startsWith('a:')) {
      const [pid, nonce] = payload.slice(2).split(':');
      this.rounds.get(nonce ?? '')?.add(Number(pid));
      this.wakeAll();
      return;
    }
    this.options.onChange(payload);
  }

  /**
   * Waits until every instance listening now has read every change committed before this
   * call (ADR 047). A listening connection that has not acknowledged within ROUND_TIMEOUT_MS
   * is ended, which drops its instance's cache. Never throws: the write has committed.
   */
  async round(): Promise<void> {
    const deadline = performance.now() + ROUND_TIMEOUT_MS;
    if (!this.listening) await this.until(() => this.listening, deadline);
    if (!this.listening) {
      if (!this.closed)
        this.options.log.warn('session cache: a round without a listening connection');
      return;
    }
    const nonce = randomBytes(9).toString('base64url');
    const acknowledged = new Set<number>();
    this.rounds.set(nonce, acknowledged);
    const { pool, log } = this.options;
    try {
      // asked before the round is sent: a connection that listens only after it has never
      // held a session read before the change (its cache starts empty when it listens)
      let waiting = await listeningBackends(pool, LISTENER_NAME);
      await notify(pool, SESSION_CHANNEL, `b:${nonce}`);
      for (;;) {
        const left = () => waiting.filter((pid) => !acknowledged.has(pid));
        if (left().length === 0) return;
        // this instance hears no acknowledgement without its own connection
        if (!this.listening) {
          if (!this.closed) log.warn('session cache: a round ended with its listening connection');
          return;
        }
        if (performance.now() >= deadline) {
          log.warn({ pids: left() }, 'session cache: no acknowledgement in time; connection ended');
          await endBackends(pool, left());
          return;
        }
        const look = Math.min(deadline, performance.now() + ROUND_LOOK_MS);
        await this.until(() => left().length === 0 || !this.listening, look);
        if (left().length > 0 && this.listening) {
          // a connection gone meanwhile acknowledges nothing; its instance drops its cache
          const now = new Set(await listeningBackends(pool, LISTENER_NAME));
          waiting = waiting.filter((pid) => now.has(pid));
        }
      }
    } catch (err) {
      log.warn({ err }, 'session cache: a round could not be finished');
    } finally {
      this.rounds.delete(nonce);
    }
  }

  /** Resolves once `done()` holds (looked at whenever something is heard), or at `deadline`. */
  private until(done: () => boolean, deadline: number) {
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waits.delete(look);
        resolve();
      };
      const look = () => {
        if (done() || this.closed) finish();
      };
      // the timer's own clock may run a little behind performance.now(): when it fires, the
      // time is up, whatever performance.now() says
      const timer = setTimeout(finish, Math.max(0, deadline - performance.now()));
      this.waits.add(look);
      look();
    });
  }

  private wakeAll() {
    for (const look of [...this.waits]) look();
  }
}

function destroy(client: Client) {
  client.connection?.stream?.destroy();
}

/** Says goodbye when the connection answers, else just closes it. */
async function endQuietly(client: Client) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.end().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, 1_000);
    }),
  ]);
  clearTimeout(timer);
  destroy(client);
}
