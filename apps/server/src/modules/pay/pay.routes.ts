import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  month as monthSchema,
  paidInput,
  payRate,
  payRateInput,
  payRateParams,
  PAYROLL_CSV_COLUMNS,
  payrollQuery,
  payRow,
  payRunParams,
} from '@school/contract/pay';
import { idParam } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { csvStream } from '../../plugins/csv-export.js';
import { errorResponses, invalidField } from '../../plugins/errors.js';
import { allow, forbiddenForRole, mayDoAll } from '../../plugins/policy.js';
import {
  addRate,
  approve,
  deleteRate,
  listRates,
  markPaid,
  payroll,
  payrollRecords,
  type Pay,
} from './pay.service.js';

/**
 * Teachers' pay (docs/money.md, Teachers' pay; docs/api.md, Pay; ADR 042): admins and managers
 * read everyone's, approve, mark paid and keep the rates; a teacher reads their own only.
 */
export const payRoutes: FastifyPluginAsyncZod<{ db: Db; timezone: string }> = async (
  app,
  { db, timezone },
) => {
  const pay: Pay = { db, zone: timezone };
  const tags = ['pay'];

  /** A teacher (reach own) reads only their own; anyone else's answers 403. */
  const ownOnly = (request: Parameters<typeof sessionOf>[0], teacher?: number) => {
    const session = sessionOf(request);
    if (mayDoAll(session.role, 'pay', 'read')) return undefined;
    if (teacher !== undefined && teacher !== session.userId) {
      throw forbiddenForRole(session.role);
    }
    return session.userId;
  };

  app.get(
    '/payroll',
    {
      onRequest: allow('pay', 'read'),
      schema: {
        tags,
        summary: "Each teacher's pay of a month, lesson by lesson (a teacher: their own)",
        querystring: payrollQuery,
        response: { 200: z.array(payRow), ...errorResponses },
      },
    },
    async (request) => payroll(pay, request.query.month, ownOnly(request)),
  );

  app.get(
    '/payroll/:file',
    {
      onRequest: allow('pay', 'read'),
      schema: {
        tags,
        summary: "GET /api/payroll/{month}.csv: the month's pay lines for the accountant",
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (!mayDoAll(session.role, 'pay', 'read')) throw forbiddenForRole(session.role);
      const name = /^(.*)\.csv$/.exec(request.params.file)?.[1];
      const parsed = monthSchema.safeParse(name);
      if (!parsed.success) throw invalidField('month', 'must be a month YYYY-MM, as YYYY-MM.csv');
      const records = await payrollRecords(pay, parsed.data);
      async function* pages() {
        yield records;
      }
      const csv = await csvStream(PAYROLL_CSV_COLUMNS, pages(), (r) => r);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payroll-${parsed.data}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/payroll/:month/:teacher/approve',
    {
      onRequest: allow('pay', 'create'),
      schema: {
        tags,
        summary: "Approve a teacher's month: its lines are frozen",
        params: payRunParams,
        response: { 200: payRow, ...errorResponses },
      },
    },
    async (request) =>
      approve(pay, request.params.month, request.params.teacher, sessionOf(request).userId),
  );

  app.post(
    '/payroll/:month/:teacher/paid',
    {
      onRequest: allow('pay', 'create'),
      schema: {
        tags,
        summary: "Mark a teacher's approved month paid on a date",
        params: payRunParams,
        body: paidInput,
        response: { 200: payRow, ...errorResponses },
      },
    },
    async (request) =>
      markPaid(pay, request.params.month, request.params.teacher, request.body.date),
  );

  app.get(
    '/users/:id/payrates',
    {
      onRequest: allow('pay', 'read'),
      schema: {
        tags,
        summary: "A teacher's pay rates, newest first (a teacher: their own)",
        params: idParam,
        response: { 200: z.array(payRate), ...errorResponses },
      },
    },
    async (request) => {
      ownOnly(request, request.params.id);
      return listRates(db, request.params.id);
    },
  );

  app.post(
    '/users/:id/payrates',
    {
      onRequest: allow('pay', 'create'),
      schema: {
        tags,
        summary: 'A new pay rate from its date (rates are history, never edited)',
        params: idParam,
        body: payRateInput,
        response: { 201: payRate, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addRate(db, request.params.id, request.body)),
  );

  app.delete(
    '/users/:id/payrates/:rate',
    {
      onRequest: allow('pay', 'delete'),
      schema: {
        tags,
        summary: 'Delete a pay rate no approved run used',
        params: payRateParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteRate(db, request.params.id, request.params.rate);
      return reply.status(204).send(null);
    },
  );
};
