import { auditEntry, type AuditEntity, type AuditEntry } from '@school/contract/audit';
import { api, withQuery } from '@school/contract/paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { HttpError } from '../../lib/http';
import { requestPage } from '../../lib/page';
import controls from '../controls.module.css';
import { LoadingState } from '../LoadingState';
import { Spinner } from '../Spinner';
import type { FormattedEntry } from './formatEntry';
import { fieldOf } from './historyEntities';
import {
  HISTORY_PAGE_SIZE,
  mergeHistory,
  nextOffset,
  type HistoryPage,
  type HistorySource,
} from './historyPages';
import { useHistoryFormat } from './useHistoryFormat';
import styles from './History.module.css';

const entries = z.array(auditEntry);

interface HistorySectionProps {
  /** The record's kind as its API path names it (clients, students, lessons...). */
  entity: AuditEntity;
  id: number;
  /**
   * Records whose history belongs with this one's (a lesson's participations), shown in the
   * same list with their subject.
   */
  related?: readonly HistorySource[];
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
export function HistorySection({
  entity,
  id,
  related = [],
  scope,
  className,
}: HistorySectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  // the same sources keep the same list (a parent hands a new array on every render)
  const relatedKey = JSON.stringify(related);
  const sources = useMemo(
    () => [{ entity, id }, ...(JSON.parse(relatedKey) as HistorySource[])],
    [entity, id, relatedKey],
  );
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
        {open && <HistoryEntries sources={sources} scope={scope} />}
      </div>
    </section>
  );
}

/** A page of one source; a record the user may not read (any more) has no entries for them. */
async function sourcePage(source: HistorySource, offset: number, signal: AbortSignal) {
  try {
    return await requestPage(
      withQuery(api.recordHistory(source.entity, source.id), {
        limit: HISTORY_PAGE_SIZE,
        offset,
      }),
      { schema: entries, signal },
    );
  } catch (error) {
    const unreadable = error instanceof HttpError && (error.status === 403 || error.status === 404);
    // the record of the section itself must say when it cannot be read
    if (unreadable && source.subject !== undefined) return { items: [], total: 0 };
    throw error;
  }
}

function HistoryEntries({
  sources,
  scope,
}: {
  sources: readonly HistorySource[];
  scope: readonly unknown[];
}) {
  const { t } = useTranslation();
  const history = useInfiniteQuery({
    queryKey: [...scope, 'history', sources.map((s) => `${s.entity}/${s.id}`)],
    queryFn: async ({ pageParam, signal }): Promise<HistoryPage> => {
      const parts = await Promise.all(
        pageParam.map((offset, index) => {
          const source = sources[index];
          return offset === null || !source
            ? Promise.resolve(null)
            : sourcePage(source, offset, signal);
        }),
      );
      const next = parts.map((part, index) => {
        const offset = pageParam[index];
        return part === null || offset === null || offset === undefined
          ? null
          : nextOffset(offset, part);
      });
      return { parts, next };
    },
    initialPageParam: sources.map((): number | null => 0),
    getNextPageParam: (last) =>
      last.next.some((offset) => offset !== null) ? last.next : undefined,
    // opened again, it shows what happened meanwhile
    staleTime: 0,
  });
  const merged = useMemo(
    () => mergeHistory(sources, history.data?.pages ?? []),
    [sources, history.data],
  );
  const items = useMemo(() => merged.shown.map(({ entry }) => entry), [merged]);
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
  return (
    <>
      <ol className={styles.list}>
        {merged.shown.map(({ entry, subject }) => (
          <HistoryItem key={entry.id} entry={entry} subject={subject} formatted={format(entry)} />
        ))}
      </ol>
      <div className={styles.footer}>
        <span className={styles.muted}>
          {t('history.shown', { shown: items.length, total: merged.total })}
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
  subject,
  formatted,
}: {
  entry: AuditEntry;
  subject?: string | undefined;
  formatted: FormattedEntry;
}) {
  // a participation named by its student needs no line saying which student it is
  const lines =
    subject === undefined
      ? formatted.lines
      : formatted.lines.filter((line) => fieldOf(line.field) !== 'student');
  return (
    <li className={styles.entry}>
      <div className={styles.head}>
        <strong>{formatted.action}</strong>
        {subject !== undefined && <span className={styles.subject}>{subject}</span>}
        <span className={styles.meta}>
          {formatted.who} · <time dateTime={entry.at}>{formatted.when}</time>
        </span>
      </div>
      {lines.length > 0 && (
        <ul className={styles.lines}>
          {lines.map((line) => (
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
