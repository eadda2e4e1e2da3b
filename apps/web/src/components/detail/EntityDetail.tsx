import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http';
import { LoadError } from '../LoadError';
import { LoadingState } from '../LoadingState';

interface EntityDetailProps<R> {
  /** The record's query (useEntity). */
  entity: UseQueryResult<R>;
  /** What a 404 shows: the screen's own words and a way back to its list. */
  notFound: ReactNode;
  children: (row: R) => ReactNode;
}

/**
 * The states of a record screen: 'Loading ...', not found, could not load (with a retry), or
 * the record. A failed refetch keeps the record on screen, so nothing typed into it is lost.
 */
export function EntityDetail<R>({ entity, notFound, children }: EntityDetailProps<R>) {
  const { t } = useTranslation();
  if (entity.data !== undefined) return <>{children(entity.data)}</>;
  if (entity.isPending) return <LoadingState />;
  if (entity.error instanceof HttpError && entity.error.status === 404) return <>{notFound}</>;
  return <LoadError text={t('detail.loadError')} onRetry={() => void entity.refetch()} />;
}
