import type { CsvPaths } from '@school/contract/paths';
import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../IconButton';
import { LoadingState } from '../LoadingState';
import { Modal } from '../Modal';

/** Downloaded when the dialog first opens, not with the list (docs/quality.md, First screen). */
const ImportFlow = lazy(() =>
  import('./ImportFlow').then((module) => ({ default: module.ImportFlow })),
);

export interface ImportDialogProps {
  /** the list's CSV calls */
  paths: CsvPaths;
  /** the list's path: its pages are read again after an import */
  listPath: string;
  /** the dialog's title, e.g. "Import clients from CSV" */
  title: string;
  /** what a row of the file does: which columns, what it matches */
  intro: string;
}

/**
 * A list's toolbar import button and its dialog (ADR 012); each opening starts from a fresh
 * file choice.
 */
export function ImportDialog({ paths, listPath, title, intro }: ImportDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        label={t('import.open')}
        icon={Upload}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      />
      <Modal open={open} title={title} onClose={() => setOpen(false)}>
        <Suspense fallback={<LoadingState />}>
          <ImportFlow paths={paths} listPath={listPath} intro={intro} />
        </Suspense>
      </Modal>
    </>
  );
}
