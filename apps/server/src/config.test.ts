import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      ADMIN_LOGIN: 'admin',
      DEFAULT_LOCALE: 'en',
      SESSION_IDLE_MINUTES: 720,
      SESSION_MAX_DAYS: 30,
      SESSION_CACHE: true,
      SESSION_CACHE_SIZE: 1_000,
      SESSION_CACHE_MAX_AGE_SECONDS: 60,
      COOKIE_SECURE: false,
      BOT_MODE: 'polling',
      BOT_REMINDER_MINUTES: 120,
      BOT_TIMEZONE: 'Europe/Kyiv',
      SHUTDOWN_TIMEOUT_MS: 10_000,
      PAYMENT_REMINDER_DAYS: 7,
    });
    expect(c.METRICS_TOKEN).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
  });

  it('keeps backups in DATA_DIR/backups, daily, the newest 14, unless told otherwise', () => {
    const c = loadConfig({ DATA_DIR: '/srv/school' });
    expect(c).toMatchObject({ BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 14 });
    expect(c.backupDir).toBe('/srv/school/backups');
    const d = loadConfig({ BACKUP_DIR: '/mnt/copies', BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '3' });
    expect(d).toMatchObject({ backupDir: '/mnt/copies', BACKUP_EVERY_HOURS: 0, BACKUP_KEEP: 3 });
  });

  it('turns payment reminders off with PAYMENT_REMINDER_DAYS=0', () => {
    expect(loadConfig({ PAYMENT_REMINDER_DAYS: '0' }).PAYMENT_REMINDER_DAYS).toBe(0);
    expect(loadConfig({ PAYMENT_REMINDER_DAYS: '30' }).PAYMENT_REMINDER_DAYS).toBe(30);
  });

  it('turns the session cache off with SESSION_CACHE=off and refuses another word (ADR 047)', () => {
    expect(loadConfig({ SESSION_CACHE: 'off' }).SESSION_CACHE).toBe(false);
    expect(loadConfig({ SESSION_CACHE: 'on' }).SESSION_CACHE).toBe(true);
    expect(() => loadConfig({ SESSION_CACHE: 'sometimes' })).toThrow(/SESSION_CACHE="sometimes"/);
    expect(() => loadConfig({ SESSION_CACHE_SIZE: '0' })).toThrow(/SESSION_CACHE_SIZE/);
  });

  it('reads values and treats empty ones as unset', () => {
    const c = loadConfig({
      PORT: '8080',
      COOKIE_SECURE: 'true',
      DATABASE_URL: '',
      TRUST_PROXY: '1',
    });
    expect(c).toMatchObject({ PORT: 8080, COOKIE_SECURE: true, TRUST_PROXY: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT="abc": /],
    [{ PORT: '70000' }, /PORT="70000"/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL="mysql:\/\/x": must start with postgres/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD=.*at least 8/],
    [{ DEFAULT_LOCALE: 'de' }, /DEFAULT_LOCALE="de"/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE="maybe"/],
    [{ BACKUP_EVERY_HOURS: '-1' }, /BACKUP_EVERY_HOURS="-1"/],
    [{ BACKUP_EVERY_HOURS: 'daily' }, /BACKUP_EVERY_HOURS="daily"/],
    [{ BACKUP_KEEP: '0' }, /BACKUP_KEEP="0"/],
    [{ BACKUP_KEEP: '2.5' }, /BACKUP_KEEP="2.5"/],
    [
      { BOT_TOKEN: '1:x', BOT_MODE: 'webhook' },
      /BOT_WEBHOOK_SECRET="": is required when BOT_MODE=webhook/,
    ],
    [{ BOT_WEBHOOK_SECRET: 'short' }, /BOT_WEBHOOK_SECRET="short": must be 16 to 256/],
    [{ BOT_TIMEZONE: 'Mars/Olympus' }, /BOT_TIMEZONE="Mars\/Olympus": must be an IANA time zone/],
    [{ BOT_REMINDER_MINUTES: '0' }, /BOT_REMINDER_MINUTES="0"/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN="short": must be 16 to 256/],
    [{ METRICS_TOKEN: 'has a space in it, sixteen+' }, /METRICS_TOKEN=.*no spaces/],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, /SHUTDOWN_TIMEOUT_MS="-1"/],
    [{ PAYMENT_REMINDER_DAYS: '-1' }, /PAYMENT_REMINDER_DAYS="-1"/],
    [{ PAYMENT_REMINDER_DAYS: '1.5' }, /PAYMENT_REMINDER_DAYS="1.5"/],
    [{ PAYMENT_REMINDER_DAYS: 'weekly' }, /PAYMENT_REMINDER_DAYS="weekly"/],
  ])('stops on a bad value with one clear line (%o)', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
