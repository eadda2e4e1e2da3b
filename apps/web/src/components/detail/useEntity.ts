import { useQuery } from '@tanstack/react-query';
import { HttpError, request, type Parser } from '../../lib/http';
import { flushCommitsOf } from '../feedback/pendingCommits';

export const ENTITY_QUERY_KEY = 'entity';

/** A route's id as the API takes it: a positive whole number, else null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * One record of `path` by the id in the address (GET {path}/{id}). An id that cannot exist
 * (/clients/abc) is answered like the server's 404 without asking it, so the screen has one
 * not-found state.
 */
export function useEntity<R>(path: string, rawId: string | undefined, parse: Parser<R>) {
  const id = parseId(rawId);
  return useQuery({
    queryKey: [ENTITY_QUERY_KEY, path, id ?? rawId],
    queryFn: async ({ signal }) => {
      if (id === null) throw new HttpError(404, null);
      // a move or delete of this record waiting out its Undo window is sent first, so the
      // screen shows the record as it leaves it and a save cannot undo it (ADR 038)
      await flushCommitsOf(`${path}/${id}`);
      return request(`${path}/${id}`, { schema: parse, signal });
    },
    // Forgotten as soon as the screen closes: the form reads its values once, when it mounts,
    // so it must never start from an old copy (a stage moved on the board meanwhile) that a
    // save would then write back.
    gcTime: 0,
  });
}
