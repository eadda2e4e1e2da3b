import { auditEntry, type AuditEntity, type AuditEntry } from '@school/contract/audit';
import { api, withQuery } from '@school/contract/paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { requestPage, type Page } from '../../lib/http';
import controls from '../controls.module.css';
import { LoadingState } from '../LoadingState';
import { Spinner } from '../Spinner';
import type { FormattedEntry } from './formatEntry';
import { useHistoryFormat } from './useHistoryFormat';
import styles from './History.module.css';

/** Entries per "Show more": a record's latest changes at a glance. */
export const HISTORY_PAGE_SIZE = 20;

const entries = z.array(auditEntry);

/** Where the next page starts, or undefined when every entry is loaded. */
export function nextHistoryOffset(pages: readonly Page<AuditEntry>[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  const last = pages.at(-1);
  if (!last) return 0;
  if (last.total === null) return last.items.length === HISTORY_PAGE_SIZE ? loaded : undefined;
  return loaded < last.total && last.items.length > 0 ? loaded : undefined;
}

interface HistorySectionProps {
  /** The record's kind as its API path names it (clients, students, lessons...). */
  entity: AuditEntity;
  id: number;
  /**
   * The start of the query key: under the record's own key, so what refreshes the record after
   * a save refreshes an open history too.
   */
  scope: readonly unknown[];
  className?: string | undefined;
}

/**
 * A record's History (docs/history.md): closed at first and read only when opened, so the page
 * loads as fast as without it; who changed what and when, newest first, in pages.
 */
export function HistorySection({ entity, id, scope, className }: HistorySectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  return (
    <section
      className={[controls.card, styles.section, className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
        >
          <ChevronRight size={16} className={styles.chevron} aria-hidden="true" />
          {t('history.title')}
        </button>
      </h2>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {open && <HistoryEntries entity={entity} id={id} scope={scope} />}
      </div>
    </section>
  );
}

function HistoryEntries({ entity, id, scope }: Omit<HistorySectionProps, 'className'>) {
  const { t } = useTranslation();
  const history = useInfiniteQuery({
    queryKey: [...scope, 'history'],
    queryFn: ({ pageParam, signal }) =>
      requestPage(
        withQuery(api.recordHistory(entity, id), { limit: HISTORY_PAGE_SIZE, offset: pageParam }),
        { schema: entries, signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextHistoryOffset(pages),
    // opened again, it shows what happened meanwhile
    staleTime: 0,
  });
  const items = useMemo(
    () => history.data?.pages.flatMap((page) => page.items) ?? [],
    [history.data],
  );
  const format = useHistoryFormat(items);

  if (history.isPending) return <LoadingState />;
  if (history.isError && items.length === 0) {
    return (
      <p className={styles.error} role="alert">
        {t('history.loadError')}{' '}
        <button type="button" className={styles.retry} onClick={() => void history.refetch()}>
          {t('messages.retry')}
        </button>
      </p>
    );
  }
  if (items.length === 0) return <p className={styles.muted}>{t('history.empty')}</p>;
  const total = history.data?.pages.at(-1)?.total ?? items.length;
  return (
    <>
      <ol className={styles.list}>
        {items.map((entry) => (
          <HistoryItem key={entry.id} entry={entry} formatted={format(entry)} />
        ))}
      </ol>
      <div className={styles.footer}>
        <span className={styles.muted}>
          {t('history.shown', { shown: items.length, total: Math.max(total, items.length) })}
        </span>
        {history.hasNextPage && (
          <button
            type="button"
            className={controls.secondaryButton}
            disabled={history.isFetchingNextPage}
            aria-busy={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage && <Spinner />}
            {t('history.showMore')}
          </button>
        )}
      </div>
    </>
  );
}

/** One entry: what was done, by whom and when, then each field changed in words. */
export function HistoryItem({
  entry,
  formatted,
}: {
  entry: AuditEntry;
  formatted: FormattedEntry;
}) {
  return (
    <li className={styles.entry}>
      <div className={styles.head}>
        <strong>{formatted.action}</strong>
        <span className={styles.meta}>
          {formatted.who} · <time dateTime={entry.at}>{formatted.when}</time>
        </span>
      </div>
      {formatted.lines.length > 0 && (
        <ul className={styles.lines}>
          {formatted.lines.map((line) => (
            <li key={line.field}>
              {line.label !== '' && <span className={styles.label}>{line.label}: </span>}
              {line.before !== undefined ? (
                <>
                  <span className={styles.before}>{line.before}</span> → {line.after}
                </>
              ) : (
                line.value
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
