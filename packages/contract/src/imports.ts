import { z } from 'zod';
import { errorBody, queryFlag } from './common.js';

/** The largest file an import takes: characters of a JSON body's `csv`, bytes of an upload. */
export const IMPORT_MAX_SIZE = 20 * 1024 * 1024;

/**
 * CSV import of a list (clients, students) as JSON: the file's text, and whether rows with
 * errors are skipped or stop it all. The same calls also take the file as it is, streamed:
 * `text/csv` with csvUploadQuery, or `multipart/form-data` with a file part and the fields
 * `skipErrors` and `fileName` before it (docs/clients.md, CSV import and export).
 */
export const csvImport = z
  .object({
    csv: z.string().min(1, 'the file is empty').max(IMPORT_MAX_SIZE),
    skipErrors: z.boolean().default(false),
    /** the file's name, kept in the import's history entry (docs/history.md) */
    fileName: z.string().trim().max(255).optional(),
  })
  .meta({ id: 'CsvImport' });

/** The options of a `text/csv` import, in its query string. */
export const csvUploadQuery = z.object({
  skipErrors: queryFlag('Skip the rows with errors and import the others'),
  fileName: z.string().trim().max(255).optional(),
});

/**
 * Why a row of an imported file was refused, as data the web app translates: the column
 * (`row` for the row as a whole), a problem code and its values (e.g. {max: 100}).
 * `sameRecord`: the row matches the same existing record as an earlier line ({line}).
 */
export const IMPORT_PROBLEM_CODES = [
  'required',
  'tooLong',
  'tooSmall',
  'tooBig',
  'format',
  'notNumber',
  'notWholeNumber',
  'unknown',
  'sameRecord',
  'invalid',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];

export const importProblem = z
  .object({
    field: z.string(),
    code: z.enum(IMPORT_PROBLEM_CODES),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof importProblem>;

export const importPreview = z
  .object({
    create: z.number().int(),
    update: z.number().int(),
    errors: z.array(
      z.object({
        line: z.number().int(),
        /** the problems in English, for API users; the web app shows `problems` translated */
        message: z.string(),
        fields: z.record(z.string(), z.string()),
        problems: z.array(importProblem),
      }),
    ),
    /** the columns each sample row shows, in order (e.g. firstName, lastName, email, tel) */
    columns: z.array(z.string()),
    /** the first rows to be written, to show before anything is written */
    sample: z.array(
      z.object({
        line: z.number().int(),
        action: z.enum(['create', 'update']),
        matchedId: z.number().int().nullable(),
        values: z.record(z.string(), z.string()),
      }),
    ),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z
  .object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof importResult>;

/**
 * A file of more than IMPORT_SYNC_MAX_CHARS characters is imported as a job (ADR 012): the
 * POST answers 202 with this, and GET {list}/import/{jobId} answers it until the state is done
 * (with result) or failed (with error, the JSON error body). `total` is the number of rows, 0
 * while the file is still being read; `processed` counts rows checked and written.
 */
export const importJob = z
  .object({
    jobId: z.string(),
    state: z.enum(['running', 'done', 'failed']),
    processed: z.number().int(),
    total: z.number().int(),
    result: importResult.optional(),
    error: errorBody.optional(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof importJob>;

/** Files up to this many characters (about 5 000 rows) are imported within the request. */
export const IMPORT_SYNC_MAX_CHARS = 512 * 1024;

export const importJobParams = z.object({ jobId: z.uuid() });
