import { z } from 'zod';
import {
  EMAIL_MESSAGE,
  errorBody,
  listQuery,
  money,
  optionalDate,
  optionalId,
  optionalInteger,
} from './common.js';

const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`);

/** SPEC.md §3 Client as the API answers it; product is an object with its name. */
export const client = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    tel: z.string(),
    price: z.number().nullable(),
    dLastContact: z.string().nullable(),
    probability: z.number().int().nullable(),
    responsibleId: z.number().int().nullable(),
    project: z.number().int().nullable(),
    stage: z.number().int().nullable(),
    language: z.number().int().nullable(),
    category: z.number().int().nullable(),
    product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    source: z.number().int().nullable(),
    hashCode: z.string(),
    dateBirth: z.string().nullable(),
    position: z.string(),
    address: z.string(),
    age: z.number().int().nullable(),
    facebook: z.string(),
    telegramUsername: z.string(),
    timezone: z.string(),
    lastActivity: z.string().nullable(),
    device: z.string(),
    stageChangedAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof client>;

/** product may be sent as an id or as the {id, name} object the API answers. */
const productRef = z.preprocess(
  (v) => (v && typeof v === 'object' && 'id' in v ? v.id : v),
  optionalId,
);

/**
 * What a client form sends. Every field is optional so PUT can change one field (the
 * pipeline's stage move sends just `stage`); on create firstName is required.
 */
export const clientWrite = z
  .object({
    firstName: optionalText(100).min(1, 'is required'),
    lastName: optionalText(100),
    email: z.union([z.literal(''), z.email(EMAIL_MESSAGE).max(254)]),
    tel: optionalText(40),
    price: money,
    dLastContact: optionalDate,
    probability: optionalInteger(z.number().min(0).max(100)),
    responsibleId: optionalId,
    project: optionalId,
    stage: optionalId,
    language: optionalId,
    category: optionalId,
    product: productRef,
    source: optionalId,
    dateBirth: optionalDate,
    position: optionalText(100),
    address: optionalText(300),
    age: optionalInteger(z.number().min(0).max(150)),
    facebook: optionalText(300),
    telegramUsername: optionalText(100),
    timezone: optionalText(100),
    device: optionalText(200),
  })
  .partial()
  .meta({ id: 'ClientWrite' });
export type ClientWrite = z.input<typeof clientWrite>;

export const clientCreate = clientWrite.required({ firstName: true }).meta({ id: 'ClientCreate' });

export const CLIENT_SORTS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'tel',
  'price',
  'probability',
  'dLastContact',
  'stage',
  'product',
  'stageChangedAt',
  'createdAt',
] as const;

const filterId = z.coerce.number().int().positive().optional();

export const clientListQuery = listQuery.extend({
  search: z.string().trim().max(200).optional(),
  sort: z.enum([...CLIENT_SORTS, ...CLIENT_SORTS.map((s) => `-${s}` as const)]).optional(),
  stage: filterId,
  responsibleId: filterId,
  project: filterId,
  product: filterId,
  source: filterId,
});
export type ClientListQuery = z.input<typeof clientListQuery>;

/** A pipeline column header and a dashboard row: clients of a stage and their total price. */
export const stageSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    order: z.number().int(),
    count: z.number().int(),
    sum: z.number(),
  })
  .meta({ id: 'StageSummary' });
export type StageSummary = z.infer<typeof stageSummary>;

export const dashboard = z
  .object({
    totalClients: z.number().int(),
    /** sum of price × probability / 100 over clients with both */
    pipelineValue: z.number(),
    newClients30d: z.number().int(),
    stageMoves30d: z.number().int(),
    byStage: z.array(stageSummary),
    /** clients created per day over the last 30 days, oldest first */
    newClientsByDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;

/** CSV import: the file's text, and whether rows with errors are skipped or stop it all. */
export const clientImport = z
  .object({
    csv: z
      .string()
      .min(1, 'the file is empty')
      .max(20 * 1024 * 1024),
    skipErrors: z.boolean().default(false),
  })
  .meta({ id: 'ClientImport' });

/**
 * Why a row of an imported file was refused, as data the web app translates: the column
 * (`row` for the row as a whole), a problem code and its values (e.g. {max: 100}).
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
  'sameClient',
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
    /** the first rows of each kind, to show before anything is written */
    sample: z.array(
      z.object({
        line: z.number().int(),
        action: z.enum(['create', 'update']),
        matchedId: z.number().int().nullable(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        tel: z.string(),
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
 * POST answers 202 with this, and GET /api/clients/import/{jobId} answers it until the state
 * is done (with result) or failed (with error, the JSON error body). `total` is the number of
 * rows, 0 while the file is still being read; `processed` counts rows checked and written.
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

/** The columns of the CSV export, also the headers the import understands. */
export const CLIENT_CSV_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'tel',
  'price',
  'probability',
  'dLastContact',
  'stage',
  'product',
  'source',
  'category',
  'language',
  'project',
  'responsible',
  'dateBirth',
  'position',
  'address',
  'age',
  'facebook',
  'telegramUsername',
  'timezone',
] as const;
