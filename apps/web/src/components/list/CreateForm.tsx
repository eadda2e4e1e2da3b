import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/http';
import { EntityForm } from '../form/EntityForm';
import { toFormValues, type FormValues } from '../form/fields';
import { invalidateResource } from './useInfiniteList';
import type { FormConfig } from './types';

interface CreateFormProps extends FormConfig {
  /** POST here; its lists and lookups refresh after a save. */
  path: string;
  /** The form's accessible name ("New user"). */
  label: string;
  /** Initial values beyond '' (a colour, a checked box). */
  defaults?: FormValues;
  /** Sent with every save but not shown, over what the form parsed (the parent's id of a child
   * record, a list's kind). */
  fixed?: FormValues;
}

/** The create form of a list (docs/screens.md): POST, then done refreshes the list (docs/interface.md). */
export function CreateForm({
  path,
  label,
  schema,
  fields,
  note,
  defaults,
  fixed,
}: CreateFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const defaultValues = useMemo(() => toFormValues(fields, defaults), [fields, defaults]);
  return (
    <EntityForm
      mode="create"
      label={label}
      schema={schema}
      fields={fields}
      defaultValues={defaultValues}
      submitLabel={t('form.save')}
      onSubmit={(body) => request(path, { method: 'POST', body: { ...body, ...fixed } })}
      onSaved={() => invalidateResource(queryClient, path)}
    >
      {note}
    </EntityForm>
  );
}
