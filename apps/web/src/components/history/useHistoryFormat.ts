import type { AuditEntry } from '@school/contract/audit';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { lookupLabel, lookupQuery, type LookupRow } from '../lookups';
import { formatEntry, lookupUrlsOf, type FormattedEntry } from './formatEntry';
import { HISTORY_ENTITIES } from './historyEntities';

type Format = (entry: AuditEntry) => FormattedEntry;

/** Every lookup the described records refer to: for a list of entries of any kind. */
export const ALL_HISTORY_LOOKUPS: readonly string[] = [
  ...new Set(
    Object.values(HISTORY_ENTITIES).flatMap((entity) =>
      Object.values(entity.fields).flatMap(({ show }) =>
        show?.kind === 'lookup' ? [show.url] : [],
      ),
    ),
  ),
].sort();

/**
 * Formats entries of the record history in the chosen language and the user's time zone, with
 * the names of the lookups `urls` (read once, shared with the forms' selectors). Each entry is
 * formatted once per language and lookups.
 */
export function useHistoryFormatter(urls: readonly string[]): Format {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const lookups = useQueries({
    queries: urls.map((url) => lookupQuery(url)),
    combine: (results) => results.map((result) => result.data),
  });
  return useMemo(() => {
    const rows = new Map<string, Map<number, LookupRow>>();
    urls.forEach((url, index) => {
      rows.set(url, new Map((lookups[index] ?? []).map((row) => [row.id, row])));
    });
    const lookupName = (url: string, field: string, id: number) => {
      const row = rows.get(url)?.get(id);
      return row ? lookupLabel(field, row, t) : undefined;
    };
    const ctx = { t, locale: i18n.language, timeZone, lookupName };
    const done = new WeakMap<AuditEntry, FormattedEntry>();
    return (entry: AuditEntry) => {
      const known = done.get(entry);
      if (known) return known;
      const formatted = formatEntry(entry, ctx);
      done.set(entry, formatted);
      return formatted;
    };
  }, [urls, lookups, t, i18n.language, timeZone]);
}

/** useHistoryFormatter with the lookups these entries need. */
export function useHistoryFormat(entries: readonly AuditEntry[]): Format {
  const urls = useMemo(() => lookupUrlsOf(entries), [entries]);
  return useHistoryFormatter(urls);
}
