import type { CsvPaths } from '@school/contract/paths';
import { Upload } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../LoadingState';
import { ImportDialogFrame } from './ImportParts';

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
  return (
    <ImportDialogFrame label={t('import.open')} icon={Upload} title={title}>
      <Suspense fallback={<LoadingState />}>
        <ImportFlow paths={paths} listPath={listPath} intro={intro} />
      </Suspense>
    </ImportDialogFrame>
  );
}
