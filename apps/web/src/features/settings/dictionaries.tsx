import {
  dictionaryInput,
  lookupItem,
  stage,
  type EditableDictionary,
  type LookupItem,
  type Stage,
} from '@school/contract/lookups';
import {
  attendanceStatus,
  attendanceStatusInput,
  type AttendanceStatus,
} from '@school/contract/money';
import { api } from '@school/contract/paths';
import i18next from 'i18next';
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
  /** A fixed set (attendance statuses): its entries are edited, never added or deleted. */
  fixed?: boolean;
}

// a seeded row reads in the chosen language, a name staff typed as typed (docs/data-model.md, Lookups)
const nameColumn = <R extends Pick<LookupItem, 'name' | 'key'>>(): Column<R> => ({
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

/** A yes/no column of a flag, in words. */
const flagColumn = (key: 'charge' | 'payTeacher'): Column<AttendanceStatus> => ({
  key,
  label: `fields.${key}`,
  value: (row) => i18next.t(row[key] ? 'lookups.booleans.yes' : 'lookups.booleans.no'),
  csv: (row) => String(row[key]),
  whole: true,
});

/**
 * Attendance statuses (docs/money.md, Attendance statuses): fixed ids, each edited for its name
 * and whether it charges the student and pays the teacher; the dialog sends the version it
 * opened (ADR 038). A change of `charge` changes what lessons still ahead charge, never a
 * charge already due.
 */
export const ATTENDANCE_STATUSES: DictionaryView<AttendanceStatus> = {
  resource: {
    path: api.attendanceStatuses,
    list: z.array(attendanceStatus),
    rowLabel: (row) => lookupName(row),
  },
  schema: attendanceStatusInput,
  fields: [
    { name: 'name', label: 'fields.name' },
    { name: 'charge', label: 'fields.charge', kind: 'checkbox' },
    { name: 'payTeacher', label: 'fields.payTeacher', kind: 'checkbox' },
  ],
  columns: [nameColumn<AttendanceStatus>(), flagColumn('charge'), flagColumn('payTeacher')],
  fixed: true,
};
