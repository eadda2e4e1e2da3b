import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { notFound, unauthorized } from './errors.js';
import { SERVER_VERSION } from './version.js';

/** The label of a request no route matched (a file that is not there, the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

/** How an import job ended (the API's job states, ADR 012). */
const IMPORT_OUTCOMES = ['done', 'failed'] as const;
/** What became of a Telegram update: handled, a replay dropped, or failed (ADR 019). */
export const BOT_OUTCOMES = ['handled', 'duplicate', 'failed'] as const;
export type BotOutcome = (typeof BOT_OUTCOMES)[number];
/** How a payment reminder's send ended (ADR 046). */
export const PAYMENT_REMINDER_OUTCOMES = ['sent', 'failed'] as const;
/** How a backup ended. */
export const BACKUP_OUTCOMES = ['done', 'failed'] as const;
/** How a request's session was found (ADR 047). */
const SESSION_CACHE_OUTCOMES = ['hit', 'miss', 'read'] as const;

/**
 * The metrics of one app instance, in a registry of its own, so tests can build several apps
 * in one process (docs/operations.md, Metrics). Every series without a request label exists
 * from start-up with 0.
 */
export function createMetrics(pool: pg.Pool) {
  const registry = new Registry();
  // process, heap, GC and the event-loop lag (nodejs_eventloop_lag_seconds and its percentiles)
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const info = new Gauge({
    name: 'app_info',
    help: 'The server version (always 1)',
    labelNames: ['version'] as const,
    registers,
  });
  info.set({ version: SERVER_VERSION }, 1);

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template and status code',
    labelNames: ['route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template and status code',
    labelNames: ['route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool: connections in use and idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  const importJobsRunning = new Gauge({
    name: 'import_jobs_running',
    help: 'CSV imports running now on this instance (at most one across all instances)',
    registers,
  });
  const importJobs = new Counter({
    name: 'import_jobs_total',
    help: 'CSV import jobs finished, by outcome (done or failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of IMPORT_OUTCOMES) importJobs.inc({ outcome }, 0);

  const botEnabled = new Gauge({
    name: 'bot_enabled',
    help: '1 when the Telegram bot runs on this instance (BOT_TOKEN set), else 0',
    registers,
  });
  botEnabled.set(0);
  const botPolling = new Gauge({
    name: 'bot_polling',
    help: '1 while this instance holds the polling lock and polls Telegram, else 0',
    registers,
  });
  botPolling.set(0);
  const botUpdates = new Counter({
    name: 'bot_updates_total',
    help: 'Telegram updates received, by outcome (handled, duplicate, failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of BOT_OUTCOMES) botUpdates.inc({ outcome }, 0);

  const paymentReminders = new Counter({
    name: 'payment_reminders_total',
    help: 'Payment reminders this instance sent by Telegram, by outcome (sent or failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of PAYMENT_REMINDER_OUTCOMES) paymentReminders.inc({ outcome }, 0);

  const backupsTotal = new Counter({
    name: 'backups_total',
    help: 'Database backups made by this instance, by outcome (done or failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of BACKUP_OUTCOMES) backupsTotal.inc({ outcome }, 0);
  const lastBackupTimestamp = new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'Unix time of the last successful backup, 0 before the first',
    registers,
  });
  lastBackupTimestamp.set(0);

  // ADR 047: this instance's session cache
  let sessionCacheSize = () => 0;
  new Gauge({
    name: 'session_cache_entries',
    help: 'Sessions this instance keeps in its cache now',
    registers,
    collect() {
      this.set(sessionCacheSize());
    },
  });
  const sessionCacheListening = new Gauge({
    name: 'session_cache_listening',
    help: '1 while the session cache listens for changes (and is used), else 0',
    registers,
  });
  sessionCacheListening.set(0);
  const sessionCacheLookups = new Counter({
    name: 'session_cache_lookups_total',
    help: 'Sessions looked up: hit (kept), miss (read and kept), read (read, no cache in use)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of SESSION_CACHE_OUTCOMES) sessionCacheLookups.inc({ outcome }, 0);
  const sessionCacheResets = new Counter({
    name: 'session_cache_resets_total',
    help: 'Times the session cache was dropped whole: its listening connection lost or made again',
    registers,
  });
  sessionCacheResets.inc(0);

  return {
    registry,
    httpRequests,
    httpDuration,
    importJobsRunning,
    importJobs,
    botEnabled,
    botPolling,
    botUpdates,
    /** a payment reminder: `paymentReminders.inc({ outcome: 'sent' })` */
    paymentReminders,
    /** a backup: `backupsTotal.inc({ outcome: 'done' })` */
    backupsTotal,
    /** after a successful backup: `lastBackupTimestamp.set(Date.now() / 1000)` */
    lastBackupTimestamp,
    sessionCacheListening,
    sessionCacheLookups,
    sessionCacheResets,
    /** how the session cache's size is read when scraped */
    watchSessionCache(size: () => number) {
      sessionCacheSize = size;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Counts a backup of this instance; a successful one also sets the time of the last one. */
export function recordBackup(
  metrics: Pick<Metrics, 'backupsTotal' | 'lastBackupTimestamp'>,
  outcome: (typeof BACKUP_OUTCOMES)[number],
  at: Date = new Date(),
) {
  metrics.backupsTotal.inc({ outcome });
  if (outcome === 'done') metrics.lastBackupTimestamp.set(at.getTime() / 1000);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's metrics (GET /metrics) */
    metrics: Metrics;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Bearer <token> matches METRICS_TOKEN, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return !!match?.[1] && timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** Times every request by its route template, never the raw URL: the label set stays small. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics) {
  app.decorate('metrics', metrics);
  // a callback hook: every request passes it, and an async one costs a promise each time
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics for a scraper holding METRICS_TOKEN; without the setting it is 404 like any
 * unknown path of the API, never the web app's page.
 */
export function registerMetricsRoute(app: FastifyInstance, config: Config) {
  const { metrics } = app;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (Bearer METRICS_TOKEN); 404 when it is not set',
        security: [{ metricsToken: [] }],
      },
    },
    async (request, reply) => {
      const token = config.METRICS_TOKEN;
      if (!token) throw notFound('No route GET /metrics');
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized('A valid metrics token is required');
      }
      const body = await metrics.registry.metrics();
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(body);
    },
  );
}
