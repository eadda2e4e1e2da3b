import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody } from '@school/contract/common';
import {
  csvUploadQuery,
  IMPORT_SYNC_MAX_CHARS,
  importJob,
  importJobParams,
  importPreview,
  importResult,
} from '@school/contract/imports';
import type { Db } from '../db/client.js';
import { requireUser, sessionOf } from './access.js';
import type { CsvImporter } from './csv-import.js';
import { acceptUploads, importBody, spool, withUpload } from './csv-upload.js';
import { errorResponses, notFound } from './errors.js';
import { actorOf } from './history.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

export interface CsvExport<Q extends z.ZodType> {
  /** the list's path under /api, e.g. 'clients' */
  path: string;
  tags: string[];
  /** the list's query: the export writes the rows the list shows with the same filters */
  query: Q;
  /** the rows as CSV, streamed */
  exportCsv: (db: Db, query: z.output<Q>, request?: FastifyRequest) => Promise<Readable>;
}

export interface CsvRoutes<Q extends z.ZodType> extends CsvExport<Q> {
  importer: CsvImporter;
}

/**
 * GET {path}/export.csv: the list's rows as its filters select them, as a CSV file named after
 * the list; a list with no import (payments, balances) has only this.
 */
export function registerCsvExport<Q extends z.ZodType>(app: App, db: Db, d: CsvExport<Q>) {
  app.get(
    `/${d.path}/export.csv`,
    {
      onRequest: requireUser,
      schema: {
        tags: d.tags,
        summary: `The ${d.path} as filtered, as CSV`,
        querystring: d.query,
      },
    },
    async (request, reply) => {
      const csv = await d.exportCsv(db, request.query as z.output<Q>, request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${d.path}.csv"`)
        .send(csv);
    },
  );
}

/**
 * A list's CSV calls, the same for every list that has them: GET {path}/export.csv,
 * POST {path}/import/preview (writes nothing), POST {path}/import (a large file as a job)
 * and GET {path}/import/{jobId}.
 */
export function registerCsv<Q extends z.ZodType>(app: App, db: Db, d: CsvRoutes<Q>) {
  const base = `/${d.path}`;
  registerCsvExport(app, db, d);

  // one import at a time across every instance (ADR 012, ADR 031), whichever list it fills
  const imports = app.importJobs;
  imports.register(d.path, (csv, skipErrors, userId, progress, options) =>
    d.importer.run(db, csv, skipErrors, userId, progress, options),
  );
  // a file comes as JSON, or as text/csv or multipart read as it arrives (docs/clients.md)
  acceptUploads(app);
  const importLimit = { bodyLimit: 25 * 1024 * 1024, onRequest: requireUser };
  const importErrors = { ...errorResponses, 429: errorBody };
  app.post(
    `${base}/import/preview`,
    {
      ...importLimit,
      schema: {
        tags: d.tags,
        summary: 'What an import of the file would do; writes nothing',
        body: importBody,
        querystring: csvUploadQuery,
        response: { 200: importPreview, ...importErrors },
      },
    },
    // an upload is checked as it arrives, never held (docs/quality.md, Memory)
    async (request) =>
      imports.exclusive(d.path, sessionOf(request).userId, () =>
        withUpload(request, ({ source }) => d.importer.preview(db, source)),
      ),
  );
  app.post(
    `${base}/import`,
    {
      ...importLimit,
      schema: {
        tags: d.tags,
        summary: `Import the file: up to ${IMPORT_SYNC_MAX_CHARS} characters within the request (200), a larger one as a job to poll (202)`,
        body: importBody,
        querystring: csvUploadQuery,
        response: { 200: importResult, 202: importJob, ...importErrors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { userId } = session;
      return withUpload(request, async ({ source, skipErrors, fileName }) => {
        // a job outlives its request: its history names the request's user (ADR 027)
        const options = { fileName, actor: actorOf(session, request.id) };
        if (typeof source === 'string' && source.length > IMPORT_SYNC_MAX_CHARS) {
          // a JSON body's large text: stored with its queued job (ADR 031)
          const job = await imports.enqueue(d.path, userId, source, skipErrors, options);
          return reply.code(202).send(job);
        }
        // an upload is written to a temporary file as it arrives: read twice, never held
        const file = await spool(source);
        if (typeof file.source !== 'string' && file.size > IMPORT_SYNC_MAX_CHARS) {
          const job = await imports
            .start(d.path, userId, file.source, skipErrors, options, file.release)
            .catch(async (err: unknown) => {
              await file.release();
              throw err;
            });
          return reply.code(202).send(job);
        }
        try {
          return await imports.runNow(d.path, userId, file.source, skipErrors, options);
        } finally {
          await file.release();
        }
      });
    },
  );
  app.get(
    `${base}/import/:jobId`,
    {
      onRequest: requireUser,
      schema: {
        tags: d.tags,
        summary: 'The progress and outcome of an import job (of the user who started it)',
        params: importJobParams,
        response: { 200: importJob, ...errorResponses },
      },
    },
    async (request) => {
      const job = await imports.view(request.params.jobId, sessionOf(request).userId);
      if (!job) throw notFound('No such import');
      return job;
    },
  );
}
