import { z } from 'zod';
import { errorBody, formInteger, listQuery } from './common.js';
import { csvUploadQuery, importPreview } from './imports.js';

/**
 * Bank statement import (docs/money.md, Bank statements; ADR 045): a bank's CSV export of an
 * account's history read into the money ledger. Incoming transfers whose title carries a
 * student's payment reference become payments; the others wait in a review list.
 */

/** The banks whose exports are recognised by their header row (ADR 045, Formats). */
export const BANKS = ['mbank', 'pko', 'ing', 'santander'] as const;
export type Bank = (typeof BANKS)[number];

/** The banks' names as the screens and the payments' notes write them. */
export const BANK_NAMES: Readonly<Record<Bank, string>> = {
  mbank: 'mBank',
  pko: 'PKO BP',
  ing: 'ING',
  santander: 'Santander',
};

/** What a mapping names: the file's column of each of these (the first three are required). */
export const BANK_MAPPING_FIELDS = [
  'date',
  'amount',
  'title',
  'counterparty',
  'account',
  'transactionId',
] as const;
export type BankMappingField = (typeof BANK_MAPPING_FIELDS)[number];

const column = z
  .string({ error: 'must be the name of a column' })
  .trim()
  .min(1, 'must be the name of a column')
  .max(200, 'must be at most 200 characters');

/**
 * The file's columns by what they hold, named as its header row names them (any case, a
 * leading `#` as mBank writes it may be left out); a file without a header row names them by
 * position, `1` the first. Booking date, amount and title are required.
 */
export const bankMapping = z
  .object({
    date: column,
    amount: column,
    title: column,
    counterparty: column.optional(),
    account: column.optional(),
    transactionId: column.optional(),
  })
  .strict()
  .meta({ id: 'BankMapping' });
export type BankMapping = z.infer<typeof bankMapping>;

/**
 * The options of a statement upload: `text/csv` in the query string, `multipart/form-data` as
 * fields before the file part; `mapping` is the JSON of a BankMapping.
 */
export const bankUploadQuery = csvUploadQuery.extend({
  mapping: z.string().max(2000).optional(),
});

export const BANK_ENCODINGS = ['utf-8', 'windows-1250'] as const;

/** What one incoming row of a statement is (docs/money.md, Bank statements). */
export const BANK_ROW_PREVIEW = ['matched', 'unmatched', 'duplicate'] as const;

const studentRef = z.object({
  id: z.number().int(),
  name: z.string(),
  reference: z.string(),
});

/** The counts of a statement's rows, as previewed or as imported. */
const bankCounts = {
  /** incoming transfers matched by a student's payment reference: each becomes a payment */
  matched: z.number().int(),
  /** incoming transfers without a reference that are left for review */
  unmatched: z.number().int(),
  /** of those, how many have a suggested student (by name and amount) */
  suggested: z.number().int(),
  /** rows imported before (the same transaction id, or the same date, amount, title and account) */
  duplicates: z.number().int(),
  /** outgoing transfers (a negative amount): left out */
  outgoing: z.number().int(),
  /** rows the bank has not booked yet (no booking date): left out */
  pending: z.number().int(),
};

/**
 * POST /api/payments/import/preview: what an import of the statement would do; writes nothing.
 * `mapping` null: the file's columns are not known, and the preview asks for a mapping.
 */
export const bankImportPreview = z
  .object({
    /** the bank recognised by the header row; null for a file read by a mapping */
    bank: z.enum(BANKS).nullable(),
    encoding: z.enum(BANK_ENCODINGS),
    delimiter: z.enum([';', ',']),
    /** the header row's columns (1, 2, ... for a file without one) */
    columns: z.array(z.string()),
    /** the mapping the file is read with; null: none is known for this header row */
    mapping: bankMapping.nullable(),
    /** given with the call, remembered for this header row, or the recognised bank's */
    mappingSource: z.enum(['given', 'remembered', 'bank']).nullable(),
    /** the first rows of the table as they are, for choosing a mapping */
    rawSample: z.array(z.array(z.string())),
    /** rows of the table read (transfers in and out, pending ones, rows with errors) */
    rows: z.number().int(),
    ...bankCounts,
    /** rows refused (at most the first 200; `errorCount` counts them all) */
    errors: importPreview.shape.errors,
    errorCount: z.number().int(),
    /** the first incoming transfers and what each would become */
    sample: z.array(
      z.object({
        line: z.number().int(),
        date: z.string(),
        amount: z.number(),
        title: z.string(),
        counterparty: z.string(),
        status: z.enum(BANK_ROW_PREVIEW),
        student: studentRef.nullable(),
        suggestion: studentRef.nullable(),
      }),
    ),
  })
  .meta({ id: 'BankImportPreview' });
export type BankImportPreview = z.infer<typeof bankImportPreview>;

/**
 * POST /api/payments/import: what the import did. `created` counts the new incoming rows it
 * recorded, `matched` of them became payments and `unmatched` wait for review; `skipped`: rows
 * with errors left out when asked to (skipErrors).
 */
export const bankImportResult = z
  .object({
    created: z.number().int(),
    ...bankCounts,
    skipped: z.number().int(),
  })
  .meta({ id: 'BankImportResult' });
export type BankImportResult = z.infer<typeof bankImportResult>;

/** A large statement's import as a job (ADR 012), as GET /api/payments/import/{jobId} answers it. */
export const bankImportJob = z
  .object({
    jobId: z.string(),
    state: z.enum(['running', 'done', 'failed']),
    processed: z.number().int(),
    total: z.number().int(),
    result: bankImportResult.optional(),
    error: errorBody.optional(),
  })
  .meta({ id: 'BankImportJob' });
export type BankImportJob = z.infer<typeof bankImportJob>;

/** Where a statement's row stands: paid by its reference, waiting, assigned by hand, dismissed. */
export const BANK_ROW_STATUSES = ['matched', 'unmatched', 'assigned', 'dismissed'] as const;
export type BankRowStatus = (typeof BANK_ROW_STATUSES)[number];

/** An incoming transfer of an imported statement (GET /api/payments/unmatched). */
export const bankRow = z
  .object({
    id: z.number().int(),
    bookedOn: z.string(),
    amount: z.number(),
    title: z.string(),
    counterparty: z.string(),
    account: z.string(),
    transactionId: z.string(),
    bank: z.enum(BANKS).nullable(),
    fileName: z.string(),
    importedAt: z.string(),
    status: z.enum(BANK_ROW_STATUSES),
    /** the student it was paid to (matched or assigned) */
    student: z.number().int().nullable(),
    studentName: z.string().nullable(),
    payment: z.number().int().nullable(),
    /** a student whose name (and what they owe) fit the transfer: a suggestion, never applied by itself */
    suggestion: studentRef.extend({ due: z.number() }).nullable(),
  })
  .meta({ id: 'BankRow' });
export type BankRow = z.infer<typeof bankRow>;

/** GET /api/payments/unmatched: the review list, newest booking first. */
export const bankRowsQuery = listQuery.extend({
  /** dismissed: the rows set aside (Undo brings one back) */
  status: z
    .enum(['unmatched', 'dismissed'], { error: 'must be unmatched or dismissed' })
    .optional(),
  /** in the title, the counterparty or the account */
  search: z.string().trim().max(200).optional(),
});
export type BankRowsQuery = z.output<typeof bankRowsQuery>;

/** POST /api/payments/unmatched/{id}/assign: the student the transfer is a payment of. */
export const bankRowAssign = z
  .object({
    student: formInteger(
      z.number({ error: 'is required' }).int('must be an id').positive('must be an id'),
    ),
  })
  .meta({ id: 'BankRowAssign' });
