import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  INVOICE_CSV_COLUMNS,
  invoiceConflictBody,
  invoiceCorrection,
  invoiceDetail,
  invoiceFilterQuery,
  invoiceInput,
  invoiceListQuery,
  invoiceRow,
  type InvoiceFilterQuery,
} from '@school/contract/invoices';
import type { DocumentLocale } from '@school/contract/money';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { csvStream } from '../../plugins/csv-export.js';
import { registerCsvExport } from '../../plugins/csv-routes.js';
import { errorResponses, HttpError, invalidField, notFound } from '../../plugins/errors.js';
import { allow } from '../../plugins/policy.js';
import { documentLocale } from './documents.texts.js';
import { plainZl } from './money.charge.js';
import type { Money } from './money.service.js';
import { invoiceById, invoicesForExport, listInvoices } from './invoices.queries.js';
import { invoicePdf } from './documents.child.js';
import {
  correctInvoice,
  invoiceDetail as detailOf,
  issueInvoice,
  toRow,
} from './invoices.service.js';
import { pdfResponse, sendPdf } from './statement.routes.js';

function checkRange(q: InvoiceFilterQuery) {
  if (q.dateFrom !== undefined && q.dateTo !== undefined && q.dateFrom > q.dateTo) {
    throw invalidField('dateFrom', 'must not be after dateTo');
  }
}

/**
 * Invoices (docs/money.md, Invoices; docs/api.md): admins and managers issue, correct, list and
 * download them; a teacher gets 403. Never changed nor deleted: DELETE and PUT answer 405.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  timezone: string;
  defaultLocale: DocumentLocale;
}> = async (outer, { db, timezone, defaultLocale }) => {
  // an invoice is never changed nor deleted: a correcting invoice is the way (docs/money.md)
  const frozen = async () => {
    throw new HttpError(
      405,
      'method_not_allowed',
      'An invoice is never changed or deleted: issue a correcting invoice (POST /api/invoices/{id}/correct)',
    );
  };
  outer.route({
    method: ['DELETE', 'PUT'],
    url: '/invoices/:id',
    schema: { hide: true },
    onRequest: allow('invoices', 'read'),
    handler: async (_request, reply) => {
      reply.header('allow', 'GET');
      return frozen();
    },
  });
  await outer.register(async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const money: Money = { db, zone: timezone };
    app.addHook('onRequest', allow('invoices'));
    const tags = ['invoices'];

    app.post(
      '/invoices',
      {
        schema: {
          tags,
          summary: "Issue an invoice of a student's month: the next number of the year's FV series",
          body: invoiceInput,
          response: { 201: invoiceRow, ...errorResponses, 409: invoiceConflictBody },
        },
      },
      async (request, reply) => {
        const locale = documentLocale(undefined, request.headers['accept-language'], defaultLocale);
        const made = await issueInvoice(money, request.body, sessionOf(request).userId, locale);
        return reply.status(201).send(made);
      },
    );

    app.get(
      '/invoices',
      {
        schema: {
          tags,
          summary: 'Invoices and correcting invoices, newest first',
          querystring: invoiceListQuery,
          response: { 200: z.array(invoiceRow), ...errorResponses },
        },
      },
      async (request, reply) => {
        checkRange(request.query);
        const page = await listInvoices(db, request.query);
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        return page.rows.map(toRow);
      },
    );

    registerCsvExport(app, db, {
      path: 'invoices',
      tags,
      query: invoiceFilterQuery,
      exportCsv: async (_db, query) => {
        checkRange(query);
        const rows = await invoicesForExport(db, query);
        async function* pages() {
          yield rows;
        }
        return csvStream(INVOICE_CSV_COLUMNS, pages(), (r) => [
          String(r.id),
          r.number,
          r.issueDate,
          String(r.student),
          r.studentName,
          r.month,
          plainZl(r.total),
          r.document.currency,
          r.correctsNumber ?? '',
          r.reason,
          r.issuedAt.toISOString(),
        ]);
      },
    });

    app.get(
      '/invoices/:id',
      {
        schema: {
          tags,
          params: idParam,
          response: { 200: invoiceDetail, ...errorResponses },
        },
      },
      async (request) => detailOf(money, request.params.id),
    );

    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags,
          summary: 'The invoice as PDF: the same bytes every time',
          params: idParam,
          response: { 200: pdfResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const found = await invoiceById(db, request.params.id);
        if (!found) throw notFound('No such invoice');
        const { filename, pdf } = await invoicePdf(found);
        return sendPdf(reply, filename, pdf);
      },
    );

    app.post(
      '/invoices/:id/correct',
      {
        schema: {
          tags,
          summary: 'Issue a correcting invoice (FK series) of an invoice',
          params: idParam,
          body: invoiceCorrection,
          response: { 201: invoiceRow, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await correctInvoice(money, request.params.id, request.body, sessionOf(request).userId),
          ),
    );
  });
};
