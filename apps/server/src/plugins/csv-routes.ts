import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody } from '@school/contract/common';
import {
  csvImport,
  IMPORT_SYNC_MAX_CHARS,
  importJob,
  importJobParams,
  importPreview,
  importResult,
} from '@school/contract/imports';
import type { Db } from '../db/client.js';
import { requireUser, sessionOf } from './access.js';
import type { CsvImporter } from './csv-import.js';
import { errorResponses, notFound } from './errors.js';
import { actorOf } from './history.js';
import { failureError, ImportJobs, viewOf } from './import-jobs.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** One import at a time on the whole server (ADR 012), whichever list it fills. */
const jobsByServer = new WeakMap<FastifyInstance['server'], ImportJobs>();
function importJobsOf(app: App): ImportJobs {
  let jobs = jobsByServer.get(app.server);
  if (!jobs) {
    jobs = new ImportJobs(app.log);
    jobsByServer.set(app.server, jobs);
  }
  return jobs;
}

export interface CsvRoutes<Q extends z.ZodType> {
  /** the list's path under /api, e.g. 'clients' */
  path: string;
  tags: string[];
  /** the list's query: the export writes the rows the list shows with the same filters */
  query: Q;
  /** the rows as CSV, streamed */
  exportCsv: (db: Db, query: z.output<Q>, request?: FastifyRequest) => Promise<Readable>;
  importer: CsvImporter;
}

/**
 * A list's CSV calls, the same for every list that has them: GET {path}/export.csv,
 * POST {path}/import/preview (writes nothing), POST {path}/import (a large file as a job)
 * and GET {path}/import/{jobId}.
 */
export function registerCsv<Q extends z.ZodType>(app: App, db: Db, d: CsvRoutes<Q>) {
  const base = `/${d.path}`;
  app.get(
    `${base}/export.csv`,
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

  const imports = importJobsOf(app);
  const importLimit = { bodyLimit: 25 * 1024 * 1024, onRequest: requireUser };
  const importErrors = { ...errorResponses, 429: errorBody };
  app.post(
    `${base}/import/preview`,
    {
      ...importLimit,
      schema: {
        tags: d.tags,
        summary: 'What an import of the file would do; writes nothing',
        body: csvImport,
        response: { 200: importPreview, ...importErrors },
      },
    },
    async (request) => imports.exclusive(() => d.importer.preview(db, request.body.csv)),
  );
  app.post(
    `${base}/import`,
    {
      ...importLimit,
      schema: {
        tags: d.tags,
        summary: `Import the file: up to ${IMPORT_SYNC_MAX_CHARS} characters within the request (200), a larger one as a job to poll (202)`,
        body: csvImport,
        response: { 200: importResult, 202: importJob, ...importErrors },
      },
    },
    async (request, reply) => {
      const { csv, skipErrors, fileName } = request.body;
      const session = sessionOf(request);
      const { userId } = session;
      const actor = actorOf(session, request.id);
      const job = imports.start(userId, (progress) =>
        d.importer.run(db, csv, skipErrors, userId, progress, { fileName, actor }),
      );
      if (csv.length > IMPORT_SYNC_MAX_CHARS) return reply.code(202).send(viewOf(job));
      await job.settled;
      if (job.result) return job.result;
      throw failureError(job);
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
    async (request) =>
      imports.view(request.params.jobId, sessionOf(request).userId) ??
      Promise.reject(notFound('No such import')),
  );
}
