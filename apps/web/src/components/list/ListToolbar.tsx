import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../lib/csv';
import { IconButton } from '../IconButton';
import { showNotice } from '../feedback/notices';
import { exportFailureMessage } from './serverCsv';
import styles from './ListView.module.css';

interface ListToolbarProps {
  total: number;
  /** the count stopped at `total`: it shows as "10,000+" */
  capped?: boolean;
  fileName: string;
  /** Builds the CSV text of what the list shows. */
  buildCsv: () => Promise<string>;
  /** More buttons of the screen beside the export (an import). */
  tools?: ReactNode;
  /** What the screen says of all the selected rows, after their count (a sum). */
  summary?: ReactNode;
}

/** The count of matching rows and the CSV export. */
export function ListToolbar({
  total,
  capped,
  fileName,
  buildCsv,
  tools,
  summary,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      downloadCsv(fileName, await buildCsv());
    } catch (error) {
      console.error(error);
      const message = exportFailureMessage(error);
      if (message !== null) showNotice({ text: t(message), tone: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={styles.toolbar}>
      <div className={styles.counts}>
        <p className={styles.total} aria-live="polite">
          {t(capped ? 'list.totalCapped' : 'list.total', { count: total })}
        </p>
        {summary}
      </div>
      <div className={styles.tools}>
        {tools}
        <IconButton
          label={t('list.exportCsv')}
          icon={Download}
          disabled={exporting}
          aria-busy={exporting}
          onClick={() => void onExport()}
        />
      </div>
    </div>
  );
}
