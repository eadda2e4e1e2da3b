import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  account,
  adjustment,
  balanceRow,
  balancesQuery,
  moneyReportMonth,
  moneyReportQuery,
  adjustmentInput,
  ledgerEntry,
  ledgerQuery,
  payment,
  paymentInput,
  paymentFilterQuery,
  paymentListQuery,
  paymentTotals,
  voidInput,
  type PaymentFilterQuery,
} from '@school/contract/money';
import type { Db } from '../../db/client.js';
import { errorResponses, invalidField } from '../../plugins/errors.js';
import { registerCsvExport } from '../../plugins/csv-routes.js';
import { uncheckedJson } from '../../plugins/resource.js';
import { allow } from '../../plugins/policy.js';
import {
  accountFor,
  ledgerFor,
  recordAdjustment,
  recordPayment,
  settle,
  settleAll,
  voidPayment,
  type Money,
} from './money.service.js';
import {
  exportPaymentsCsv,
  listPayments,
  paymentById,
  paymentTotals as totalsOf,
} from './payments.queries.js';
import { exportBalancesCsv, listBalances, moneyReport } from './balances.queries.js';
import { registerSchoolZone } from './money.corrections.js';
import { addDays, todayIn } from '../schedule/schedule.shared.js';

/** A payments' date range that ends before it starts is refused, as the report's is. */
function checkRange(q: Pick<PaymentFilterQuery, 'dateFrom' | 'dateTo'>) {
  if (q.dateFrom !== undefined && q.dateTo !== undefined && q.dateFrom > q.dateTo) {
    throw invalidField('dateFrom', 'must not be after dateTo');
  }
}

/** The money ledger's calls (docs/money.md, docs/api.md Money): admins and managers only. */
export const moneyRoutes: FastifyPluginAsyncZod<{ db: Db; timezone: string }> = async (
  app,
  { db, timezone },
) => {
  const money: Money = { db, zone: timezone };
  registerSchoolZone(db, timezone);
  app.addHook('onRequest', allow('money'));
  const tags = ['money'];

  app.post(
    '/payments',
    {
      schema: {
        tags,
        summary: "Record a payment; it covers the student's due charges, oldest first",
        body: paymentInput,
        response: { 201: payment, ...errorResponses },
      },
      // the answers below are built by typed code of the contract's shape (ADR 016, ADR 051)
      ...uncheckedJson,
    },
    async (request, reply) => reply.status(201).send(await recordPayment(money, request.body)),
  );

  app.get(
    '/payments',
    {
      schema: {
        tags,
        summary: 'Payments, newest first, with what each covers',
        querystring: paymentListQuery,
        response: { 200: z.array(payment), ...errorResponses },
      },
    },
    async (request, reply) => {
      // what each covers, with what has fallen due since charged
      checkRange(request.query);
      if (request.query.student !== undefined) await settle(money, request.query.student);
      else await settleAll(money);
      const page = await listPayments(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  app.get(
    '/payments/totals',
    {
      schema: {
        tags,
        summary:
          'Over every payment the filters select: how many, the sum of those not voided, the voided apart',
        querystring: paymentFilterQuery,
        response: { 200: paymentTotals, ...errorResponses },
      },
    },
    async (request) => {
      checkRange(request.query);
      return totalsOf(db, request.query);
    },
  );

  registerCsvExport(app, db, {
    path: 'payments',
    tags,
    query: paymentFilterQuery,
    exportCsv: (_db, query) => {
      checkRange(query);
      return exportPaymentsCsv(db, query);
    },
  });

  app.get(
    '/payments/:id',
    { schema: { tags, params: idParam, response: { 200: payment, ...errorResponses } } },
    async (request) => {
      // what it covers, with what has fallen due since charged
      const found = await paymentById(db, request.params.id);
      return (await settle(money, found.student)) ? paymentById(db, request.params.id) : found;
    },
  );

  app.post(
    '/payments/:id/void',
    {
      schema: {
        tags,
        summary: 'Void a payment: it stays, voided; what it covered is open again',
        params: idParam,
        body: voidInput,
        response: { 200: payment, ...errorResponses },
      },
    },
    async (request) => voidPayment(money, request.params.id, request.body.reason),
  );

  app.post(
    '/adjustments',
    {
      schema: {
        tags,
        summary: 'Record an adjustment: + the student owes more, - a credit',
        body: adjustmentInput,
        response: { 201: adjustment, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await recordAdjustment(money, request.body)),
  );

  app.get(
    '/students/:id/account',
    {
      schema: {
        tags,
        summary: "A student's balance, due, credit and upcoming charges",
        params: idParam,
        response: { 200: account, ...errorResponses },
      },
      ...uncheckedJson,
    },
    async (request) => accountFor(money, request.params.id),
  );

  app.get(
    '/ledger',
    {
      schema: {
        tags,
        summary: "A student's due ledger entries, oldest first, with the running balance",
        querystring: ledgerQuery,
        response: { 200: z.array(ledgerEntry), ...errorResponses },
      },
    },
    async (request) => ledgerFor(money, request.query),
  );

  app.get(
    '/balances',
    {
      schema: {
        tags,
        summary: "Every student's balance, due, credit and aging; largest due first",
        querystring: balancesQuery,
        response: { 200: z.array(balanceRow), ...errorResponses },
      },
      ...uncheckedJson,
    },
    async (request, reply) => {
      // one statement that also says whether anything has fallen due since (ADR 041)
      let page = await listBalances(db, timezone, request.query);
      if (await settleAll(money, page.pending))
        page = await listBalances(db, timezone, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  registerCsvExport(app, db, {
    path: 'balances',
    tags,
    query: balancesQuery,
    exportCsv: async (_db, query) => {
      await settleAll(money);
      return exportBalancesCsv(db, timezone, query);
    },
  });

  app.get(
    '/reports/money',
    {
      schema: {
        tags,
        summary: 'Per month: charged, received and outstanding at the month end',
        querystring: moneyReportQuery,
        response: { 200: z.array(moneyReportMonth), ...errorResponses },
      },
    },
    async (request) => {
      await settleAll(money);
      const to = request.query.dateTo ?? todayIn(timezone);
      const from = request.query.dateFrom ?? addDays(to, -365);
      if (from > to) throw invalidField('dateFrom', 'must not be after dateTo');
      return moneyReport(db, from, to);
    },
  );
};
