import { useQuery, type QueryClient } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../lib/http';

/** docs/api.md, Lookups: a lookup answers items with id and name; some carry more (firstName, text...). */
export type LookupRow = { id: number; [field: string]: unknown };
/**
 * Its schema comes beside the request: the dashboard, the first screen after login, names its
 * stages through here and downloads without zod (docs/quality.md).
 */
const lookupList = () => import('zod').then(({ z }) => z.array(z.looseObject({ id: z.number() })));

export const LOOKUP_QUERY_KEY = 'lookup';
/** Lookups change rarely; every selector and column using one shares one request. */
const LOOKUP_STALE_MS = 5 * 60_000;

/** The one query of a lookup, for a screen that reads several at once (useQueries). */
export function lookupQuery(url: string) {
  return {
    queryKey: [LOOKUP_QUERY_KEY, url],
    queryFn: ({ signal }: { signal: AbortSignal }) => request(url, { schema: lookupList, signal }),
    staleTime: LOOKUP_STALE_MS,
  };
}

export function useLookup(url: string) {
  return useQuery(lookupQuery(url));
}

/** After a save under `path`, the lookups read from it (e.g. /api/users) are out of date. */
export function invalidateLookups(queryClient: QueryClient, path: string): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === LOOKUP_QUERY_KEY &&
      typeof queryKey[1] === 'string' &&
      (queryKey[1] === path || queryKey[1].startsWith(`${path}?`)),
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The name of a lookup row as the user reads it (docs/data-model.md, Lookups): a seeded row
 * (it has a translation `key`) in the chosen language, a name staff typed as they typed it.
 * Every screen that shows a lookup's names goes through here.
 */
export function lookupName(
  item: Readonly<Record<string, unknown>>,
  t: TFunction = i18next.t,
): string {
  const name = text(item.name);
  const key = text(item.key);
  if (key === '') return name;
  return t(`lookups.${key}` as never, { defaultValue: name });
}

/** docs/api.md, Lookups: people are shown by first and last name (students by name and surname), answer
 * links by their text. */
const PERSON_FIELDS: ReadonlySet<string> = new Set([
  'responsibleId',
  'responsible',
  'teacher',
  'userId',
]);
const TEXT_FIELDS: ReadonlySet<string> = new Set(['nextId', 'fromId']);

/** How an item reads in a selector or a column; with `t`, a seeded name in the chosen language. */
export function lookupLabel(field: string, item: LookupRow, t?: TFunction): string {
  // a student is a person with name and surname
  if (field === 'student') return `${text(item.name)} ${text(item.surname)}`.trim();
  if (PERSON_FIELDS.has(field)) {
    const person = `${text(item.firstName)} ${text(item.lastName)}`.trim();
    return person === '' ? text(item.name) : person;
  }
  if (TEXT_FIELDS.has(field)) return text(item.text);
  return t ? lookupName(item, t) : text(item.name);
}

/** The label of each id, for table columns that hold a reference (a project, a stage...). */
export function useLookupLabels(url: string, field = 'name'): (id: unknown) => string {
  const { data } = useLookup(url);
  const { t } = useTranslation();
  return useMemo(() => {
    const labels = new Map((data ?? []).map((item) => [item.id, lookupLabel(field, item, t)]));
    return (id: unknown) => (typeof id === 'number' ? (labels.get(id) ?? '') : '');
  }, [data, field, t]);
}

/**
 * The name of a reference another record answers as {id, name} (a client's product, a stage on
 * the dashboard) as the user reads it: through its lookup row, so a seeded one shows in the
 * chosen language (docs/data-model.md, Lookups); the name answered until the lookup arrives.
 */
export function useLookupNames(
  url: string,
): (ref: { id: number; name: string } | null | undefined) => string {
  const { data } = useLookup(url);
  const { t } = useTranslation();
  return useMemo(() => {
    const rows = new Map((data ?? []).map((item) => [item.id, item]));
    return (ref) => {
      if (!ref) return '';
      const row = rows.get(ref.id);
      return row ? lookupName(row, t) : ref.name;
    };
  }, [data, t]);
}
