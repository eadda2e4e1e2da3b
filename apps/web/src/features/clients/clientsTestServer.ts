import type { Client } from '@school/contract/clients';
import { vi } from 'vitest';
import { makeClient } from '../../test/clients';
import { ADMIN, jsonResponse, listResponse } from '../../test/utils';

/** Test fixture: the lookups the client screens read. */
export const LOOKUPS: Record<string, unknown[]> = {
  '/api/stages': [
    { id: 1, name: 'Lead', color: '#e11d48', order: 1 },
    { id: 2, name: 'Won', color: '#16a34a', order: 2 },
  ],
  '/api/users': [
    { id: 7, name: 'anna', firstName: 'Anna', lastName: 'Kowalska' },
    { id: 8, name: 'piotr', firstName: 'Piotr', lastName: 'Zieliński' },
  ],
  '/api/projects': [
    { id: 5, name: 'Adults' },
    { id: 6, name: 'Kids' },
  ],
  '/api/products': [
    { id: 3, name: 'Group course' },
    { id: 4, name: 'Private lessons' },
  ],
  '/api/sources': [
    { id: 11, name: 'Website' },
    { id: 12, name: 'Referral' },
  ],
  '/api/languages': [
    { id: 1, name: 'English' },
    { id: 2, name: 'Ukrainian' },
  ],
  '/api/categories': [
    { id: 1, name: 'VIP' },
    { id: 2, name: 'Regular' },
  ],
  '/api/timezones': [
    { id: 1, name: 'Europe/Kyiv' },
    { id: 2, name: 'Europe/Warsaw' },
  ],
};

const PRODUCTS = LOOKUPS['/api/products'] as { id: number; name: string }[];

export const CLIENTS: Client[] = [
  makeClient({
    id: 1,
    firstName: 'Anna',
    lastName: 'Nowak',
    email: 'anna@example.com',
    tel: '+48 600 100 200',
    price: 1234.5,
    stage: 1,
    product: { id: 3, name: 'Group course' },
    responsibleId: 7,
    source: 11,
  }),
  makeClient({
    id: 2,
    firstName: 'Bohdan',
    lastName: 'Shevchenko',
    tel: '+380 44 555 0101',
    price: 800,
    stage: 2,
    product: { id: 4, name: 'Private lessons' },
    responsibleId: 8,
    project: 6,
  }),
  makeClient({ id: 3, firstName: 'Celina', lastName: 'Wiśniewska' }),
];

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

const FILTERS = ['stage', 'responsibleId', 'project', 'source'] as const;

function sortValue(row: Client, field: string): string | number {
  if (field === 'product') return row.product?.name ?? '';
  const value = row[field as keyof Client];
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/** Filters, searches, sorts and pages like GET /api/clients. */
function select(rows: Client[], query: URLSearchParams): Client[] {
  const search = (query.get('search') ?? '').toLowerCase();
  let found = rows.filter((row) =>
    [row.firstName, row.lastName, row.email, row.tel].some((text) =>
      text.toLowerCase().includes(search),
    ),
  );
  for (const name of FILTERS) {
    const value = query.get(name);
    if (value !== null) found = found.filter((row) => String(row[name]) === value);
  }
  const product = query.get('product');
  if (product !== null) found = found.filter((row) => String(row.product?.id) === product);
  const sort = query.get('sort') ?? 'id';
  const field = sort.replace(/^-/, '');
  found = [...found].sort((a, b) =>
    String(sortValue(a, field)).localeCompare(String(sortValue(b, field)), 'en', { numeric: true }),
  );
  if (sort.startsWith('-')) found.reverse();
  return found;
}

type Answer = Response | Promise<Response>;

export interface ClientsServerOptions {
  clients?: Client[];
  /** Answers a PUT instead of saving it (a 400 with fields...). */
  put?: (body: Record<string, unknown>) => Answer | undefined;
  preview?: (body: { csv: string }) => Answer;
  importRun?: (body: { csv: string; skipErrors: boolean }) => Answer;
  /** Answers GET /api/clients/import/{jobId}: how far an import job is. */
  importJob?: (jobId: string) => Answer;
  exportCsv?: () => Answer;
}

/** A stateful in-memory fake of the API the client screens talk to. */
export function clientsServer(options: ClientsServerOptions = {}) {
  let rows = (options.clients ?? CLIENTS).map((row) => ({ ...row }));
  const notFound = () => jsonResponse(404, { error: 'not_found', message: 'No such client' });
  /** What the server stores from a form body: '' is null for numbers, ids and dates. */
  const toClient = (id: number, body: Record<string, unknown>, base: Client): Client => {
    const merged: Record<string, unknown> = { ...base, ...body, id };
    for (const name of NULLABLE) {
      if (merged[name] === '' || merged[name] === undefined) merged[name] = null;
      else if (name !== 'dLastContact' && name !== 'dateBirth') merged[name] = Number(merged[name]);
    }
    if ('product' in body) {
      merged.product = PRODUCTS.find((item) => String(item.id) === String(body.product)) ?? null;
    }
    return merged as Client;
  };

  const handle = (method: string, url: URL, init: RequestInit): Answer => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const path = url.pathname;
    if (path === '/api/islogin') return jsonResponse(200, ADMIN);
    const lookup = LOOKUPS[path];
    if (lookup) return jsonResponse(200, lookup);
    if (path === '/api/clients/export.csv') {
      return options.exportCsv?.() ?? new Response('\uFEFFid,firstName\r\n1,Anna\r\n');
    }
    if (path === '/api/clients/import/preview') {
      return options.preview?.(body as { csv: string }) ?? jsonResponse(500, {});
    }
    if (path === '/api/clients/import') {
      return (
        options.importRun?.(body as { csv: string; skipErrors: boolean }) ?? jsonResponse(500, {})
      );
    }
    if (path.startsWith('/api/clients/import/') && method === 'GET') {
      return options.importJob?.(path.split('/')[4] ?? '') ?? jsonResponse(404, {});
    }
    const id = Number(path.split('/')[3]);
    const row = rows.find((item) => item.id === id);
    if (path === '/api/clients' && method === 'GET') {
      const found = select(rows, url.searchParams);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 500);
      return listResponse(found.slice(offset, offset + limit), found.length);
    }
    if (path === '/api/clients' && method === 'POST') {
      const created = toClient(
        Math.max(0, ...rows.map((item) => item.id)) + 1,
        body,
        makeClient({ id: 0 }),
      );
      rows = [...rows, created];
      return jsonResponse(201, created);
    }
    if (!row) return notFound();
    if (method === 'GET') return jsonResponse(200, row);
    if (method === 'DELETE') {
      rows = rows.filter((item) => item.id !== id);
      return jsonResponse(204);
    }
    if (method === 'PUT') {
      const answer = options.put?.(body);
      if (answer) return answer;
      const updated = toClient(id, body, row);
      rows = rows.map((item) => (item.id === id ? updated : item));
      return jsonResponse(200, updated);
    }
    return notFound();
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handle(init.method ?? 'GET', new URL(String(input), 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
