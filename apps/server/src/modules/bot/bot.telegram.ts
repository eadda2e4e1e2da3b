import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, InlineKeyboard, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import type { PresentedAnswer } from '@school/contract/bot';
import type { Db } from '../../db/client.js';
import { replyToRun, startOrResume, type RunAdvance } from './bot.queries.js';
import { botText, localeOf, type BotLocale } from './bot.texts.js';
import { assignRun } from './runs.queries.js';
import {
  claimUpdate,
  forgetUpdate,
  linkBotUser,
  linkedStudent,
  linkRunToTelegram,
  nextRunOf,
  publicConversationByCode,
  studentByCode,
  studentOfRun,
  typedReplyRunOf,
} from './telegram.queries.js';

export interface TelegramOptions {
  token: string;
  apiRoot?: string | undefined;
  db: Db;
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
}

/** A button's callback data: the run, the step it was shown at, the button (ADR 019). */
const PRESS = /^p:(\d+):(\d+):(\d+)$/;
export const pressData = (runId: number, step: number, connectorId: number) =>
  `p:${runId}:${step}:${connectorId}`;

/**
 * The Telegram side of the bot (grammy): /start <hashCode> links the Telegram user to the
 * student and starts or resumes their next run; presses and typed replies advance it. Every
 * update is handled once: its update_id is recorded before it is handled.
 */
export function createTelegramBot({ token, apiRoot, db, log }: TelegramOptions) {
  const bot = new Bot(token, apiRoot ? { client: { apiRoot } } : {});
  // a throttled, retrying API: Telegram's flood limits and its own failures are waited out a
  // few times; a network failure is thrown at once, so the loops back off and stop on time
  bot.api.config.use(apiThrottler());
  bot.api.config.use(
    autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30, rethrowHttpErrors: true }),
  );

  const localeIn = (ctx: Context) => localeOf(ctx.from?.language_code);

  async function send(chatId: number, advance: RunAdvance, locale: BotLocale | null) {
    if (advance.current) await sendAnswer(chatId, advance.runId, advance.current);
    if (advance.isFinished) {
      const lines = advance.summary.length ? advance.summary : [botText('finished', locale)];
      await bot.api.sendMessage(chatId, lines.join('\n'));
    }
  }

  async function sendAnswer(chatId: number, runId: number, shown: PresentedAnswer) {
    const keyboard = new InlineKeyboard();
    for (const [i, b] of shown.buttons.entries()) {
      if (i > 0) keyboard.row();
      if (b.url) keyboard.url(b.text, b.url);
      else keyboard.text(b.text, pressData(runId, shown.step, b.connectorId));
    }
    await bot.api.sendMessage(
      chatId,
      shown.text,
      shown.buttons.length && !shown.isLast ? { reply_markup: keyboard } : {},
    );
  }

  /** Starts or resumes the student's next run here, or says there is none (quietly: `quiet`). */
  async function continueWith(ctx: Context, studentId: number, quiet = false) {
    const runId = await nextRunOf(db, studentId);
    if (runId !== undefined) await startRunOf(ctx, runId);
    else if (!quiet) await ctx.reply(botText('nothingToDo', localeIn(ctx)));
  }

  bot.command('start', async (ctx) => {
    const locale = localeIn(ctx);
    const code = ctx.match.trim();
    if (!code) {
      const studentId = await linkedStudent(db, ctx.from?.id ?? 0);
      if (studentId === undefined) await ctx.reply(botText('noStartCode', locale));
      else await continueWith(ctx, studentId);
      return;
    }
    const student = await studentByCode(db, code);
    if (!student && ctx.from && (await takePublic(ctx, code))) return;
    if (!student || !ctx.from) {
      // an unknown or regenerated code links nothing
      await ctx.reply(botText('unknownCode', locale));
      return;
    }
    await linkBotUser(db, ctx.chat.id, student.id, ctx.from);
    log.info({ student: student.id, telegramId: ctx.from.id }, 'bot user linked');
    await ctx.reply(botText('linked', locale, { name: student.name }));
    await continueWith(ctx, student.id);
  });

  /**
   * A published public conversation's own link (its hashCode): a linked student takes it, in a
   * run of their own (the open one, if any). False when the code is no such conversation.
   */
  async function takePublic(ctx: Context, code: string): Promise<boolean> {
    const conversationId = await publicConversationByCode(db, code);
    if (conversationId === undefined || !ctx.from) return false;
    const studentId = await linkedStudent(db, ctx.from.id);
    if (studentId === undefined) {
      await ctx.reply(botText('noStartCode', localeIn(ctx)));
      return true;
    }
    const run = await assignRun(db, { studentId, conversationId, isBot: 1 });
    if (run) await startRunOf(ctx, run.id);
    return true;
  }

  /** Links run `runId` to this Telegram user, starts or resumes it and sends where it stands. */
  async function startRunOf(ctx: Context, runId: number) {
    const from = ctx.from;
    const chatId = ctx.chat?.id ?? from?.id;
    if (!from || chatId === undefined) return;
    await linkRunToTelegram(db, runId, from);
    const locale = localeIn(ctx);
    const advance = await startOrResume(db, runId, locale);
    if (advance) await send(chatId, advance, locale);
  }

  bot.on('callback_query:data', async (ctx) => {
    const locale = localeIn(ctx);
    const match = PRESS.exec(ctx.callbackQuery.data);
    const studentId = await linkedStudent(db, ctx.from.id);
    if (!match || studentId === undefined) {
      await ctx.answerCallbackQuery();
      return;
    }
    const [runId, step, connectorId] = match.slice(1).map(Number) as [number, number, number];
    const advance =
      (await studentOfRun(db, runId)) === studentId
        ? await replyToRun(db, runId, { connectorId }, step, locale)
        : undefined;
    if (!advance) {
      // a double press, an older message's button or another student's run: nothing changes
      await ctx.answerCallbackQuery({ text: botText('alreadyAnswered', locale) });
      return;
    }
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    const chatId = ctx.chat?.id ?? ctx.from.id;
    await send(chatId, advance, locale);
    // after a finished run the next assigned one starts, if there is one
    if (advance.isFinished) await continueWith(ctx, studentId, true);
  });

  bot.on('message:text', async (ctx) => {
    const locale = localeIn(ctx);
    const studentId = await linkedStudent(db, ctx.from.id);
    if (studentId === undefined) {
      await ctx.reply(botText('noStartCode', locale));
      return;
    }
    const run = await typedReplyRunOf(db, studentId);
    const advance = run
      ? await replyToRun(db, run.id, { text: ctx.message.text }, run.step, locale)
      : undefined;
    if (!advance) {
      await ctx.reply(botText(run ? 'notUnderstood' : 'nothingToDo', locale));
      return;
    }
    await send(ctx.chat.id, advance, locale);
    // after a finished run the next assigned one starts, if there is one
    if (advance.isFinished) await continueWith(ctx, studentId, true);
  });

  /**
   * Handles an update once: a replayed update_id (a retried webhook, a poller taking over) is
   * dropped. A failure forgets the id, so Telegram's retry gets another chance.
   */
  async function handleOnce(update: Update): Promise<'handled' | 'duplicate'> {
    if (!(await claimUpdate(db, update.update_id))) return 'duplicate';
    try {
      if (!bot.isInited()) await bot.init();
      await bot.handleUpdate(update);
      return 'handled';
    } catch (err) {
      log.warn({ err, updateId: update.update_id }, 'bot update failed');
      await forgetUpdate(db, update.update_id);
      throw err;
    }
  }

  return { bot, handleOnce };
}

export type TelegramBot = ReturnType<typeof createTelegramBot>;
