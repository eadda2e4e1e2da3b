import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { CreateForm } from '../../components/list/CreateForm';
import { ListView } from '../../components/list/ListView';
import type { Row } from '../../components/list/types';
import { useMayDo } from '../../lib/access';
import type { DictionaryView } from './dictionaries';
import styles from './Dictionaries.module.css';

interface DictionaryPanelProps<R extends Row> {
  view: DictionaryView<R>;
  /** The dictionary's name (the tab's text): the table's name and the CSV file's. */
  title: string;
  fileName: string;
}

/**
 * One dictionary with the list kit: an Add panel, the table, edit and delete; the writes are an
 * admin's, the others read it only (docs/roles.md).
 */
export function DictionaryPanel<R extends Row>({ view, title, fileName }: DictionaryPanelProps<R>) {
  const { t } = useTranslation();
  const [createOpen, setCreateOpen] = useState(false);
  const panelId = useId();
  const ToggleIcon = createOpen ? Minus : Plus;
  const mayCreate = useMayDo('lookups', 'create') && !view.fixed;
  const mayUpdate = useMayDo('lookups', 'update');
  const mayDelete = useMayDo('lookups', 'delete') && !view.fixed;
  const edit = { title: t('dictionaries.editTitle'), schema: view.schema, fields: view.fields };
  return (
    <>
      {mayCreate && (
        <>
          <div className={styles.toolbar}>
            <button
              type="button"
              className={controls.secondaryButton}
              aria-expanded={createOpen}
              aria-controls={panelId}
              onClick={() => setCreateOpen((open) => !open)}
            >
              <ToggleIcon size={16} aria-hidden="true" />
              {t('dictionaries.add')}
            </button>
          </div>
          <section
            id={panelId}
            className={styles.createPanel}
            aria-label={t('dictionaries.newItem')}
            hidden={!createOpen}
          >
            <CreateForm
              path={view.resource.path}
              label={t('dictionaries.newItem')}
              schema={view.schema}
              fields={view.fields}
              defaults={view.defaults}
            />
          </section>
        </>
      )}
      <ListView
        resource={view.resource}
        columns={view.columns}
        caption={title}
        fileName={fileName}
        {...(mayUpdate ? { edit } : {})}
        actions={{ delete: mayDelete }}
      />
    </>
  );
}
