import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../lib/csv';
import controls from '../controls.module.css';
import { Spinner } from '../Spinner';
import styles from './ListView.module.css';

interface ListToolbarProps {
  total: number;
  fileName: string;
  /** Builds the CSV text of what the list shows. */
  buildCsv: () => Promise<string>;
}

/** The count of matching rows and the CSV export. */
export function ListToolbar({ total, fileName, buildCsv }: ListToolbarProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      downloadCsv(fileName, await buildCsv());
    } catch (error) {
      console.error(error);
      window.alert(t('messages.error'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={styles.toolbar}>
      <p className={styles.total} aria-live="polite">
        {t('list.total', { count: total })}
      </p>
      <button
        type="button"
        className={controls.iconButton}
        aria-label={t('list.exportCsv')}
        title={t('list.exportCsv')}
        disabled={exporting}
        onClick={() => void onExport()}
      >
        {exporting ? <Spinner size={16} /> : <Download size={16} aria-hidden="true" />}
      </button>
    </div>
  );
}
