import { request } from '../../lib/http';
import { versionOf } from '../form/conflict';
import { EntityForm } from '../form/EntityForm';
import { toFormValues } from '../form/fields';
import type { EditConfig, Row } from './types';

interface RowEditFormProps<R extends Row> {
  /** The resource: the form PUTs {path}/{row.id}. */
  path: string;
  row: R;
  /** The form's accessible name. */
  label: string;
  config: EditConfig<R>;
  submitLabel: string;
  onSaved: () => void;
  onDoneOk: () => void;
}

/** The form that edits one row, in the edit modal and on a record's screen. */
export function RowEditForm<R extends Row>({
  path,
  row,
  label,
  config,
  submitLabel,
  onSaved,
  onDoneOk,
}: RowEditFormProps<R>) {
  const valuesOf = (record: R) =>
    config.toValues ? config.toValues(record) : toFormValues(config.fields, record);
  const version = versionOf(row);
  return (
    <EntityForm
      mode="edit"
      // The form reads its values once, when it mounts: a new row starts a new form, and a
      // refetch after a save does not overwrite what is on screen.
      key={row.id}
      label={label}
      schema={config.schema}
      fields={config.fields}
      defaultValues={valuesOf(row)}
      // the version the row was read at goes with the save; a 409 reloads it (ADR 038)
      {...(version === undefined
        ? {}
        : {
            versioned: {
              version,
              load: async () => {
                const current = (await request(`${path}/${row.id}`)) as R;
                return { values: valuesOf(current), version: versionOf(current) };
              },
            },
          })}
      submitLabel={submitLabel}
      onSubmit={(body) => request(`${path}/${row.id}`, { method: 'PUT', body })}
      onSaved={onSaved}
      onDoneOk={onDoneOk}
    >
      {config.note}
    </EntityForm>
  );
}
