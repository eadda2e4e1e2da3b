import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '@school/contract/paths';
import { startFakeTelegram, textUpdate, type FakeTelegram } from '../../../test/fake-telegram.js';
import { setupApp, type AppFixture } from '../../../test/helper.js';
import { WEBHOOK_SECRET_HEADER } from './bot.routes.js';
import { botText } from './bot.texts.js';

const SECRET = 'a-webhook-secret-of-32-characters';
let fake: FakeTelegram;
let t: AppFixture;
let off: AppFixture;
let outage: AppFixture;

beforeAll(async () => {
  fake = await startFakeTelegram();
  t = await setupApp({
    env: {
      BOT_TOKEN: '1:webhook',
      BOT_API_ROOT: fake.apiRoot,
      BOT_MODE: 'webhook',
      BOT_WEBHOOK_SECRET: SECRET,
      BOT_WEBHOOK_URL: 'https://school.example.com/api/bot/webhook',
    },
  });
  off = await setupApp();
  // nothing listens there: Telegram is unreachable
  outage = await setupApp({ env: { BOT_TOKEN: '1:outage', BOT_API_ROOT: 'http://127.0.0.1:1' } });
});

const hook = (payload: unknown, secret?: string) =>
  t.app.inject({
    method: 'POST',
    url: api.botWebhook,
    payload: payload as Record<string, unknown>,
    headers: secret ? { [WEBHOOK_SECRET_HEADER]: secret } : {},
  });

describe('the bot in webhook mode', () => {
  it('registers the webhook with its secret and says it is on', async () => {
    await fake.until(() => fake.callsOf('setWebhook').length > 0);
    expect(fake.callsOf('setWebhook')[0]?.payload).toMatchObject({
      url: 'https://school.example.com/api/bot/webhook',
      secret_token: SECRET,
    });
    const status = await t.agent.request({ method: 'GET', url: api.botStatus });
    expect(status.json()).toEqual({ enabled: true, username: 'school_bot', mode: 'webhook' });
    expect(fake.polls).toEqual([]);
  });

  it('refuses an update without the right secret token', async () => {
    const update = textUpdate(8001, '/start nosuchcode', 'en');
    expect((await hook(update)).statusCode).toBe(403);
    expect((await hook(update, 'wrong-secret-wrong-secret')).statusCode).toBe(403);
    expect((await hook({ nope: 1 }, SECRET)).statusCode).toBe(400);
    expect(fake.callsOf('sendMessage')).toEqual([]);
  });

  it('handles an update once, also when Telegram sends it again', async () => {
    const update = textUpdate(8002, '/start nosuchcode', 'en');
    expect((await hook(update, SECRET)).statusCode).toBe(200);
    expect((await hook(update, SECRET)).statusCode).toBe(200);
    // the webhook answers once the update is handled: every reply has been sent by now
    const sent = fake.callsOf('sendMessage').filter((c) => c.payload.chat_id === 8002);
    expect(sent.map((c) => c.payload.text)).toEqual([botText('unknownCode', 'en')]);
  });
});

describe('without BOT_TOKEN', () => {
  it('the bot is off and has no webhook; the rest works', async () => {
    const status = await off.agent.request({ method: 'GET', url: api.botStatus });
    expect(status.json()).toEqual({ enabled: false, username: null, mode: null });
    const update = textUpdate(8003, '/start x');
    const res = await off.app.inject({ method: 'POST', url: api.botWebhook, payload: update });
    expect(res.statusCode).toBe(404);
    expect((await off.agent.request({ method: 'GET', url: api.conversations })).statusCode).toBe(
      200,
    );
  });

  it('answers 401 for the status without a login', async () => {
    expect((await off.app.inject({ method: 'GET', url: api.botStatus })).statusCode).toBe(401);
  });
});

describe('a Telegram outage', () => {
  it('does not hold up start-up or requests', async () => {
    const started = Date.now();
    const status = await outage.agent.request({ method: 'GET', url: api.botStatus });
    expect(status.json()).toEqual({ enabled: true, username: null, mode: 'polling' });
    const list = await outage.agent.request({ method: 'GET', url: api.conversations });
    expect(list.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
