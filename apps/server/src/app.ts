import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { backupsRoutes } from './modules/backups/backups.routes.js';
import { BackupService } from './modules/backups/backups.service.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { HISTORY_RETENTION_CRON, runHistoryRetention } from './modules/audit/audit.retention.js';
import { PAYMENT_REMINDERS_CRON } from './modules/bot/bot.payments.js';
import { answersRoutes } from './modules/bot/answers.routes.js';
import { botRoutes } from './modules/bot/bot.routes.js';
import { conversationsRoutes } from './modules/bot/conversations.routes.js';
import { runsRoutes } from './modules/bot/runs.routes.js';
import { clientsRoutes } from './modules/clients/clients.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { gridsRoutes } from './modules/games/grids.routes.js';
import { publicGamesRoutes } from './modules/games/public.routes.js';
import { resultsRoutes } from './modules/games/results.routes.js';
import { setsRoutes } from './modules/games/sets.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createLoginThrottle } from './modules/auth/throttle.js';
import { lookupsRoutes } from './modules/lookups/lookups.routes.js';
import { statementRoutes } from './modules/money/statement.routes.js';
import { invoicesRoutes } from './modules/money/invoices.routes.js';
import { bankRoutes } from './modules/money/bank.routes.js';
import { moneyRoutes } from './modules/money/money.routes.js';
import { schoolRoutes } from './modules/school/school.routes.js';
import { payRoutes } from './modules/pay/pay.routes.js';
import { groupsRoutes } from './modules/users/groups.routes.js';
import { projectsRoutes } from './modules/users/projects.routes.js';
import { studentDocumentsRoutes } from './modules/students/documents.routes.js';
import {
  LEARNER_CACHE,
  learnerRoutes,
  PAYMENT_QR_CACHE,
} from './modules/students/learner.routes.js';
import { studentsRoutes } from './modules/students/students.routes.js';
import { eventsRoutes } from './modules/schedule/events.routes.js';
import { scheduleHistoryRoutes } from './modules/schedule/history.routes.js';
import { icalRoutes } from './modules/schedule/ical.routes.js';
import { lessonsRoutes } from './modules/schedule/lessons.routes.js';
import { scheduleRoutes } from './modules/schedule/schedule.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { registerCompression } from './plugins/compression.js';
import { registerRequestLog } from './plugins/request-log.js';
import { registerHistoryContext } from './plugins/history.js';
import {
  LEARNER_API,
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
} from './plugins/errors.js';
import { ImportJobs } from './plugins/import-jobs.js';
import { createMetrics, registerMetrics, registerMetricsRoute } from './plugins/metrics.js';
import { createQueue, type Queue } from './plugins/queue.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSessions } from './plugins/session.js';
import { defaultPlayerDist, registerPlayer } from './plugins/player.js';
import { defaultWebDist, registerStatic } from './plugins/static.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** false in tests that do not read logs */
  logger?: boolean;
  /** where log lines go (default stdout); tests read them from here */
  logStream?: NodeJS.WritableStream;
}

/** A cron pattern for an interval in ms: whole minutes, at least one, at most an hour. */
export function everyMinutes(ms: number): string {
  const minutes = Math.min(60, Math.max(1, Math.round(ms / 60_000)));
  return minutes === 60 ? '0 * * * *' : `*/${minutes} * * * *`;
}

export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.body.password'],
          // standard output written without holding the request up (ADR 051): lines that come
          // while a write is under way go together in the next, and what is left is written
          // when the process exits
          stream: logStream ?? pino.destination({ dest: 1, sync: false }),
        }
      : false,
    // one line per request, written when it is answered (registerRequestLog), not two
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // ADR 011: a slow body, slow headers or an idle keep-alive connection is closed
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      // how often Node looks for requests past those limits (its default is 30 s)
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.ceil(Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS) / 4),
      ),
    },
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler: clientErrorHandler(config),
  }).withTypeProvider<ZodTypeProvider>();

  registerRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const metrics = createMetrics(database.pool);
  registerMetrics(app, metrics);
  // ADR 031: the job queue on the app's database, one runner per instance, started when the
  // app is ready and stopped when it closes (after a running import's grace, ADR 029)
  const queue = createQueue({ pool: database.pool, log: app.log });
  queue.onRun(({ task, tick }) => app.log.debug({ task, tick }, 'queued task started'));
  const importJobs = new ImportJobs(database.db, app.log, metrics);
  importJobs.registerTasks(queue);
  app.decorate('importJobs', importJobs);
  app.decorate('queue', queue);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // the player's public reads choose their own caching (ADR 020)
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/public/')) {
      reply.header('cache-control', 'no-store');
    }
    // the learner's own data, its 404 included, is never kept (ADR 030); their payment QR code
    // is kept and asked for again each time (ADR 040)
    const qrKept =
      reply.getHeader('cache-control') === PAYMENT_QR_CACHE &&
      (reply.statusCode === 200 || reply.statusCode === 304);
    if (request.url.startsWith(LEARNER_API) && !qrKept) {
      reply.header('cache-control', LEARNER_CACHE);
    }
    done(null, payload);
  });

  registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await registerSessions(app, config, database);
  registerHistoryContext(app);
  app.decorate('loginThrottle', createLoginThrottle(config, database.db));
  await registerOpenApi(app, config);

  // ADR 019: without BOT_TOKEN the bot is off; with it, it runs beside the app and start-up
  // never waits on Telegram. Its Telegram library loads only then (about 9 MB resident, ADR 016)
  const token = config.BOT_TOKEN;
  const botRuntime = token
    ? (await import('./modules/bot/bot.runtime.js')).createBotRuntime({
        config: { ...config, BOT_TOKEN: token },
        db: database.db,
        pool: database.pool,
        log: app.log,
        metrics,
      })
    : undefined;
  // docs/history.md, Retention: old entries go once a day, once across instances (ADR 031);
  // a day missed while no instance ran is made up at the next start
  queue.recurring({
    task: 'history_retention',
    match: HISTORY_RETENTION_CRON,
    backfillMs: 24 * 3_600_000,
    run: () => runHistoryRetention(database.db, config.AUDIT_KEEP_DAYS, app.log),
  });
  if (botRuntime) {
    app.addHook('onReady', async () => botRuntime.start());
    app.addHook('onClose', async () => botRuntime.stop());
    queue.recurring({
      task: 'bot_reminders',
      match: everyMinutes(config.BOT_BROADCAST_INTERVAL_MS),
      // a tick missed during a restart is made up at the start
      backfillMs: 2 * 60_000,
      run: () => botRuntime.remind(),
    });
    // docs/money.md, Payment reminders: looked for every hour, once across instances; a
    // reminder is claimed before it is sent, so a second run sends nothing (ADR 046)
    if (config.PAYMENT_REMINDER_DAYS > 0) {
      queue.recurring({
        task: 'payment_reminders',
        match: PAYMENT_REMINDERS_CRON,
        run: async () => {
          const sent = await botRuntime.remindPayments();
          if (sent > 0)
            app.log.info({ event: 'payment_reminders', sent }, 'payment reminders sent');
        },
      });
    }
  }
  // ADR 028: backups queued by the schedule and on request, each written by a process of its
  // own on a connection of its own; the job queue runs them, once across instances (ADR 031)
  const backups = new BackupService({
    db: database.db,
    url: database.pool.options.connectionString ?? '',
    dir: config.backupDir,
    everyHours: config.BACKUP_EVERY_HOURS,
    keep: config.BACKUP_KEEP,
    log: app.log,
    metrics,
  });
  backups.registerTasks(queue);
  app.decorate('backups', backups);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => {
    // a backup being written ends at once (its partial file removed), so the queue's stop,
    // which waits for its running jobs, does not wait for it
    await Promise.all([importJobs.stop(config.SHUTDOWN_TIMEOUT_MS), backups.stop(), queue.stop()]);
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        pool: database.pool,
        lastBackupAt: () => backups.lastBackupAt(),
      });
      await api.register(backupsRoutes, { backups });
      await api.register(auditRoutes, { db: database.db, timezone: config.BOT_TIMEZONE });
      await api.register(authRoutes, { config, db: database.db });
      await api.register(lookupsRoutes, { db: database.db });
      await api.register(moneyRoutes, { db: database.db, timezone: config.BOT_TIMEZONE });
      await api.register(statementRoutes, {
        db: database.db,
        timezone: config.BOT_TIMEZONE,
        defaultLocale: config.DEFAULT_LOCALE,
      });
      await api.register(invoicesRoutes, {
        db: database.db,
        timezone: config.BOT_TIMEZONE,
        defaultLocale: config.DEFAULT_LOCALE,
      });
      await api.register(bankRoutes, { db: database.db, timezone: config.BOT_TIMEZONE });
      await api.register(schoolRoutes, { db: database.db });
      await api.register(payRoutes, { db: database.db, timezone: config.BOT_TIMEZONE });
      await api.register(usersRoutes, { db: database.db });
      await api.register(projectsRoutes, { db: database.db });
      await api.register(groupsRoutes, { db: database.db });
      await api.register(clientsRoutes, { db: database.db });
      await api.register(dashboardRoutes, { db: database.db });
      await api.register(studentsRoutes, {
        db: database.db,
        botUsername: config.BOT_USERNAME,
        gamesBaseUrl: config.GAMES_BASE_URL,
        schoolZone: config.BOT_TIMEZONE,
      });
      await api.register(studentDocumentsRoutes, { db: database.db });
      await api.register(lessonsRoutes, { db: database.db, schoolZone: config.BOT_TIMEZONE });
      await api.register(eventsRoutes, { db: database.db, schoolZone: config.BOT_TIMEZONE });
      await api.register(scheduleHistoryRoutes, { db: database.db });
      await api.register(scheduleRoutes, { db: database.db });
      await api.register(icalRoutes, { db: database.db, schoolZone: config.BOT_TIMEZONE });
      await api.register(conversationsRoutes, {
        db: database.db,
        botUsername: config.BOT_USERNAME,
      });
      await api.register(answersRoutes, { db: database.db });
      await api.register(runsRoutes, { db: database.db, defaultLocale: config.DEFAULT_LOCALE });
      await api.register(botRoutes, { runtime: botRuntime });
      const games = { db: database.db, gamesBaseUrl: config.GAMES_BASE_URL };
      await api.register(gridsRoutes, games);
      await api.register(setsRoutes, games);
      await api.register(resultsRoutes, { db: database.db });
      await api.register(publicGamesRoutes, {
        db: database.db,
        readsPerMinute: config.PUBLIC_READS_PER_MINUTE,
        resultsPerMinute: config.RESULTS_PER_MINUTE,
      });
      await api.register(learnerRoutes, {
        db: database.db,
        readsPerMinute: config.PUBLIC_READS_PER_MINUTE,
        botUsername: config.BOT_USERNAME,
        gamesBaseUrl: config.GAMES_BASE_URL,
        schoolZone: config.BOT_TIMEZONE,
        defaultLocale: config.DEFAULT_LOCALE,
      });
    },
    { prefix: '/api' },
  );
  registerMetricsRoute(app, config);
  await registerPlayer(app, config.PLAYER_DIST ?? defaultPlayerDist, config.DEFAULT_LOCALE);
  await registerStatic(app, config.WEB_DIST ?? defaultWebDist, config.DEFAULT_LOCALE);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the job queue (ADR 031) */
    queue: Queue;
    /** the server's backups (ADR 028) */
    backups: BackupService;
  }
}
