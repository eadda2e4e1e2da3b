import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BankImportPreview, BankImportResult, BankRow } from '@school/contract/bank-import';
import { api } from '@school/contract/paths';
import type { Db } from '../src/db/client.js';
import type { Agent } from './helper.js';

/** A statement of the fixtures (docs/money.md, Bank statements), as the bank wrote its bytes. */
export const statement = (name: string) =>
  readFileSync(new URL(`./fixtures/bank/${name}`, import.meta.url));

/**
 * The students the fixtures' transfers are from, with the references their titles carry (Anna
 * Kowalska pays without one; Olena Sydorenko is no student).
 */
export const PAYERS = {
  marta: { name: 'Marta', surname: 'Koval', reference: 'K7M2QX' },
  oleh: { name: 'Oleh', surname: 'Bondarenko', reference: '4HZT9P' },
  iryna: { name: 'Iryna', surname: 'Melnyk', reference: 'W3RD8C' },
  taras: { name: 'Taras', surname: 'Shevchuk', reference: 'Q5NB7L' },
  anna: { name: 'Anna', surname: 'Kowalska', reference: null },
} as const;
export type Payer = keyof typeof PAYERS;

/** Makes the fixtures' students (their references set as the fixtures write them); their ids. */
export async function makePayers(agent: Agent, db: Db): Promise<Record<Payer, number>> {
  const ids = {} as Record<Payer, number>;
  for (const [key, payer] of Object.entries(PAYERS) as [Payer, (typeof PAYERS)[Payer]][]) {
    const res = await agent.request({
      method: 'POST',
      url: api.students,
      payload: { name: payer.name, surname: payer.surname },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    if (payer.reference) {
      await db.execute(
        sql`update students set payment_reference = ${payer.reference} where id = ${id}`,
      );
    }
    ids[key] = id;
  }
  return ids;
}

/** The calls of bank statement import, as one staff user. */
export function bankCalls(agent: Agent) {
  const upload = (
    url: string,
    body: Buffer,
    query: { fileName?: string; mapping?: object | string; skipErrors?: boolean } = {},
  ) => {
    const params = new URLSearchParams();
    if (query.fileName) params.set('fileName', query.fileName);
    if (query.skipErrors) params.set('skipErrors', 'true');
    if (query.mapping !== undefined) {
      params.set(
        'mapping',
        typeof query.mapping === 'string' ? query.mapping : JSON.stringify(query.mapping),
      );
    }
    const search = params.toString();
    return agent.request({
      method: 'POST',
      url: search === '' ? url : `${url}?${search}`,
      headers: { 'content-type': 'text/csv' },
      payload: body,
    });
  };
  return {
    upload,
    async preview(name: string, query: Parameters<typeof upload>[2] = {}) {
      const res = await upload(api.bankImport.importPreview, statement(name), query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BankImportPreview>();
    },
    async import(name: string, query: Parameters<typeof upload>[2] = {}) {
      const res = await upload(api.bankImport.import, statement(name), {
        fileName: name,
        ...query,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BankImportResult>();
    },
    async unmatched(query = '') {
      const res = await agent.request({
        method: 'GET',
        url: `${api.unmatchedPayments}${query}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<BankRow[]>(), total: Number(res.headers['x-total-count']) };
    },
  };
}

/** What the database holds of statements and payments: the rows a test reads back. */
export async function stored(db: Db) {
  const { rows } = await db.execute<{ rows: number; payments: number; mappings: number }>(sql`
    select (select count(*) from bank_rows)::int as rows,
      (select count(*) from payments)::int as payments,
      (select count(*) from bank_mappings)::int as mappings`);
  return rows[0] ?? { rows: 0, payments: 0, mappings: 0 };
}
