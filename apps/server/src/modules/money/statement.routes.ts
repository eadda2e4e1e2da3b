import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import { statementQuery, type DocumentLocale } from '@school/contract/money';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../plugins/errors.js';
import { allow } from '../../plugins/policy.js';
import { documentLocale } from './documents.texts.js';
import { statementDocument } from './documents.child.js';

/**
 * A PDF as a download named `filename`, streamed as it is drawn (kept by no cache, as every
 * answer of the API: no-store, and the learner's private, no-store).
 */
export const sendPdf = (reply: FastifyReply, filename: string, pdf: Readable) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(pdf);

/** The 200 of a PDF route, for the OpenAPI document. */
export const pdfResponse = z.any().meta({ description: 'the PDF file (application/pdf)' });

/**
 * A student's monthly statement (docs/money.md, Statements; docs/api.md): admins and managers;
 * a teacher gets 403. The learner's own is on their page's public routes.
 */
export const statementRoutes: FastifyPluginAsyncZod<{
  db: Db;
  timezone: string;
  defaultLocale: DocumentLocale;
}> = async (app, { db, timezone, defaultLocale }) => {
  app.get(
    '/students/:id/statement',
    {
      onRequest: allow('statements', 'read'),
      schema: {
        tags: ['money'],
        summary:
          "A student's statement of a month as PDF: opening balance, charges, payments, adjustments, voids, closing balance, how to pay",
        params: idParam,
        querystring: statementQuery,
        response: { 200: pdfResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const locale = documentLocale(
        request.query.lang,
        request.headers['accept-language'],
        defaultLocale,
      );
      const { filename, pdf } = await statementDocument(
        { db, zone: timezone },
        request.params.id,
        request.query.month,
        locale,
      );
      return sendPdf(reply, filename, pdf);
    },
  );
};
