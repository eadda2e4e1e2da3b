import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { BotStatus } from '@school/contract/bot';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Metrics } from '../../plugins/metrics.js';
import { forgetUpdatesBefore } from './telegram.queries.js';
import { sendReminders } from './bot.broadcast.js';
import { sendPaymentReminders } from './bot.payments.js';
import { createTelegramBot } from './bot.telegram.js';

/** The advisory lock only the polling instance holds (ADR 019). */
export const POLLING_LOCK = 7_411_019;
const UPDATES_KEPT_DAYS = 7;
const MAX_UPDATE_TRIES = 3;
const STOP_WAIT_MS = 5_000;

export interface BotLog {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
}

export interface BotRuntimeOptions {
  config: Pick<
    Config,
    | 'BOT_TOKEN'
    | 'BOT_USERNAME'
    | 'BOT_API_ROOT'
    | 'BOT_MODE'
    | 'BOT_WEBHOOK_SECRET'
    | 'BOT_WEBHOOK_URL'
    | 'BOT_REMINDER_MINUTES'
    | 'BOT_TIMEZONE'
    | 'BOT_LOCK_RETRY_MS'
    | 'BOT_POLL_TIMEOUT_SECONDS'
    | 'PAYMENT_REMINDER_DAYS'
    | 'GAMES_BASE_URL'
  > & { BOT_TOKEN: string };
  db: Db;
  pool: pg.Pool;
  log: BotLog;
  /** the instance's metrics: updates by outcome, whether this instance polls */
  metrics?: Pick<Metrics, 'botEnabled' | 'botPolling' | 'botUpdates' | 'paymentReminders'>;
}

/**
 * The running bot: long polling by the one instance holding the advisory lock (held on a
 * dedicated connection, so it goes when that instance or its connection does), or webhook
 * mode; lesson reminders by `remind`, which the job queue runs (ADR 031). Nothing here is awaited by
 * start-up: a Telegram outage only delays the bot.
 */
export function createBotRuntime({ config, db, pool, log, metrics }: BotRuntimeOptions) {
  const created = createTelegramBot({
    token: config.BOT_TOKEN,
    apiRoot: config.BOT_API_ROOT,
    db,
    log,
  });
  // every update, polled or sent to the webhook, is counted by what became of it
  const telegram = {
    ...created,
    handleOnce: async (update: Parameters<typeof created.handleOnce>[0]) => {
      try {
        const outcome = await created.handleOnce(update);
        metrics?.botUpdates.inc({ outcome });
        return outcome;
      } catch (err) {
        metrics?.botUpdates.inc({ outcome: 'failed' });
        throw err;
      }
    },
  };
  metrics?.botEnabled.set(1);
  const { bot } = telegram;
  const stopping = new AbortController();
  let lockClient: pg.PoolClient | undefined;
  let pollingNow = false;
  const setPolling = (on: boolean) => {
    pollingNow = on;
    metrics?.botPolling.set(on ? 1 : 0);
  };
  let lockLost = new AbortController();
  let loops: Promise<void>[] = [];

  // grammy types its signal with the abort-controller shim; Node's own is the same at run time
  const signal = stopping.signal as unknown as Parameters<typeof bot.init>[0];
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => {});

  async function releaseLock(broken = false) {
    const client = lockClient;
    lockClient = undefined;
    setPolling(false);
    if (!client) return;
    if (!broken)
      await client.query('select pg_advisory_unlock($1)', [POLLING_LOCK]).catch(() => {});
    client.release(true);
  }

  /** Takes the polling lock if it is free; true while this instance holds it. */
  async function holdLock(): Promise<boolean> {
    if (lockClient) {
      try {
        await lockClient.query('select 1');
        return true;
      } catch (err) {
        log.warn({ err }, 'bot polling lock connection lost');
        await releaseLock(true);
        return false;
      }
    }
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      const res = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [POLLING_LOCK],
      );
      if (!res.rows[0]?.locked) {
        client.release();
        return false;
      }
      client.on('error', (err) => {
        // the lock went with the connection: stop the poll under way, another instance may
        // hold the lock already
        log.warn({ err }, 'bot polling lock connection lost');
        setPolling(false);
        lockLost.abort();
      });
      lockLost = new AbortController();
      lockClient = client;
      log.info({}, 'bot polling started on this instance');
      return true;
    } catch (err) {
      client?.release(true);
      log.warn({ err }, 'bot polling lock not available');
      return false;
    }
  }

  async function pollLoop() {
    let offset = 0;
    let failures = 0;
    const retries = new Map<number, number>();
    while (!stopping.signal.aborted) {
      if (!(await holdLock())) {
        await pause(config.BOT_LOCK_RETRY_MS);
        continue;
      }
      setPolling(true);
      try {
        if (!bot.isInited()) await bot.init(signal);
        const pollSignal = AbortSignal.any([stopping.signal, lockLost.signal]);
        const updates = await bot.api.getUpdates(
          {
            offset,
            timeout: config.BOT_POLL_TIMEOUT_SECONDS,
            allowed_updates: ['message', 'callback_query'],
          },
          pollSignal as unknown as typeof signal,
        );
        for (const update of updates) {
          const failed = await telegram.handleOnce(update).then(
            () => false,
            () => true,
          );
          // a failed update is asked for again (its id was forgotten), a few times at most
          const tries = failed ? (retries.get(update.update_id) ?? 0) + 1 : 0;
          if (failed && tries < MAX_UPDATE_TRIES) {
            retries.set(update.update_id, tries);
            await pause(1000);
            break;
          }
          retries.delete(update.update_id);
          offset = update.update_id + 1;
        }
        failures = 0;
      } catch (err) {
        if (stopping.signal.aborted) break;
        if (lockLost.signal.aborted) continue;
        failures++;
        log.warn({ err }, 'bot polling failed; trying again');
        await pause(Math.min(30_000, 500 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  async function webhookSetup() {
    for (let attempt = 0; !stopping.signal.aborted; attempt++) {
      try {
        if (!bot.isInited()) await bot.init(signal);
        if (config.BOT_WEBHOOK_URL) {
          await bot.api.setWebhook(
            config.BOT_WEBHOOK_URL,
            {
              secret_token: config.BOT_WEBHOOK_SECRET,
              allowed_updates: ['message', 'callback_query'],
            },
            signal,
          );
        }
        return;
      } catch (err) {
        if (stopping.signal.aborted) return;
        log.warn({ err }, 'bot webhook set-up failed; trying again');
        await pause(Math.min(60_000, 1000 * 2 ** Math.min(attempt, 6)));
      }
    }
  }

  /**
   * One round of lesson reminders, then forgetting old updates: run by the job queue's
   * recurring schedule once per tick across all instances (ADR 031); each reminder is also
   * claimed once (ADR 019), so two rounds at once still send it once.
   */
  async function remind() {
    if (stopping.signal.aborted) return;
    await sendReminders(db, bot.api, config, log);
    const before = new Date(Date.now() - UPDATES_KEPT_DAYS * 86_400_000);
    await forgetUpdatesBefore(db, before);
  }

  /**
   * One round of payment reminders (docs/money.md, Payment reminders): run by the job queue's
   * recurring schedule once per tick across all instances; each reminder is claimed once
   * (ADR 046). `now` stands for the clock in tests. How many were sent.
   */
  async function remindPayments(now?: Date) {
    if (stopping.signal.aborted) return 0;
    return sendPaymentReminders({ db, api: bot.api, config, log, metrics, now });
  }

  return {
    telegram,
    remind,
    remindPayments,
    /** starts in the background; never waits on Telegram */
    start() {
      if (loops.length > 0) return;
      loops = [config.BOT_MODE === 'webhook' ? webhookSetup() : pollLoop()];
    },
    async stop() {
      stopping.abort();
      // a message being sent may still be waiting out Telegram: shutdown does not wait long
      await Promise.race([
        Promise.allSettled(loops),
        sleep(STOP_WAIT_MS, undefined, { ref: false }),
      ]);
      await releaseLock();
    },
    /** true while this instance is the one polling */
    isPolling: () => pollingNow && lockClient !== undefined,
    status(): BotStatus {
      return {
        enabled: true,
        username: config.BOT_USERNAME ?? (bot.isInited() ? bot.botInfo.username : null),
        mode: config.BOT_MODE,
      };
    },
    /** POST /api/bot/webhook: the secret-token header must match */
    async webhook(update: unknown, secret: string | undefined) {
      if (!sameSecret(secret, config.BOT_WEBHOOK_SECRET)) return 'forbidden' as const;
      if (!update || typeof update !== 'object' || !('update_id' in update)) {
        return 'invalid' as const;
      }
      return telegram.handleOnce(update as Parameters<typeof telegram.handleOnce>[0]);
    },
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (given: string | undefined, expected: string | undefined) =>
  !!given && !!expected && timingSafeEqual(digest(given), digest(expected));

export type BotRuntime = ReturnType<typeof createBotRuntime>;
