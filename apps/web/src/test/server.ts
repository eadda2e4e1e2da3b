import type { SessionUser } from '@school/contract/auth';
import { api } from '@school/contract/paths';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { botHandlers } from './bot';
import { botCollections } from './botData';
import { makeClient } from './clients';
import { CLIENTS, LOOKUPS, THINGS, type Row } from './fixtures';

/**
 * The one fake API of the web component tests: an in-memory store behind MSW handlers that
 * answer like the server (the paths of docs/api.md, from the contract's `api` table). Every test starts
 * from the same data (test/setup.ts resets it); a test changes the data with seed() and the
 * answers with server.use(...) (a failure, a held request...), and reads what the screen
 * sent from the request log (calledUrls, lastBody).
 */

export const ADMIN: SessionUser = {
  id: 1,
  imie: 'Anna',
  nazwisko: 'Kowalska',
  login: 'admin',
  timeZone: 'UTC',
  role: 'admin',
  currency: 'PLN',
};

/** The password the fake API's login accepts (any other answers 401). */
export const PASSWORD = 'correct-password';

export { CLIENTS, LOOKUPS, THINGS } from './fixtures';

/** Every record the API answers carries its version (docs/api.md, Versions and conflicts). */
const versioned = (items: readonly object[]) =>
  structuredClone(items).map((item) => ({ version: 1, ...item })) as unknown as Row[];

const defaults = (): Record<string, Row[]> =>
  Object.fromEntries(
    Object.entries({
      ...LOOKUPS,
      clients: CLIENTS,
      things: THINGS,
      ...botCollections(),
    }).map(([name, items]) => [name, versioned(items)]),
  );

let store = defaults();
let session: typeof ADMIN | null = ADMIN;

/** The rows of a collection (the last segment of its path: 'clients', 'stages', 'things'). */
export function rows<T = Row>(collection: string): T[] {
  return (store[collection] ?? []) as T[];
}

/** Replaces the rows of collections for this test. */
export function seed(collections: Record<string, readonly object[]>): void {
  for (const [name, items] of Object.entries(collections)) {
    store[name] = versioned(items);
  }
}

/** null: GET /api/islogin answers 401 (logged out). */
export function setSession(user: typeof ADMIN | null): void {
  session = user;
}

// ---------------------------------------------------------------------------- request log

export interface LoggedRequest {
  method: string;
  url: URL;
  /** The JSON (or text) body; read as the request starts, so it is there once answered. */
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials;
}

const log: LoggedRequest[] = [];

export const requests = {
  all: (): readonly LoggedRequest[] => log,
  clear: () => void log.splice(0),
};

/** The URL of each request the fake API received with `method`. */
export function calledUrls(method = 'GET'): URL[] {
  return log
    .filter((entry) => entry.method === method)
    .map((entry) => new URL(entry.url.pathname + entry.url.search, 'http://localhost'));
}

/** The path and body of each request sent with `method`, in order. */
export function sentBodies(method: string): { path: string; body: unknown }[] {
  return log
    .filter((entry) => entry.method === method)
    .map((entry) => ({ path: entry.url.pathname, body: entry.body }));
}

/** The body of the last request to `path` (pathname and query) with `method`. */
export function lastBody(method: string, path: string): unknown {
  return log
    .filter((entry) => entry.method === method && entry.url.pathname + entry.url.search === path)
    .at(-1)?.body;
}

// ---------------------------------------------------------------------------- answers

export const notFound = () =>
  HttpResponse.json({ error: 'not_found', message: 'Not found' }, { status: 404 });

/** A list answer: the rows and the X-Total-Count header (docs/api.md, Lists). */
export function listAnswer(items: readonly unknown[], total = items.length) {
  return HttpResponse.json(items, { headers: { 'X-Total-Count': String(total) } });
}

const PAGING: ReadonlySet<string> = new Set(['search', 'sort', 'limit', 'offset']);
/** The fields a ?search= looks in, per collection; others search the name. */
const SEARCHED: Record<string, readonly string[]> = {
  clients: ['firstName', 'lastName', 'email', 'tel'],
};
/** Client fields that are numbers or dates, null when the form leaves them empty. */
const NULLABLE = [
  'price',
  'probability',
  'responsibleId',
  'project',
  'stage',
  'language',
  'category',
  'source',
  'age',
  'dLastContact',
  'dateBirth',
] as const;

/** A field's value for sorting and filtering; an embedded record ({id, name}) by its id/name. */
function field(row: Row, name: string, embedded: 'id' | 'name'): unknown {
  const value = row[name];
  if (typeof value === 'object' && value !== null && embedded in value) {
    return (value as Record<string, unknown>)[embedded];
  }
  return value;
}

function matchesSearch(collection: string, row: Row, search: string): boolean {
  if (!search) return true;
  return (SEARCHED[collection] ?? ['name']).some((name) =>
    String(row[name] ?? '')
      .toLowerCase()
      .includes(search.toLowerCase()),
  );
}

const collator = new Intl.Collator('en', { numeric: true });

/** Filters (any other parameter: ?stage=2), searches, sorts and pages like a list route. */
export function select(collection: string, query: URLSearchParams): { page: Row[]; total: number } {
  const search = query.get('search') ?? '';
  const filters = [...query].filter(([name]) => !PAGING.has(name));
  // Without ?sort= the rows keep their stored order (lookups come in their `order`).
  const sort = query.get('sort');
  const sortField = sort?.replace(/^-/, '') ?? '';
  const direction = sort?.startsWith('-') ? -1 : 1;
  const found = rows(collection)
    .filter((row) => matchesSearch(collection, row, search))
    .filter((row) => filters.every(([name, value]) => String(field(row, name, 'id')) === value));
  if (sort !== null) {
    const key = (row: Row) => String(field(row, sortField, 'name') ?? '');
    found.sort((a, b) => direction * collator.compare(key(a), key(b)));
  }
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? 500);
  return { page: found.slice(offset, offset + limit), total: found.length };
}

/** What the server stores from a written body (a client's empty numbers are null...). */
function stored(collection: string, id: number, body: Record<string, unknown>, base: Row): Row {
  const merged: Row = { ...base, ...body, id };
  if (collection !== 'clients') return merged;
  for (const name of NULLABLE) {
    if (merged[name] === '' || merged[name] === undefined) merged[name] = null;
    else if (name !== 'dLastContact' && name !== 'dateBirth') merged[name] = Number(merged[name]);
  }
  if ('product' in body) {
    merged.product =
      rows('products').find((item) => String(item.id) === String(body.product)) ?? null;
  }
  if ('stage' in body && body.stage !== base.stage) {
    merged.stageChangedAt = new Date().toISOString();
  }
  return merged;
}

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const API_ROOT = api.clients.replace(/\/clients$/, '');
const collectionPath = `${API_ROOT}/:collection`;
const itemPath = `${API_ROOT}/:collection/:id`;

/** The record history's entries (seed 'audit'), newest first, like GET /api/audit (docs/history.md). */
function auditPage(query: URLSearchParams, fixed: Record<string, string> = {}) {
  const want = { ...Object.fromEntries(query), ...fixed };
  const day = (row: Row) => String(row.at).slice(0, 10);
  const search = (want.search ?? '').toLowerCase();
  const found = rows('audit')
    .filter((row) =>
      ['entity', 'entityId', 'userId', 'action'].every(
        (name) => want[name] === undefined || String(row[name]) === want[name],
      ),
    )
    .filter((row) => !want.dateFrom || day(row) >= want.dateFrom)
    .filter((row) => !want.dateTo || day(row) <= want.dateTo)
    .filter(
      (row) =>
        search === '' ||
        `${String(row.userName)} ${JSON.stringify(row.changes)}`.toLowerCase().includes(search),
    )
    .sort((a, b) => String(b.at).localeCompare(String(a.at)) || b.id - a.id);
  const offset = Number(want.offset ?? 0);
  const limit = Number(want.limit ?? 500);
  return listAnswer(found.slice(offset, offset + limit), found.length);
}

/** The months 'YYYY-MM' from the month of `from` to that of `to` (days 'YYYY-MM-DD'). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let i = 0; i < 120; i++) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) break;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year += 1;
  }
  return months;
}

/** The school's details (seed 'school' with one row to set them; ADR 040): none filled in. */
function schoolRecord(): Row {
  return (
    rows('school')[0] ?? {
      id: 1,
      name: '',
      address: '',
      taxId: '',
      iban: '',
      currency: 'PLN',
      vatExemption: '',
      version: 1,
    }
  );
}

function idOf(params: Record<string, unknown>): number {
  return Number(params.id);
}

export const handlers: HttpHandler[] = [
  http.get(api.islogin, () =>
    session
      ? HttpResponse.json(session)
      : HttpResponse.json({ error: 'unauthorized', message: 'Log in' }, { status: 401 }),
  ),
  http.post(api.authentication, async ({ request }) => {
    const body = await jsonBody(request);
    if (body.password !== PASSWORD) {
      return HttpResponse.json({ error: 'unauthorized', message: 'Wrong' }, { status: 401 });
    }
    session = ADMIN;
    return HttpResponse.json(ADMIN);
  }),
  http.post(api.logout, () => {
    session = null;
    return new HttpResponse(null, { status: 204 });
  }),
  // no calendar address made yet (docs/api.md, Schedule)
  http.get(api.myIcal, () => HttpResponse.json(null)),
  // no money yet: every month of the range at 0 (docs/api.md, Money)
  http.get(api.moneyReport, ({ request }) => {
    const query = new URL(request.url).searchParams;
    return HttpResponse.json(
      monthsBetween(query.get('dateFrom') ?? '', query.get('dateTo') ?? '').map((month) => ({
        month,
        charged: 0,
        received: 0,
        outstanding: 0,
      })),
    );
  }),
  ...botHandlers({
    rows,
    add: (collection, row) => void (store[collection] = [...rows(collection), row]),
    select,
  }),
  http.get(api.clientsByStage, ({ request }) => {
    const search = new URL(request.url).searchParams.get('search') ?? '';
    return HttpResponse.json(
      rows('stages').map((stage) => {
        const inStage = rows('clients').filter(
          (client) => client.stage === stage.id && matchesSearch('clients', client, search),
        );
        const sum = inStage.reduce((total, client) => total + Number(client.price ?? 0), 0);
        return { ...stage, count: inStage.length, sum };
      }),
    );
  }),
  http.get(api.schoolDetails, () => HttpResponse.json(schoolRecord())),
  http.put(api.schoolDetails, async ({ request }) => {
    const before = schoolRecord();
    const saved = {
      ...before,
      ...(await jsonBody(request)),
      version: Number(before.version) + 1,
    };
    store.school = [saved];
    return HttpResponse.json(saved);
  }),
  http.get(`${api.schoolDetails}/:id/history`, ({ request }) =>
    auditPage(new URL(request.url).searchParams, { entity: 'school', entityId: '1' }),
  ),
  http.get(api.audit, ({ request }) => auditPage(new URL(request.url).searchParams)),
  http.get(`${itemPath}/history`, ({ request, params }) =>
    auditPage(new URL(request.url).searchParams, {
      entity: String(params.collection),
      entityId: String(params.id),
    }),
  ),
  http.get(`${collectionPath}/export.csv`, ({ params }) => {
    const names = rows(String(params.collection)).map((row) =>
      String(row.firstName ?? row.name ?? ''),
    );
    return new HttpResponse(`\uFEFFname\r\n${names.map((name) => `${name}\r\n`).join('')}`, {
      headers: { 'Content-Type': 'text/csv' },
    });
  }),
  http.get(collectionPath, ({ request, params }) => {
    const { page, total } = select(String(params.collection), new URL(request.url).searchParams);
    return listAnswer(page, total);
  }),
  http.get(itemPath, ({ params }) => {
    const row = rows(String(params.collection)).find((item) => item.id === idOf(params));
    return row ? HttpResponse.json(row) : notFound();
  }),
  http.post(collectionPath, async ({ request, params }) => {
    const collection = String(params.collection);
    const id = Math.max(0, ...rows(collection).map((row) => row.id)) + 1;
    const base =
      collection === 'clients' ? (makeClient({ id }) as unknown as Row) : { id, version: 1 };
    const created = stored(collection, id, await jsonBody(request), base);
    store[collection] = [...rows(collection), created];
    return HttpResponse.json(created, { status: 201 });
  }),
  http.put(itemPath, async ({ request, params }) => {
    const collection = String(params.collection);
    const id = idOf(params);
    const row = rows(collection).find((item) => item.id === id);
    if (!row) return notFound();
    const updated = {
      ...stored(collection, id, await jsonBody(request), row),
      version: Number(row.version ?? 1) + 1,
    };
    store[collection] = rows(collection).map((item) => (item.id === id ? updated : item));
    return HttpResponse.json(updated);
  }),
  http.delete(itemPath, ({ params, request }) => {
    const collection = String(params.collection);
    const id = idOf(params);
    if (!rows(collection).some((item) => item.id === id)) return notFound();
    // a dry run (docs/api.md) only says the row could be deleted
    if (new URL(request.url).searchParams.get('dryRun') === 'true') {
      return new HttpResponse(null, { status: 204 });
    }
    store[collection] = rows(collection).filter((item) => item.id !== id);
    return new HttpResponse(null, { status: 204 });
  }),
];

export const server = setupServer(...handlers);

/**
 * The method a request is logged under: a delete's dry run (docs/api.md) as DRY RUN, so that
 * calledUrls('DELETE') lists only the deletes that were sent.
 */
export const DRY_RUN = 'DRY RUN';
const loggedMethod = (request: Request) =>
  request.method === 'DELETE' && new URL(request.url).searchParams.get('dryRun') === 'true'
    ? DRY_RUN
    : request.method;

server.events.on('request:start', ({ request }) => {
  const entry: LoggedRequest = {
    method: loggedMethod(request),
    url: new URL(request.url),
    body: undefined,
    headers: new Headers(request.headers),
    credentials: request.credentials,
  };
  log.push(entry);
  void request
    .clone()
    .text()
    .then((text) => {
      if (!text) return;
      try {
        entry.body = JSON.parse(text);
      } catch {
        entry.body = text;
      }
    });
});

/** Back to the shared data, the logged-in admin and an empty log (after every test). */
export function resetApi(): void {
  store = defaults();
  session = ADMIN;
  requests.clear();
}
