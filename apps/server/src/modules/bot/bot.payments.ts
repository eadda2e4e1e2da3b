import type { Api } from 'grammy';
import { learnerPageLink } from '@school/contract/learner';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Metrics } from '../../plugins/metrics.js';
import { owingSince } from '../money/money.shared.js';
import { addDays, wallClockIn } from '../schedule/schedule.shared.js';
import { readSchoolDetails } from '../school/school.shared.js';
import { amountIn, botText, localeOf, type BotLocale } from './bot.texts.js';
import {
  claimPaymentReminder,
  recordPaymentReminder,
  reminderTargets,
} from './payments.queries.js';

/** The job queue's look for payment reminders: every hour at :07 (UTC), once across instances. */
export const PAYMENT_REMINDERS_CRON = '7 * * * *';
/** A student gets at most one payment reminder in this many days (ADR 046). */
export const PAYMENT_REMINDER_EVERY_DAYS = 7;
/** Reminders go out only in the school's daytime: from 10:00 to 19:59 (BOT_TIMEZONE). */
export const PAYMENT_REMINDER_HOURS = { from: 10, to: 20 } as const;

export interface PaymentReminderOptions {
  db: Db;
  api: Pick<Api, 'sendMessage'>;
  config: Pick<Config, 'PAYMENT_REMINDER_DAYS' | 'BOT_TIMEZONE' | 'GAMES_BASE_URL'>;
  log: { warn: (o: object, m: string) => void };
  metrics?: Pick<Metrics, 'paymentReminders'> | undefined;
  now?: Date;
}

/** The message in the student's language (without one: Ukrainian, then English). */
function reminderText(locale: BotLocale | null, grosze: number, currency: string, link?: string) {
  const words = (l: BotLocale) => {
    const lines = [botText('paymentDue', l, { amount: amountIn(grosze, currency) })];
    if (link) lines.push(botText('paymentPage', l, { link }));
    return lines.join('\n');
  };
  return locale ? words(locale) : `${words('uk')}\n\n${words('en')}`;
}

/**
 * Payment reminders (docs/money.md, Payment reminders; ADR 046): a student whose oldest charge
 * not covered is dated more than PAYMENT_REMINDER_DAYS days before the school's today, who has
 * broadcast on and a linked Telegram account, gets one message with what they owe and their
 * page's link, at most once in 7 days. Every charge that has fallen due is written first. Each
 * reminder is claimed (a row) before it is sent, so neither two runs at once nor a run after a
 * crash sends it twice; a failed send is recorded with its error and tried again only a week
 * later. How many were sent.
 */
export async function sendPaymentReminders({
  db,
  api,
  config,
  log,
  metrics,
  now = new Date(),
}: PaymentReminderOptions): Promise<number> {
  const days = config.PAYMENT_REMINDER_DAYS;
  if (days <= 0) return 0;
  const clock = wallClockIn(config.BOT_TIMEZONE, now);
  const hour = Number(clock.time.slice(0, 2));
  if (hour < PAYMENT_REMINDER_HOURS.from || hour >= PAYMENT_REMINDER_HOURS.to) return 0;
  const today = clock.date;
  // no reminder after this day means the last one is at least 7 days old
  const since = addDays(today, -PAYMENT_REMINDER_EVERY_DAYS);
  const owing = await owingSince({ db, zone: config.BOT_TIMEZONE }, addDays(today, -days));
  const targets = await reminderTargets(
    db,
    owing.map((o) => o.student),
    since,
  );
  if (targets.length === 0) return 0;
  const { currency } = await readSchoolDetails(db);
  const dueOf = new Map(owing.map((o) => [o.student, o.due]));
  let sent = 0;
  for (const target of targets) {
    const amount = dueOf.get(target.studentId) ?? 0;
    const id = await claimPaymentReminder(db, {
      studentId: target.studentId,
      day: today,
      since,
      amount,
      currency,
      chatId: target.chatId,
    });
    // another run claimed it first
    if (id === undefined) continue;
    const link = config.GAMES_BASE_URL
      ? learnerPageLink(config.GAMES_BASE_URL, target.hashCode)
      : undefined;
    const text = reminderText(localeOf(target.languageCode), amount, currency, link);
    try {
      const message = await api.sendMessage(target.chatId, text);
      await recordPaymentReminder(db, id, { messageId: message.message_id });
      metrics?.paymentReminders.inc({ outcome: 'sent' });
      sent++;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      // not tried again before the week is over: a blocked bot stays blocked
      await recordPaymentReminder(db, id, { error });
      metrics?.paymentReminders.inc({ outcome: 'failed' });
      log.warn({ err, student: target.studentId }, 'payment reminder not sent');
    }
  }
  return sent;
}
