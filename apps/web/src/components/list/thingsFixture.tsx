import { requiredText, text } from '@school/contract/common';
import { z } from 'zod';
import { jsonResponse, listResponse, mockApi, renderWithProviders } from '../../test/utils';
import type { FieldSpec } from '../form/fields';
import { ListScreen, type ListScreenProps } from './ListScreen';
import type { Column, Resource } from './types';

/** Test fixture: a generic "things" list screen over an in-memory fake server. */
export const thing = z.object({ id: z.number(), name: z.string(), note: z.string() });
export type Thing = z.infer<typeof thing>;
export const resource: Resource<Thing> = {
  path: '/api/things',
  list: z.array(thing),
  rowLabel: (row) => row.name,
  recordName: (row) => `thing ${row.name}`,
};
export const COLUMNS: Column<Thing>[] = [
  { key: 'name', label: 'fields.name', sort: 'name', value: (row) => row.name },
  { key: 'note', label: 'fields.description', value: (row) => row.note },
];
export const schema = z.object({ name: requiredText(50), note: text(200) });
export const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'fields.name' },
  { name: 'note', label: 'fields.description', kind: 'textarea' },
];
export const ROWS: Thing[] = [
  { id: 1, name: 'Alpha', note: 'first, with "quotes"' },
  { id: 2, name: 'Beta', note: '=SUM(A1)' },
  { id: 3, name: 'Gamma', note: '' },
];

type DeleteAnswer = () => Response;
const PAGING: ReadonlySet<string> = new Set(['search', 'sort', 'limit', 'offset']);
/** The fake server writes this CSV itself (a server-side export). */
export const EXPORT_PATH = '/api/things/export.csv';

/** An in-memory /api/things that searches, sorts and pages like the real server. */
export function fakeServer(initial: Thing[] = ROWS, deleteAnswer?: DeleteAnswer) {
  let rows = [...initial];
  return mockApi((method, path, init) => {
    const url = new URL(path, 'http://localhost');
    const id = Number(url.pathname.split('/')[3]);
    if (method === 'GET' && url.pathname === EXPORT_PATH) {
      return new Response(`\uFEFFname\r\n${rows.map((row) => row.name).join('\r\n')}\r\n`);
    }
    if (method === 'GET') {
      const search = url.searchParams.get('search') ?? '';
      const sort = url.searchParams.get('sort') ?? 'id';
      const field = sort.replace('-', '') as keyof Thing;
      // Any other parameter filters by the field of its name (id=2), as a list's filters do.
      const filters = [...url.searchParams].filter(([name]) => !PAGING.has(name));
      const found = rows
        .filter((row) => row.name.toLowerCase().includes(search.toLowerCase()))
        .filter((row) =>
          filters.every(([name, value]) => String(row[name as keyof Thing]) === value),
        )
        .sort((a, b) => String(a[field]).localeCompare(String(b[field]), 'en', { numeric: true }));
      if (sort.startsWith('-')) found.reverse();
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 500);
      return listResponse(found.slice(offset, offset + limit), found.length);
    }
    if (method === 'DELETE') {
      const answer = deleteAnswer?.();
      if (answer) return answer;
      rows = rows.filter((row) => row.id !== id);
      return jsonResponse(204);
    }
    if (method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Omit<Thing, 'id'>;
      rows = rows.map((row) => (row.id === id ? { ...row, ...body } : row));
      return jsonResponse(200, { id, ...body });
    }
    if (method === 'POST') {
      const body = JSON.parse(String(init.body)) as Omit<Thing, 'id'>;
      const created = { id: Math.max(0, ...rows.map((row) => row.id)) + 1, ...body };
      rows = [...rows, created];
      return jsonResponse(201, created);
    }
    return jsonResponse(404, { error: 'not_found', message: 'No' });
  });
}

/** The things screen; `props` adds to or replaces its declaration (filters, exports...). */
export function renderThings(props: Partial<ListScreenProps<Thing>> = {}) {
  return renderWithProviders(
    <ListScreen
      title="Things"
      caption="Things"
      fileName="things"
      resource={resource}
      columns={COLUMNS}
      create={{ label: 'New thing', schema, fields: FIELDS }}
      edit={{ title: 'Edit thing', schema, fields: FIELDS }}
      actions={{ delete: true, copy: (row) => row.name, open: (row) => `/things/${row.id}` }}
      {...props}
    />,
  );
}
