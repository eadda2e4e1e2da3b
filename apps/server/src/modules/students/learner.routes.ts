import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HASH_CODE_PATTERN, learnerPage } from '@school/contract/learner';
import type { Db } from '../../db/client.js';
import { errorResponses, noSuchLearnerPage } from '../../plugins/errors.js';
import { playerBase } from '../games/games.shared.js';
import { statementQuery, type DocumentLocale } from '@school/contract/money';
import {
  documentLocale,
  learnerMoneyOf,
  paymentQrSvg,
  pdfResponse,
  sendPdf,
  statementDocument,
} from '../money/money.shared.js';
import { readSchoolDetails } from '../school/school.shared.js';
import { localeOf, recordPageOpened, studentOfHashCode } from './learner.queries.js';
import { learnerPageOf, paymentOf } from './learner.service.js';

/** The answer's caching: the student's own data, never kept by a browser or a proxy. */
export const LEARNER_CACHE = 'private, no-store';

/**
 * The payment QR code's caching: the browser keeps it and asks each time whether it is still
 * the one (its ETag is its text's), so a code for an amount paid since is never shown.
 */
export const PAYMENT_QR_CACHE = 'private, no-cache';

/**
 * The learner's own page (docs/learner-page.md; ADR 030): no login, the hashCode is the key.
 * An unknown, malformed or renewed hashCode answers the same 404, so the answer never tells
 * whether a student existed. Rate limited per address like the rest of /api/public.
 */
export const learnerRoutes: FastifyPluginAsyncZod<{
  db: Db;
  readsPerMinute: number;
  botUsername?: string;
  gamesBaseUrl?: string;
  schoolZone: string;
  /** the language of a statement when neither the page nor the student names one */
  defaultLocale: DocumentLocale;
}> = async (app, { db, readsPerMinute, botUsername, gamesBaseUrl, schoolZone, defaultLocale }) => {
  const limited = { rateLimit: { max: readsPerMinute, timeWindow: '1 minute' } };
  // any text: a malformed one gets the same 404 as an unknown one, never a 400
  const params = z.object({ hashCode: z.string() });
  /** The student of a hashCode, else the one 404 of every hashCode not served. */
  const learnerOf = async (hashCode: string) => {
    const student = HASH_CODE_PATTERN.test(hashCode)
      ? await studentOfHashCode(db, hashCode)
      : undefined;
    if (!student) throw noSuchLearnerPage();
    return student;
  };

  app.get(
    '/public/students/:hashCode',
    {
      config: limited,
      schema: {
        tags: ['public'],
        summary: "The learner's own page: their lessons, amounts due, marks, games and bot runs",
        params,
        response: { 200: learnerPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LEARNER_CACHE);
      const student = await learnerOf(request.params.hashCode);
      const page = await learnerPageOf(db, student, {
        playerBase: playerBase(gamesBaseUrl, request),
        botUsername,
        schoolZone,
      });
      await recordPageOpened(db, student.id, schoolZone);
      return page;
    },
  );

  app.get(
    '/public/students/:hashCode/payment-qr.svg',
    {
      config: limited,
      schema: {
        tags: ['public'],
        summary: "The learner's payment QR code (SVG) for what they owe now",
        params,
        response: { 200: z.string(), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LEARNER_CACHE);
      const student = await learnerOf(request.params.hashCode);
      const [money, school] = await Promise.all([
        learnerMoneyOf(db, schoolZone, student.id),
        readSchoolDetails(db),
      ]);
      // nothing due, no bank account yet, or none the code can carry: no code, as no page
      const { qr } = paymentOf(student, money, school);
      if (qr === null) throw noSuchLearnerPage();
      const etag = `"${createHash('sha256').update(qr).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', PAYMENT_QR_CACHE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.type('image/svg+xml; charset=utf-8').send(await paymentQrSvg(qr));
    },
  );

  app.get(
    '/public/students/:hashCode/statement',
    {
      config: limited,
      schema: {
        tags: ['public'],
        summary: "The learner's own statement of a month as PDF (docs/money.md, Statements)",
        params,
        querystring: statementQuery,
        response: { 200: pdfResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LEARNER_CACHE);
      const student = await learnerOf(request.params.hashCode);
      // the page's language (it sends lang), else the student's, else the browser's
      const locale = documentLocale(
        request.query.lang ?? (await localeOf(db, student.id)) ?? undefined,
        request.headers['accept-language'],
        defaultLocale,
      );
      const { filename, pdf } = await statementDocument(
        { db, zone: schoolZone },
        student.id,
        request.query.month,
        locale,
      );
      return sendPdf(reply, filename, pdf);
    },
  );
};
