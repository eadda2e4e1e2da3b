import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import type { FieldLabelKey } from '../form/fields';
import { RowEditForm } from '../list/RowEditForm';
import { invalidateResource } from '../list/useInfiniteList';
import type { EditConfig, Row } from '../list/types';
import styles from './Detail.module.css';

/** A field the user reads but does not edit (a code, a time stamp the server keeps). */
export interface ReadOnlyField {
  key: string;
  label: FieldLabelKey;
  /** Already formatted; empty shows a dash. */
  value: string;
}

interface DetailFormProps<R extends Row> {
  /** The resource: the form PUTs {path}/{row.id}; its lists and the record refresh after. */
  path: string;
  row: R;
  /** The form's accessible name. */
  label: string;
  config: EditConfig<R>;
  readOnly?: readonly ReadOnlyField[];
}

/** The record screen's form (docs/screens.md, Record screens): read-only facts, then every editable field. */
export function DetailForm<R extends Row>({
  path,
  row,
  label,
  config,
  readOnly = [],
}: DetailFormProps<R>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <div className={`${controls.card} ${styles.card}`}>
      {readOnly.length > 0 && (
        <dl className={styles.facts}>
          {readOnly.map((field) => (
            <div key={field.key} className={styles.fact}>
              <dt>{t(field.label)}</dt>
              <dd>{field.value === '' ? t('detail.empty') : field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <RowEditForm
        path={path}
        row={row}
        label={label}
        config={config}
        submitLabel={t('form.save')}
        onSaved={() => invalidateResource(queryClient, path)}
        // OK after a save brings back the form as saved, not emptied as a create form is.
        onDoneOk={() => undefined}
      />
    </div>
  );
}
