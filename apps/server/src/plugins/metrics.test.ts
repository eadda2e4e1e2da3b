import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { register as globalRegistry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@school/contract/paths';
import { startFakeTelegram, textUpdate, type FakeTelegram } from '../../test/fake-telegram.js';
import { setupApp, type AppFixture } from '../../test/helper.js';
import { recordBackup } from './metrics.js';

const TOKEN = 'metrics-token-of-some-length';
const WEBHOOK_SECRET = 'a-webhook-secret-of-32-characters';
let webDist = '';
let fake: FakeTelegram;
let t: AppFixture;
let unset: AppFixture;
let bot: AppFixture;

beforeAll(async () => {
  // a built web app: its history fallback must not answer /metrics with its page
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'school-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"></html>');
  fake = await startFakeTelegram();
  t = await setupApp({ env: { METRICS_TOKEN: TOKEN, WEB_DIST: webDist } });
  unset = await setupApp({ env: { WEB_DIST: webDist } });
  bot = await setupApp({
    env: {
      METRICS_TOKEN: TOKEN,
      BOT_TOKEN: '1:metrics',
      BOT_API_ROOT: fake.apiRoot,
      BOT_MODE: 'webhook',
      BOT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
});

afterAll(async () => {
  await fs.rm(webDist, { recursive: true, force: true });
});

const scrape = (f: AppFixture, authorization?: string) =>
  f.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

/** The value of one series in the text format, undefined when it is not there. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) {
      return Number(match[3]);
    }
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('is 404 (JSON, not the web page) when METRICS_TOKEN is not set', async () => {
    const res = await scrape(unset, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    // the web app still answers its own pages
    expect((await unset.app.inject({ method: 'GET', url: '/clients' })).statusCode).toBe(200);
  });

  it('is 401 without the token or with a wrong one', async () => {
    for (const header of [undefined, 'Bearer wrong-token-wrong-token', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(t, header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthorized' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers every series from start-up in the Prometheus text format', async () => {
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(globalRegistry.contentType);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    for (const state of ['in_use', 'idle', 'waiting']) {
      expect(valueOf(text, 'db_pool_connections', { state })).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'import_jobs_running')).toBe(0);
    expect(valueOf(text, 'import_jobs_total', { outcome: 'done' })).toBe(0);
    expect(valueOf(text, 'import_jobs_total', { outcome: 'failed' })).toBe(0);
    // the bot is off here: its series are there, at 0
    expect(valueOf(text, 'bot_enabled')).toBe(0);
    expect(valueOf(text, 'bot_polling')).toBe(0);
    for (const outcome of ['handled', 'duplicate', 'failed']) {
      expect(valueOf(text, 'bot_updates_total', { outcome })).toBe(0);
    }
    for (const outcome of ['sent', 'failed']) {
      expect(valueOf(text, 'payment_reminders_total', { outcome })).toBe(0);
    }
    expect(valueOf(text, 'backups_total', { outcome: 'done' })).toBe(0);
    expect(valueOf(text, 'backups_total', { outcome: 'failed' })).toBe(0);
    expect(valueOf(text, 'backup_last_success_timestamp_seconds')).toBe(0);
  });

  it('counts requests by route template and three-digit status, never by raw URL', async () => {
    await t.agent.request({ method: 'GET', url: '/api/clients/987654' });
    await t.agent.request({ method: 'GET', url: '/api/clients/987655' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing/42' });
    await t.app.inject({ method: 'GET', url: '/some/page/7' });
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(text).not.toContain('987654');
    expect(text).not.toContain('/api/no/such');
    expect(text).not.toContain('/some/page');
    const one = { route: '/api/clients/:id', status_code: '404' };
    expect(valueOf(text, 'http_requests_total', one)).toBe(2);
    expect(valueOf(text, 'http_request_duration_seconds_count', one)).toBe(2);
    expect(
      valueOf(text, 'http_requests_total', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(text, 'http_requests_total', { route: 'unmatched', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    for (const [, code] of text.matchAll(/status_code="([^"]*)"/g)) expect(code).toMatch(/^\d{3}$/);
  });

  it('counts import jobs by outcome', async () => {
    const csv = 'firstName,lastName,email\nOksana,Import,oksana.import@example.com\n';
    const ok = await t.agent.request({
      method: 'POST',
      url: api.clientsCsv.import,
      payload: { csv },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await t.agent.request({
      method: 'POST',
      url: api.clientsCsv.import,
      payload: { csv: 'nothing,useful\n1,2\n' },
    });
    expect(bad.statusCode).toBe(400);
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'import_jobs_total', { outcome: 'done' })).toBe(1);
    expect(valueOf(text, 'import_jobs_total', { outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'import_jobs_running')).toBe(0);
  });

  it('counts the bot updates handled, and replays dropped, per app instance', async () => {
    const update = textUpdate(9101, '/start nosuchcode', 'en');
    const hook = () =>
      bot.app.inject({
        method: 'POST',
        url: api.botWebhook,
        payload: update,
        headers: { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
      });
    expect((await hook()).statusCode).toBe(200);
    expect((await hook()).statusCode).toBe(200);
    const text = (await scrape(bot, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'bot_enabled')).toBe(1);
    expect(valueOf(text, 'bot_updates_total', { outcome: 'handled' })).toBe(1);
    expect(valueOf(text, 'bot_updates_total', { outcome: 'duplicate' })).toBe(1);
    // another app in the same process has registries of its own
    const other = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(valueOf(other, 'bot_updates_total', { outcome: 'handled' })).toBe(0);
  });

  it('counts backups by outcome and keeps the time of the last successful one', async () => {
    recordBackup(t.app.metrics, 'failed');
    recordBackup(t.app.metrics, 'done', new Date('2026-11-26T03:00:00Z'));
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'backups_total', { outcome: 'done' })).toBe(1);
    expect(valueOf(text, 'backups_total', { outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'backup_last_success_timestamp_seconds')).toBe(
      Date.parse('2026-11-26T03:00:00Z') / 1000,
    );
  });
});
