import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupJob, backupList, backupNameParam } from '@school/contract/backups';
import { errorBody, errorCodes } from '@school/contract/common';
import { backupPath } from '../../db/backup/run.js';
import { HttpError } from '../../plugins/errors.js';
import { allow } from '../../plugins/policy.js';
import type { BackupService } from './backups.service.js';

const noSuchBackup = () => new HttpError(404, errorCodes.notFound, 'No such backup');

/** Backups of the database (docs/api.md, Backups; ADR 028): an admin's only. */
export const backupsRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (
  app,
  { backups },
) => {
  app.addHook('onRequest', allow('backups'));
  const refused = { 401: errorBody, 403: errorBody };

  app.get(
    '/backups',
    {
      schema: {
        tags: ['backups'],
        summary: 'The finished backups, newest first',
        response: { 200: backupList, ...refused },
      },
    },
    async () => backups.list(),
  );

  app.post(
    '/backups',
    {
      schema: {
        tags: ['backups'],
        summary: 'Start a backup now; follow it at /api/backups/current',
        response: { 202: backupJob, 409: errorBody, ...refused },
      },
    },
    async (_request, reply) => reply.status(202).send(await backups.start('request')),
  );

  app.get(
    '/backups/current',
    {
      schema: {
        tags: ['backups'],
        summary: 'The progress or outcome of the last backup started, by any instance',
        response: { 200: backupJob, 404: errorBody, ...refused },
      },
    },
    async () => {
      const job = await backups.current();
      if (!job) throw new HttpError(404, errorCodes.notFound, 'No backup has been started yet');
      return job;
    },
  );

  app.get(
    '/backups/:name',
    {
      schema: {
        tags: ['backups'],
        summary: 'Download a backup (application/gzip, streamed)',
        params: backupNameParam,
        response: {
          200: z.any().meta({ description: 'the backup file' }),
          400: errorBody,
          404: errorBody,
          ...refused,
        },
      },
    },
    async (request, reply) => {
      const file = backupPath(backups.dir, request.params.name);
      if (!file) throw noSuchBackup();
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) throw noSuchBackup();
      return reply
        .type('application/gzip')
        .header('content-length', String(stat.size))
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(createReadStream(file));
    },
  );
};
