import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankImportJob,
  bankImportPreview,
  bankImportResult,
  bankMapping,
  bankRow,
  bankRowAssign,
  bankRowsQuery,
  bankUploadQuery,
  type BankImportJob,
  type BankImportResult,
  type BankMapping,
} from '@school/contract/bank-import';
import { errorBody, idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import { IMPORT_MAX_SIZE, IMPORT_SYNC_MAX_CHARS, importJobParams } from '@school/contract/imports';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { acceptUploads, spool, withUpload } from '../../plugins/csv-upload.js';
import { errorResponses, HttpError, notFound } from '../../plugins/errors.js';
import { actorOf } from '../../plugins/history.js';
import { allow } from '../../plugins/policy.js';
import { importStatement, previewStatement } from './bank.import.js';
import { listBankRows } from './bank.queries.js';
import { assignBankRow, dismissBankRow, restoreBankRow } from './bank.review.js';
import type { Money } from './money.service.js';

/** The name a statement's import jobs carry (ADR 012): one import at a time, whatever the list. */
const BANK_LIST = 'payments';

/** A statement comes as it is, read as it arrives: text/csv or a multipart file (ADR 045). */
const statementBody = {
  content: {
    'text/csv': {
      schema: z.any().meta({
        type: 'string',
        format: 'binary',
        description:
          'The statement as the bank exported it (UTF-8 or windows-1250); options in the query string',
      }),
    },
    'multipart/form-data': {
      schema: z.any().meta({
        type: 'object',
        description: 'skipErrors, fileName and mapping (JSON), then the file',
        properties: {
          skipErrors: { type: 'string', enum: ['true', 'false', '1', '0'] },
          fileName: { type: 'string', maxLength: 255 },
          mapping: { type: 'string', maxLength: 2000 },
          file: { type: 'string', format: 'binary' },
        },
        required: ['file'],
      }),
    },
  },
};

/** The call's mapping (JSON text of a BankMapping), or 400 naming what is wrong with it. */
function mappingOf(fields: Readonly<Record<string, string>>): BankMapping | undefined {
  const text = fields.mapping?.trim();
  if (!text) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'validation', 'The mapping is not JSON', { mapping: 'is not JSON' });
  }
  const parsed = bankMapping.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = Object.fromEntries(
    parsed.error.issues.map((i) => [['mapping', ...i.path].join('.'), i.message]),
  );
  throw new HttpError(400, 'validation', 'The mapping is not valid', problems);
}

/** Only an upload: a JSON body's text has lost the file's bytes and encoding. */
function requireUpload(request: FastifyRequest) {
  if (request.isMultipart() || request.body instanceof Readable) return;
  throw new HttpError(
    400,
    'validation',
    'Send the statement as text/csv or as the file of a multipart/form-data body',
    { csv: 'is not an upload' },
  );
}

/**
 * Bank statement import and its review list (docs/money.md, Bank statements; docs/api.md,
 * Money): admins and managers, as every money call.
 */
export const bankRoutes: FastifyPluginAsyncZod<{ db: Db; timezone: string }> = async (
  app,
  { db, timezone },
) => {
  const money: Money = { db, zone: timezone };
  app.addHook('onRequest', allow('money'));
  const tags = ['money'];
  const imports = app.importJobs;
  imports.register(BANK_LIST, (source, skipErrors, userId, progress, options) =>
    importStatement(money, source, skipErrors, userId, progress, {
      fileName: options.fileName,
      actor: options.actor,
      mapping: options.params?.mapping as BankMapping | undefined,
    }),
  );
  acceptUploads(app);
  const importLimit = { bodyLimit: IMPORT_MAX_SIZE + 1024 * 1024 };
  const importErrors = { ...errorResponses, 413: errorBody, 429: errorBody };

  app.post(
    '/payments/import/preview',
    {
      ...importLimit,
      schema: {
        tags,
        summary: 'What an import of the bank statement would do; writes nothing',
        body: statementBody,
        querystring: bankUploadQuery,
        response: { 200: bankImportPreview, ...importErrors },
      },
    },
    async (request) => {
      requireUpload(request);
      return imports.exclusive(BANK_LIST, sessionOf(request).userId, () =>
        withUpload(request, ({ source, fields }) =>
          previewStatement(money, source, mappingOf(fields)),
        ),
      );
    },
  );

  app.post(
    '/payments/import',
    {
      ...importLimit,
      schema: {
        tags,
        summary: `Import the bank statement: up to ${IMPORT_SYNC_MAX_CHARS} bytes within the request (200), a larger one as a job to poll (202)`,
        body: statementBody,
        querystring: bankUploadQuery,
        response: { 200: bankImportResult, 202: bankImportJob, ...importErrors },
      },
    },
    async (request, reply) => {
      requireUpload(request);
      const session = sessionOf(request);
      return withUpload(request, async ({ source, skipErrors, fileName, fields }) => {
        const mapping = mappingOf(fields);
        const options = {
          fileName,
          actor: actorOf(session, request.id),
          ...(mapping ? { params: { mapping } } : {}),
        };
        // written to a temporary file as it arrives: read twice, checked then written
        const file = await spool(source);
        if (typeof file.source !== 'string' && file.size > IMPORT_SYNC_MAX_CHARS) {
          const job = await imports
            .start(BANK_LIST, session.userId, file.source, skipErrors, options, file.release)
            .catch(async (err: unknown) => {
              await file.release();
              throw err;
            });
          const { jobId, state, processed, total } = job;
          return reply.code(202).send({ jobId, state, processed, total });
        }
        try {
          return await imports.runNow<BankImportResult>(
            BANK_LIST,
            session.userId,
            file.source,
            skipErrors,
            options,
          );
        } finally {
          await file.release();
        }
      });
    },
  );

  app.get(
    '/payments/import/:jobId',
    {
      schema: {
        tags,
        summary:
          "The progress and outcome of a statement's import job (of the user who started it)",
        params: importJobParams,
        response: { 200: bankImportJob, ...errorResponses },
      },
    },
    async (request) => {
      const job = await imports.view(request.params.jobId, sessionOf(request).userId);
      if (!job) throw notFound('No such import');
      // a statement's job holds a statement's result (its run's)
      return job as unknown as BankImportJob;
    },
  );

  app.get(
    '/payments/unmatched',
    {
      schema: {
        tags,
        summary:
          "The statements' transfers no reference matched, waiting for review (or dismissed), newest first",
        querystring: bankRowsQuery,
        response: { 200: z.array(bankRow), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listBankRows(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  const reviewed = { params: idParam, response: { 200: bankRow, ...errorResponses } };
  app.post(
    '/payments/unmatched/:id/assign',
    {
      schema: {
        tags,
        summary: "The transfer becomes the student's payment and leaves the review list",
        body: bankRowAssign,
        ...reviewed,
      },
    },
    async (request) =>
      assignBankRow(money, request.params.id, request.body.student, sessionOf(request).userId),
  );
  app.post(
    '/payments/unmatched/:id/dismiss',
    { schema: { tags, summary: 'Set the transfer aside (restore brings it back)', ...reviewed } },
    async (request) => dismissBankRow(money, request.params.id, sessionOf(request).userId),
  );
  app.post(
    '/payments/unmatched/:id/restore',
    { schema: { tags, summary: 'A dismissed transfer back in the review list', ...reviewed } },
    async (request) => restoreBankRow(money, request.params.id, sessionOf(request).userId),
  );
};
