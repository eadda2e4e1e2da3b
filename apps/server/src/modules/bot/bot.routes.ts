import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { botStatus } from '@school/contract/bot';
import { errorCodes } from '@school/contract/common';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, HttpError } from '../../plugins/errors.js';
import type { BotRuntime } from './bot.runtime.js';

/** Telegram's header carrying the webhook's secret token. */
export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** GET /api/bot/status for the web app; POST /api/bot/webhook for Telegram in webhook mode. */
export const botRoutes: FastifyPluginAsyncZod<{ runtime: BotRuntime | undefined }> = async (
  app,
  { runtime },
) => {
  app.get(
    '/bot/status',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['bot'],
        summary: 'Whether the Telegram bot is on, its username and mode',
        response: { 200: botStatus, ...errorResponses },
      },
    },
    async () => runtime?.status() ?? { enabled: false, username: null, mode: null },
  );

  if (runtime?.status().mode !== 'webhook') return;
  app.post(
    '/bot/webhook',
    {
      schema: {
        tags: ['bot'],
        summary: 'Telegram updates (webhook mode); the secret-token header must match',
        body: z.looseObject({ update_id: z.number().int() }),
        response: { 200: z.object({ ok: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const secret = request.headers[WEBHOOK_SECRET_HEADER];
      const result = await runtime.webhook(
        request.body,
        typeof secret === 'string' ? secret : undefined,
      );
      if (result === 'forbidden') {
        request.log.warn({ event: 'bot_webhook_refused', ip: request.ip });
        throw new HttpError(403, errorCodes.forbidden, 'Wrong or missing secret token');
      }
      return { ok: true };
    },
  );
};
