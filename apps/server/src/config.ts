import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();
const onOff = z
  .enum(['on', 'off', '1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === 'on' || v === '1' || v === 'true' || v === 'yes');

/** Every setting (docs/architecture.md, Configuration); all optional. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    ADMIN_LOGIN: z.string().min(1).max(100).default('admin'),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
    DEMO_DATA: bool.default(false),
    DEFAULT_LOCALE: z.enum(['en', 'pl', 'uk']).default('en'),
    BOT_TOKEN: z.string().min(1).optional(),
    BOT_USERNAME: z.string().min(1).optional(),
    BOT_API_ROOT: z.url().optional(),
    BOT_MODE: z.enum(['polling', 'webhook']).default('polling'),
    // ADR 019: webhook mode checks Telegram's secret-token header; BOT_WEBHOOK_URL is registered
    // with Telegram at start when given (else set the webhook by hand)
    BOT_WEBHOOK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 characters A-Z a-z 0-9 _ -')
      .optional(),
    BOT_WEBHOOK_URL: z.url().optional(),
    // lesson reminders go out this long before the lesson, whose times are the school's
    BOT_REMINDER_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(120),
    BOT_TIMEZONE: z
      .string()
      .refine(isTimeZone, 'must be an IANA time zone like Europe/Kyiv')
      .default('Europe/Kyiv'),
    // how often a standby instance tries to take over polling, and reminders are looked for
    BOT_LOCK_RETRY_MS: positiveInt.default(5_000),
    BOT_BROADCAST_INTERVAL_MS: positiveInt.default(60_000),
    BOT_POLL_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(50).default(25),
    // docs/money.md, Payment reminders: a student owing for longer than this many days gets a
    // reminder by the bot, at most once every 7 days; 0: no payment reminders
    PAYMENT_REMINDER_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    GAMES_BASE_URL: z.url().optional(),
    SESSION_IDLE_MINUTES: positiveInt.default(720),
    SESSION_MAX_DAYS: positiveInt.default(30),
    // ADR 047: each instance keeps the sessions it has read, dropped by LISTEN/NOTIFY; off
    // behind a pooler in transaction mode, where LISTEN does not hold
    SESSION_CACHE: onOff.default(true),
    SESSION_CACHE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
    SESSION_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    TRUST_PROXY: bool.default(false),
    COOKIE_SECURE: bool.default(false),
    // ADR 011: LOGIN_MAX_FAILURES counts per (login, address); a login failing from many
    // addresses is only slowed past LOGIN_SLOW_AFTER_FAILURES, never locked out
    LOGIN_MAX_FAILURES: positiveInt.default(100),
    LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(500),
    LOGIN_SLOW_AFTER_FAILURES: positiveInt.default(200),
    LOGIN_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
    LOGIN_WINDOW_MINUTES: positiveInt.default(60),
    LOGIN_RATE_PER_MINUTE: positiveInt.default(60),
    // ADR 020: the player's public API, per address
    PUBLIC_READS_PER_MINUTE: positiveInt.default(600),
    RESULTS_PER_MINUTE: positiveInt.default(60),
    BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
    // ADR 011: nothing waits forever, neither a query nor a slow or idle client
    STATEMENT_TIMEOUT_MS: positiveInt.default(15_000),
    DB_CONNECT_TIMEOUT_MS: positiveInt.default(5_000),
    REQUEST_TIMEOUT_MS: positiveInt.default(60_000),
    HEADERS_TIMEOUT_MS: positiveInt.default(15_000),
    KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(10_000),
    CONNECTION_TIMEOUT_MS: positiveInt.default(120_000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // ADR 028: backups go to BACKUP_DIR (default DATA_DIR/backups); the server takes one every
    // BACKUP_EVERY_HOURS (0: never) and keeps the newest BACKUP_KEEP files
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_EVERY_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 366)
      .default(24),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
    // docs/history.md, Retention: history entries older than this many days are removed daily
    AUDIT_KEEP_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
    WEB_DIST: z.string().optional(),
    PLAYER_DIST: z.string().optional(),
    API_DOCS_PUBLIC: bool.default(false),
    // docs/operations.md: GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`,
    // and is 404 without the setting
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 visible ASCII characters, no spaces')
      .optional(),
    // docs/operations.md, Stopping: requests in flight and a running import may finish within
    // this after SIGTERM or SIGINT
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  })
  .refine((env) => !env.BOT_TOKEN || env.BOT_MODE !== 'webhook' || !!env.BOT_WEBHOOK_SECRET, {
    path: ['BOT_WEBHOOK_SECRET'],
    message: 'is required when BOT_MODE=webhook',
  });

function isTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export type Config = z.infer<typeof envSchema> & { dataDir: string; backupDir: string };

export class ConfigError extends Error {}

/** Parses the environment; a bad value becomes one clear line (docs/architecture.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      return `${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const backupDir = path.resolve(parsed.data.BACKUP_DIR ?? path.join(dataDir, 'backups'));
  return { ...parsed.data, dataDir, backupDir };
}
