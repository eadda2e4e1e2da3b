import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, loadDemoData } from './demo/demo.js';
import { ensureAdmin } from './modules/users/admin.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Database (embedded or DATABASE_URL), migrations, first admin, then listen. */
export async function startServer(config: Config): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | undefined;
  let database: Database | undefined;
  try {
    let url = config.DATABASE_URL;
    if (!url) {
      embedded = await startEmbeddedPostgres(config.dataDir, {
        info: (m) => say(m),
        warn: (m) => say(`warning: ${m}`),
      });
      url = embedded.url;
    }
    // Migrations wait for another instance's lock and may rewrite big tables: no statement
    // timeout for them; requests get one (ADR 011).
    const setup = createDatabase(url, undefined, { statementTimeoutMs: 0 });
    let admin: Awaited<ReturnType<typeof ensureAdmin>>;
    let demo = false;
    try {
      await runMigrations(setup);
      admin = await ensureAdmin(setup.db, config);
      demo = config.DEMO_DATA
        ? await loadDemoData(setup.db, {
            zone: config.BOT_TIMEZONE,
            locale: config.DEFAULT_LOCALE,
          })
        : false;
    } finally {
      await setup.pool.end();
    }
    database = createDatabase(url, undefined, {
      statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    });
    const app = await buildApp({ config, database });
    database.pool.removeAllListeners('error');
    database.pool.on('error', (err) => app.log.warn({ err }, 'idle database connection lost'));
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const shownHost =
      config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
    const url2 = `http://${shownHost}:${port}`;
    say(`School back-office is running on ${url2}`);
    say(
      `Database: ${embedded ? `embedded PostgreSQL, data in ${config.dataDir}` : 'DATABASE_URL'}`,
    );
    if (demo) {
      say('Demo data loaded (DEMO_DATA=1)');
      for (const { login, role } of DEMO_STAFF) {
        say(`Demo ${role}: log in as "${login}" with password "${DEMO_STAFF_PASSWORD}"`);
      }
    }
    if (admin?.generatedPassword) {
      say(`First start: log in as "${admin.login}" with password "${admin.generatedPassword}"`);
      say('(shown once; change it after logging in)');
    } else if (admin) {
      say(`First start: log in as "${admin.login}" with ADMIN_PASSWORD`);
    }
    const db = database;
    return {
      app,
      url: url2,
      // docs/operations.md, Stopping: stop accepting; requests in flight and a running import
      // get SHUTDOWN_TIMEOUT_MS to finish; then the bot's lock, the pool, the embedded database
      close: async () => {
        const grace = config.SHUTDOWN_TIMEOUT_MS;
        const force = setTimeout(() => app.server.closeAllConnections(), grace);
        // a kept-alive connection whose request has just finished closes at once, rather
        // than after KEEP_ALIVE_TIMEOUT_MS
        const idle = setInterval(() => app.server.closeIdleConnections(), 200);
        try {
          await Promise.all([app.close(), app.importJobs.stop(grace)]);
        } finally {
          clearTimeout(force);
          clearInterval(idle);
        }
        await db.pool.end();
        await embedded?.stop();
      },
    };
  } catch (err) {
    await database?.pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const server = await startServer(config);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    server
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    process.stderr.write(`Start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
