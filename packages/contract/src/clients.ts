import { z } from 'zod';
import {
  EMAIL_MESSAGE,
  formInteger,
  listQuery,
  money,
  optionalDate,
  optionalId,
  optionalInteger,
  recordVersion,
  sentVersion,
} from './common.js';

const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`);

/** Client (docs/data-model.md) as the API answers it; product is an object with its name. */
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
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof client>;

/** product may be sent as an id or as the {id, name} object the API answers. */
const productRef = z.preprocess(
  (v) => (v && typeof v === 'object' && 'id' in v ? v.id : v),
  optionalId,
);

/**
 * A client is always in a stage (docs/clients.md, Stages): a write may leave the stage out (a
 * new client then gets the first stage), never send it empty ('' or null: 'is required').
 */
const stageRef = formInteger(
  z
    .number({
      error: (issue) =>
        issue.input === null || issue.input === '' || issue.input === undefined
          ? 'is required'
          : undefined,
    })
    .int()
    .positive(),
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
    stage: stageRef,
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
    version: sentVersion,
  })
  .partial()
  .meta({ id: 'ClientWrite' });
export type ClientWrite = z.input<typeof clientWrite>;

export const clientCreate = clientWrite
  .omit({ version: true })
  .required({ firstName: true })
  .meta({ id: 'ClientCreate' });

/** The columns a client list sorts by and its CSV carries first. */
const CLIENT_MAIN_COLUMNS = [
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
] as const;

export const CLIENT_SORTS = [...CLIENT_MAIN_COLUMNS, 'stageChangedAt', 'createdAt'] as const;

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

/** The columns of the CSV export, also the headers the import understands. */
export const CLIENT_CSV_COLUMNS = [
  ...CLIENT_MAIN_COLUMNS,
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
