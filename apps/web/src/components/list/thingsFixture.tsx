import { requiredText, text } from '@school/contract/common';
import { z } from 'zod';
import { THINGS } from '../../test/server';
import { renderWithProviders } from '../../test/utils';
import type { FieldSpec } from '../form/fields';
import { ListScreen, type ListScreenProps } from './ListScreen';
import type { Column, Resource } from './types';

/** Test fixture: a generic "things" list screen over the fake API's /api/things. */
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
/** The rows the fake API starts with (test/server.ts). */
export const ROWS: Thing[] = THINGS;

/** The fake API writes this CSV itself (a server-side export). */
export const EXPORT_PATH = '/api/things/export.csv';

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
