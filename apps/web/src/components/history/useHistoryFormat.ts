import type { AuditEntry } from '@school/contract/audit';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { lookupLabel, lookupQuery, type LookupRow } from '../lookups';
import { formatEntry, lookupUrlsOf, type FormattedEntry } from './formatEntry';

/**
 * Formats entries of the record history in the chosen language and the user's time zone, with
 * the names of the lookups their values refer to (read once, shared with the forms' selectors).
 */
export function useHistoryFormat(
  entries: readonly AuditEntry[],
): (entry: AuditEntry) => FormattedEntry {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const urls = useMemo(() => lookupUrlsOf(entries), [entries]);
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
    return (entry: AuditEntry) => formatEntry(entry, ctx);
  }, [urls, lookups, t, i18n.language, timeZone]);
}
