import type { Client } from '@school/contract/clients';
import type { Stage } from '@school/contract/lookups';
import { vi } from 'vitest';
import { makeClient as baseClient } from '../../test/clients';
import { ADMIN, jsonResponse } from '../../test/utils';

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS - 60_000).toISOString();
}

/** A client on the board: in a stage since yesterday, created ten days ago unless told. */
export function makeClient(fields: Partial<Client> & Pick<Client, 'id' | 'stage'>): Client {
  return baseClient({ stageChangedAt: daysAgo(1), createdAt: daysAgo(10), ...fields });
}

export interface PipelineServerOptions {
  stages: Stage[];
  clients: Client[];
  /** The status a PUT answers with instead of 200; 'network' answers nothing at all. */
  failPut?: number | 'network';
  /** PUTs wait until release() is called. */
  holdPuts?: boolean;
}

function matches(client: Client, search: string | null): boolean {
  if (!search) return true;
  const text = `${client.firstName} ${client.lastName} ${client.email}`.toLowerCase();
  return text.includes(search.toLowerCase());
}

/**
 * A stateful fake of the API the board talks to: a moved client really is in its new stage on
 * the next GET, as on the real server.
 */
export function pipelineServer(options: PipelineServerOptions) {
  const clients = options.clients.map((client) => ({ ...client }));
  const puts: { path: string; body: unknown }[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(String(input), 'http://localhost');
    const search = url.searchParams.get('search');
    if (url.pathname === '/api/islogin') return jsonResponse(200, ADMIN);
    if (url.pathname === '/api/stages') return jsonResponse(200, options.stages);
    if (url.pathname === '/api/clients/bystage') {
      return jsonResponse(
        200,
        options.stages.map((stage) => {
          const inStage = clients.filter((c) => c.stage === stage.id && matches(c, search));
          const sum = inStage.reduce((total, c) => total + (c.price ?? 0), 0);
          return { ...stage, count: inStage.length, sum };
        }),
      );
    }
    if (url.pathname === '/api/clients' && method === 'GET') {
      const stage = Number(url.searchParams.get('stage'));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 500);
      const rows = clients
        .filter((c) => c.stage === stage && matches(c, search))
        .sort((a, b) => b.stageChangedAt.localeCompare(a.stageChangedAt) || a.id - b.id);
      return new Response(JSON.stringify(rows.slice(offset, offset + limit)), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(rows.length) },
      });
    }
    const one = /^\/api\/clients\/(\d+)$/.exec(url.pathname);
    if (one && method === 'PUT') {
      const body: unknown = JSON.parse(String(init.body));
      puts.push({ path: url.pathname, body });
      if (options.holdPuts) await held;
      if (options.failPut === 'network') throw new TypeError('Failed to fetch');
      if (options.failPut !== undefined) {
        return jsonResponse(options.failPut, { error: 'internal', message: 'Internal error' });
      }
      const client = clients.find((c) => c.id === Number(one[1]));
      if (!client) return jsonResponse(404, { error: 'not_found', message: 'Not found' });
      client.stage = (body as { stage: number }).stage;
      client.stageChangedAt = new Date().toISOString();
      return jsonResponse(200, client);
    }
    return jsonResponse(404, { error: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);

  const gets = () =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
      .map(([input]) => new URL(String(input), 'http://localhost'));

  return { fetchMock, puts, gets, release: () => release() };
}
