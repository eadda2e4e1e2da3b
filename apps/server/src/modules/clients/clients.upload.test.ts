import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportJob, ImportPreview } from '@school/contract/imports';
import { IMPORT_MAX_SIZE, IMPORT_SYNC_MAX_CHARS } from '@school/contract/imports';
import { setupApp, type Agent, type AppFixture } from '../../../test/helper.js';

// docs/clients.md, CSV import and export: the file as text/csv or multipart, read as it arrives (docs/quality.md)

let agent: Agent;
let fixture: AppFixture;
let spoolDir: string;
const tmpBefore = process.env.TMPDIR;

beforeAll(async () => {
  // the uploads are spooled under TMPDIR: a directory of this file's own, to see them deleted
  spoolDir = await mkdtemp(join(tmpdir(), 'upload-test-'));
  process.env.TMPDIR = spoolDir;
  fixture = await setupApp();
  ({ agent } = fixture);
});
afterAll(async () => {
  if (tmpBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpBefore;
  await rm(spoolDir, { recursive: true, force: true });
});

const count = async (search: string) =>
  Number(
    (await agent.request({ method: 'GET', url: `/api/clients?limit=1&search=${search}` })).headers[
      'x-total-count'
    ],
  );

/** `n` rows; `pad` lengthens each first name (a file's size in fewer rows). */
const rowsOf = (n: number, prefix: string, pad = '') =>
  [
    'firstName,lastName,email,stage',
    ...Array.from(
      { length: n },
      (_, i) =>
        `${prefix}${i}${pad},Upload ${'ї'.repeat(40)},${prefix}${i}@upload.example.com,New lead`,
    ),
  ].join('\n');

/** The body as a stream of small chunks, so the server reads it as it arrives. */
const chunked = (text: string, size = 1000) =>
  Readable.from(
    (function* () {
      const bytes = Buffer.from(text, 'utf8');
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );

const sendCsv = (url: string, csv: string | Readable, query = '') =>
  agent.request({
    method: 'POST',
    url: `${url}${query}`,
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

function multipartBody(fields: Record<string, string>, file: { name: string; text: string }) {
  const boundary = 'UploadBoundary7MA4YWxk';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = `${parts.join('')}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: text/csv\r\n\r\n${file.text}\r\n--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const jobOf = async (jobId: string) =>
  (await agent.request({ method: 'GET', url: `/api/clients/import/${jobId}` })).json<ImportJob>();

describe('CSV uploads', () => {
  it('documents the three kinds of body in the OpenAPI document', async () => {
    const res = await agent.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, { post: { requestBody: { content: Record<string, unknown> } } }>;
    }>();
    for (const path of ['/api/clients/import', '/api/clients/import/preview']) {
      const content = doc.paths[path]?.post.requestBody.content ?? {};
      expect(Object.keys(content).sort()).toEqual([
        'application/json',
        'multipart/form-data',
        'text/csv',
      ]);
      expect(content['application/json']).toEqual({
        schema: { $ref: '#/components/schemas/CsvImportInput' },
      });
      expect(content['text/csv']).toMatchObject({ schema: { type: 'string', format: 'binary' } });
    }
  });

  it('previews a text/csv body as it arrives, as the same file sent as JSON', async () => {
    const csv = `${rowsOf(3, 'peek')}\n,No first name,bad@upload.example.com,New lead`;
    const streamed = await sendCsv('/api/clients/import/preview', chunked(csv, 7));
    expect(streamed.statusCode, streamed.body).toBe(200);
    const json = await agent.request({
      method: 'POST',
      url: '/api/clients/import/preview',
      payload: { csv },
    });
    expect(streamed.json<ImportPreview>()).toEqual(json.json<ImportPreview>());
    expect(streamed.json<ImportPreview>()).toMatchObject({ create: 3, update: 0 });
    expect(await count('peek0')).toBe(0);
  });

  it('imports a small text/csv file within the request, its options in the query', async () => {
    const csv = `${rowsOf(5, 'small')}\n,No first name,nobody@upload.example.com,New lead`;
    const refused = await sendCsv('/api/clients/import', csv);
    expect(refused.statusCode).toBe(400);
    const res = await sendCsv('/api/clients/import', chunked(csv, 13), '?skipErrors=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 5, updated: 0, skipped: 1 });
    const [one] = (
      await agent.request({ method: 'GET', url: '/api/clients?search=small3@upload' })
    ).json<{ lastName: string }[]>();
    // a character split between two chunks arrives whole
    expect(one?.lastName).toBe(`Upload ${'ї'.repeat(40)}`);
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('imports a large text/csv file as a job read from its spooled copy, then deletes the copy', async () => {
    // long first names make 2 500 rows a file over the in-request size (docs/decisions/037-test-suite-cost.md)
    const csv = rowsOf(2500, 'large', 'і'.repeat(80));
    expect(Buffer.byteLength(csv)).toBeGreaterThan(IMPORT_SYNC_MAX_CHARS);
    const res = await sendCsv('/api/clients/import', chunked(csv, 64 * 1024), '?fileName=big.csv');
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<ImportJob>();
    await vi.waitFor(async () => expect(await jobOf(jobId)).toMatchObject({ state: 'done' }), {
      timeout: 60_000,
      interval: 100,
    });
    expect(await jobOf(jobId)).toMatchObject({
      processed: 2500,
      total: 2500,
      result: { created: 2500, updated: 0, skipped: 0 },
    });
    expect(await count('large2499@upload')).toBe(1);
    await vi.waitFor(async () => expect(await readdir(spoolDir)).toEqual([]));
  }, 90_000);

  it('imports a multipart form: the fields before the file, its name from the file', async () => {
    const csv = `${rowsOf(2, 'form')}\n,No first name,none@upload.example.com,New lead`;
    const { body, type } = multipartBody({ skipErrors: 'true' }, { name: 'form.csv', text: csv });
    const res = await agent.request({
      method: 'POST',
      url: '/api/clients/import',
      headers: { 'content-type': type },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 0, skipped: 1 });
    const preview = multipartBody({}, { name: 'form.csv', text: csv });
    const checked = await agent.request({
      method: 'POST',
      url: '/api/clients/import/preview',
      headers: { 'content-type': preview.type },
      payload: preview.body,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<ImportPreview>()).toMatchObject({ create: 0, update: 2 });
  });

  it('refuses a multipart form without a file, and bad options, with 400', async () => {
    const boundary = 'NoFileBoundary';
    const res = await agent.request({
      method: 'POST',
      url: '/api/clients/import',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\ncontent-disposition: form-data; name="skipErrors"\r\n\r\ntrue\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    const bad = multipartBody({ skipErrors: 'maybe' }, { name: 'x.csv', text: rowsOf(1, 'x') });
    const refused = await agent.request({
      method: 'POST',
      url: '/api/clients/import',
      headers: { 'content-type': bad.type },
      payload: bad.body,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'validation',
      fields: { skipErrors: expect.any(String) },
    });
  });

  it('refuses a text/csv file over the largest size with 413, writing nothing', async () => {
    const line = `toolarge,Row ${'x'.repeat(1000)},toolarge@upload.example.com,New lead\n`;
    const lines = Math.ceil(IMPORT_MAX_SIZE / line.length) + 1;
    const body = Readable.from(
      (function* () {
        yield 'firstName,lastName,email,stage\n';
        for (let i = 0; i < lines; i++) yield line;
      })(),
    );
    const res = await sendCsv('/api/clients/import', body);
    expect(res.statusCode, res.body).toBe(413);
    expect(await count('toolarge@upload')).toBe(0);
    expect(await readdir(spoolDir)).toEqual([]);
  }, 60_000);
});
