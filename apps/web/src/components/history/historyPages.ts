import type { AuditEntity, AuditEntry } from '@school/contract/audit';
import type { Page } from '../../lib/page';

/** Entries per "Show more": a record's latest changes at a glance. */
export const HISTORY_PAGE_SIZE = 20;

/** A record whose history is shown; `subject` names it where several are shown together. */
export interface HistorySource {
  entity: AuditEntity;
  id: number;
  /** Shown with each of its entries ("Anna Kowal" for a lesson's participant). */
  subject?: string;
}

/** One "Show more": a page of each source that has more; null where a source had no more. */
export interface HistoryPage {
  parts: (Page<AuditEntry> | null)[];
  /** where each source goes on: its next offset, or null when all of it is loaded */
  next: (number | null)[];
}

/** Where a source goes on after a page read from `offset`, or null when it has no more. */
export function nextOffset(offset: number, page: Page<AuditEntry>): number | null {
  const loaded = offset + page.items.length;
  if (page.total === null) return page.items.length === HISTORY_PAGE_SIZE ? loaded : null;
  return loaded < page.total && page.items.length > 0 ? loaded : null;
}

export interface ShownEntry {
  entry: AuditEntry;
  subject: string | undefined;
}

const time = (entry: AuditEntry) => Date.parse(entry.at);
const newestFirst = (a: AuditEntry, b: AuditEntry) => time(b) - time(a) || b.id - a.id;

/**
 * The loaded entries of every source, newest first, without a gap: while a source has more,
 * nothing older than its oldest loaded entry is shown yet (it may have entries in between),
 * so "Show more" only ever adds older entries at the end.
 */
export function mergeHistory(
  sources: readonly HistorySource[],
  pages: readonly HistoryPage[],
): { shown: ShownEntry[]; total: number; more: boolean } {
  const last = pages.at(-1);
  const loaded: ShownEntry[] = [];
  let total = 0;
  let frontier = -Infinity;
  sources.forEach((source, index) => {
    const own = pages.flatMap((page) => page.parts[index]?.items ?? []);
    loaded.push(...own.map((entry) => ({ entry, subject: source.subject })));
    const known = pages.flatMap((page) => page.parts[index] ?? []).at(-1)?.total;
    total += known ?? own.length;
    const hasMore = last?.next[index] != null;
    const oldest = own.at(-1);
    if (hasMore && oldest) frontier = Math.max(frontier, time(oldest));
  });
  const shown = loaded
    .filter(({ entry }) => time(entry) >= frontier)
    .sort((a, b) => newestFirst(a.entry, b.entry));
  const more = last?.next.some((offset) => offset !== null) ?? false;
  return { shown, total: Math.max(total, shown.length), more };
}
