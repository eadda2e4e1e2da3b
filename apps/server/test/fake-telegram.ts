import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { atFileEnd } from './file-end.js';
import { pause } from './timers.js';

export interface BotApiCall {
  token: string;
  method: string;
  payload: Record<string, unknown>;
}

/**
 * A local stand-in for the Telegram Bot API over HTTP: it records every call, answers getMe
 * and sendMessage like Telegram, and serves pushed updates to getUpdates (an update is
 * confirmed, and gone, once a later offset is asked for). A chat `block`ed answers every
 * sendMessage with Telegram's 403, as when the user blocked the bot. Closed after the test file.
 */
export async function startFakeTelegram() {
  const calls: BotApiCall[] = [];
  const polls: string[] = [];
  let queue: Record<string, unknown>[] = [];
  let nextMessageId = 1;
  const blocked = new Set<number>();
  let waiting: (() => void)[] = [];
  /** the highest update id pushed, and the highest offset a poll has asked for */
  let lastPushed = 0;
  let askedFrom = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const [, token = '', method = ''] = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '') ?? [];
        const text = Buffer.concat(chunks).toString();
        const payload = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
        let result: unknown = true;
        if (method === 'sendMessage' && blocked.has(Number(payload.chat_id))) {
          calls.push({ token, method, payload });
          res.statusCode = 403;
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              ok: false,
              error_code: 403,
              description: 'Forbidden: bot was blocked by the user',
            }),
          );
          return;
        }
        if (method === 'getUpdates') {
          polls.push(token);
          const offset = Number(payload.offset ?? 0);
          askedFrom = Math.max(askedFrom, offset);
          queue = queue.filter((u) => Number(u.update_id) >= offset);
          if (queue.length === 0) {
            // a short long-poll: wait for an update or 100 ms
            await pause(100, (resume) => waiting.push(resume));
          }
          result = queue.filter((u) => Number(u.update_id) >= offset);
        } else {
          calls.push({ token, method, payload });
          if (method === 'getMe') {
            result = { id: 42, is_bot: true, first_name: 'School', username: 'school_bot' };
          } else if (method === 'sendMessage') {
            result = {
              message_id: nextMessageId++,
              date: Math.floor(Date.now() / 1000),
              chat: { id: payload.chat_id, type: 'private' },
              text: payload.text,
            };
          }
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: true, result }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  atFileEnd(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    /** the token of every getUpdates call, in order */
    polls,
    push(update: Record<string, unknown>) {
      lastPushed = Math.max(lastPushed, Number(update.update_id));
      queue.push(update);
      const wake = waiting;
      waiting = [];
      for (const w of wake) w();
    },
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /** sendMessage to `chatId` answers 403 from now on (the user blocked the bot) */
    block: (chatId: number) => void blocked.add(chatId),
    /**
     * True once every pushed update has been handled: the poller handles a batch before it
     * asks again, and a poll from past an update confirms it.
     */
    handledAll: () => askedFrom > lastPushed,
    /** waits until `check` holds (looking every 20 ms), failing after `ms` */
    async until(check: () => boolean, ms = 5000) {
      await vi.waitFor(
        () => {
          if (!check()) throw new Error('timed out waiting for the fake Bot API');
        },
        { timeout: ms, interval: 20 },
      );
    },
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

let updateId = 1000;
const user = (id: number, languageCode?: string) => ({
  id,
  is_bot: false,
  first_name: 'Olena',
  last_name: 'Koval',
  username: `olena${id}`,
  ...(languageCode ? { language_code: languageCode } : {}),
});

/** A private text message from Telegram user `from` (a /command when it starts with /). */
export function textUpdate(from: number, text: string, languageCode?: string) {
  const command = /^\/\w+/.exec(text)?.[0];
  return {
    update_id: ++updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from, type: 'private', first_name: 'Olena' },
      from: user(from, languageCode),
      text,
      ...(command
        ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] }
        : {}),
    },
  };
}

/** A press of an inline button with callback data `data` under message `messageId`. */
export function pressUpdate(from: number, data: string, messageId = 1, languageCode?: string) {
  return {
    update_id: ++updateId,
    callback_query: {
      id: `cq${updateId}`,
      from: user(from, languageCode),
      chat_instance: 'ci',
      data,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from, type: 'private', first_name: 'Olena' },
        text: 'question',
      },
    },
  };
}
