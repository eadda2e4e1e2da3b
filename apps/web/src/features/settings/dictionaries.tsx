import {
  dictionaryInput,
  lookupItem,
  stage,
  type EditableDictionary,
  type LookupItem,
  type Stage,
} from '@school/contract/lookups';
import { api } from '@school/contract/paths';
import { z } from 'zod';
import type { FieldSpec, FormValues } from '../../components/form/fields';
import type { Column, FormConfig, Resource, Row } from '../../components/list/types';
import { lookupName } from '../../components/lookups';
import styles from './Dictionaries.module.css';

/** One editable dictionary (docs/data-model.md, Lookups): where it lives and how its table and form look. */
export interface DictionaryView<R extends Row> extends FormConfig {
  resource: Resource<R>;
  columns: readonly Column<R>[];
  defaults?: FormValues;
}

// a seeded row reads in the chosen language, a name staff typed as typed (docs/data-model.md, Lookups)
const nameColumn = <R extends LookupItem>(): Column<R> => ({
  key: 'name',
  label: 'fields.name',
  value: (row) => lookupName(row),
  // the file keeps the stored name, whatever language the screen is in
  csv: (row) => row.name,
});

/** Stages carry the pipeline colour and their column order (docs/clients.md, Pipeline). */
export const STAGES: DictionaryView<Stage> = {
  resource: {
    path: api.lookup('stages'),
    list: z.array(stage),
    rowLabel: (row) => lookupName(row),
  },
  schema: dictionaryInput,
  fields: [
    { name: 'name', label: 'fields.name' },
    { name: 'color', label: 'fields.color', kind: 'color' },
    { name: 'order', label: 'fields.order', kind: 'number' },
  ],
  defaults: { color: '#3b82f6' },
  columns: [
    nameColumn<Stage>(),
    {
      key: 'color',
      label: 'fields.color',
      value: (row) => row.color,
      render: (row) => (
        <span className={styles.swatch}>
          <span className={styles.chip} style={{ background: row.color }} aria-hidden="true" />
          {row.color}
        </span>
      ),
    },
    { key: 'order', label: 'fields.order', align: 'end', value: (row) => row.order },
  ],
};

const NAME_ONLY = dictionaryInput.pick({ name: true });
const NAME_FIELDS: readonly FieldSpec[] = [{ name: 'name', label: 'fields.name' }];

function plainDictionary(name: Exclude<EditableDictionary, 'stages'>): DictionaryView<LookupItem> {
  return {
    resource: {
      path: api.lookup(name),
      list: z.array(lookupItem),
      rowLabel: (row) => lookupName(row),
    },
    schema: NAME_ONLY,
    fields: NAME_FIELDS,
    columns: [nameColumn<LookupItem>()],
  };
}

/** The dictionaries that hold a name only. */
export const PLAIN_DICTIONARIES: Record<
  Exclude<EditableDictionary, 'stages'>,
  DictionaryView<LookupItem>
> = {
  products: plainDictionary('products'),
  sources: plainDictionary('sources'),
  categories: plainDictionary('categories'),
  levels: plainDictionary('levels'),
};
