import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCodes } from '@school/contract/common';
import { csvImport, csvUploadQuery, IMPORT_MAX_SIZE } from '@school/contract/imports';
import { z } from 'zod';
import type { CsvSource } from './csv-parse.js';
import { HttpError } from './errors.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The file of an import request and its options, whichever way it came. */
export interface Upload {
  /** a JSON body's text, or the upload as it arrives (one reading only) */
  source: CsvSource;
  skipErrors: boolean;
  fileName?: string | undefined;
  /** every option given: the fields before a multipart file, a `text/csv` call's query string */
  fields: Readonly<Record<string, string>>;
}

/** A file ready to be read twice: a JSON body's text, or a file spooled to disk. */
export interface Spooled {
  /** the text, or the spooled file opened again for each reading */
  source: string | (() => Readable);
  /** characters of the text, bytes of the file */
  size: number;
  /** deletes the spooled file */
  release: () => Promise<void>;
}

const tooLarge = () =>
  new HttpError(413, errorCodes.tooLarge, `The file is larger than ${IMPORT_MAX_SIZE} bytes`);

const empty = () =>
  new HttpError(400, errorCodes.validation, 'The file is empty', { csv: 'the file is empty' });

/**
 * The routes of `app` take a `text/csv` body and a `multipart/form-data` one as streams, left
 * unread until the handler reads them (docs/clients.md, CSV import and export); JSON is parsed as usual.
 */
export function acceptUploads(app: App) {
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  void app.register(multipart, {
    // a bank statement's mapping is the longest field (ADR 045)
    limits: { files: 1, fileSize: IMPORT_MAX_SIZE, fields: 4, fieldSize: 2048, parts: 5 },
  });
}

/** The stream, failing with 413 past IMPORT_MAX_SIZE bytes; `input` itself is never destroyed. */
function limited(input: Readable): Readable {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > IMPORT_MAX_SIZE) done(tooLarge());
      else done(null, chunk);
    },
  });
  input.on('error', (err) => counter.destroy(err));
  return input.pipe(counter);
}

/**
 * Hands the request's file to `use` once, as it arrives: a JSON body's `csv`, a `text/csv`
 * body (options in the query string), or the file part of a multipart body (options in the
 * fields before it, its name the part's file name unless `fileName` says otherwise).
 */
export async function withUpload<T>(
  request: FastifyRequest,
  use: (upload: Upload) => Promise<T>,
): Promise<T> {
  if (request.isMultipart()) {
    const fields: Record<string, string> = {};
    let answer: { value: T } | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (answer) throw new HttpError(400, errorCodes.validation, 'Send one file');
      const { skipErrors, fileName } = parseOptions(fields);
      const file = part.file;
      answer = {
        value: await use({
          source: () => limited(file),
          skipErrors,
          fileName: fileName ?? (part.filename || undefined),
          fields: { ...fields },
        }),
      };
      file.resume(); // a reading that stopped early: the rest of the file is let through
    }
    if (!answer) throw new HttpError(400, errorCodes.validation, 'The request has no file');
    return answer.value;
  }
  if (request.body instanceof Readable) {
    // text/csv: the options were parsed from the query string by the route's schema
    const query = request.query as z.output<typeof csvUploadQuery> & Record<string, unknown>;
    const body = request.body;
    const fields = Object.fromEntries(
      Object.entries(query).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
    );
    return use({
      source: () => limited(body),
      skipErrors: query.skipErrors === 1,
      fileName: query.fileName,
      fields,
    });
  }
  const { csv, skipErrors, fileName } = request.body as z.output<typeof csvImport>;
  return use({ source: csv, skipErrors, fileName, fields: {} });
}

function parseOptions(values: unknown) {
  const parsed = csvUploadQuery.safeParse(values);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    throw new HttpError(400, errorCodes.validation, 'The options are not valid', fields);
  }
  return { skipErrors: parsed.data.skipErrors === 1, fileName: parsed.data.fileName };
}

/**
 * Writes the file to a temporary file as it arrives, so it can be read twice (checked, then
 * written) without holding it in memory; a JSON body's text is answered as it is. 400 for an
 * empty file, 413 for one too large.
 */
export async function spool(source: CsvSource): Promise<Spooled> {
  if (typeof source === 'string') {
    return { source, size: source.length, release: () => Promise.resolve() };
  }
  const dir = await mkdtemp(join(tmpdir(), 'import-'));
  const path = join(dir, 'file.csv');
  const release = () => rm(dir, { recursive: true, force: true });
  let size = 0;
  try {
    await pipeline(
      source(),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(path),
    );
    if (size === 0) throw empty();
  } catch (err) {
    await release();
    throw err;
  }
  return { source: () => createReadStream(path), size, release };
}

/**
 * The body of an import call, per media type: JSON checked by its schema; the file as it is
 * (`text/csv`), or a form with the file (`multipart/form-data`), read as they arrive.
 */
export const importBody = {
  content: {
    'application/json': { schema: csvImport },
    'text/csv': {
      schema: z.any().meta({
        type: 'string',
        format: 'binary',
        description: 'The CSV file, UTF-8; options in the query string',
      }),
    },
    'multipart/form-data': {
      schema: z.any().meta({
        type: 'object',
        description: 'skipErrors and fileName, then the file',
        properties: {
          skipErrors: { type: 'string', enum: ['true', 'false', '1', '0'] },
          fileName: { type: 'string', maxLength: 255 },
          file: { type: 'string', format: 'binary' },
        },
        required: ['file'],
      }),
    },
  },
};
