import { readStored, writeStored } from './storage';

// A screen opened by address asks for the same reads each time: its GETs of the first seconds
// are kept by pathname and, at the next opening by address, sent at once beside the session
// check, before the app's code is in. The app's own request of the same path takes the answer
// (docs/quality.md, First screen of a returning user; ADR 050).

const KEY = 'firstReads:';
/** How long after the page's start a read is recorded, and an early answer may be taken. */
export const FIRST_READS_MS = 10_000;
/** At most this many reads are kept: a search typed at once does not make a long list. */
const MOST = 10;

let opened: string | undefined;
const recorded: string[] = [];
/** The answers of the reads sent early (undefined: that read failed, the app sends it anew). */
const early = new Map<string, Promise<Response | undefined>>();
/** A copy of `response` with its body read: the connection is free once it has come. */
async function readWhole(response: Response): Promise<Response> {
  const empty = response.status === 204 || response.status === 304;
  return new Response(empty ? null : await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The page's entry script: its name changes with every build whose code changed. */
const build = () => document.querySelector('script')?.src;

/**
 * Sends the reads the screen at `pathname` asked for last time, and asks for its code, as it
 * loaded it then (hashed files: the same as long as the build is).
 */
export function sendFirstReads(pathname: string): void {
  opened = pathname;
  try {
    const [paths, files, keptBy] = JSON.parse(readStored(KEY + pathname) ?? '') as [
      string[],
      string[],
      string,
    ];
    for (const path of paths ?? []) {
      const init: RequestInit = { credentials: 'include', headers: { Accept: 'application/json' } };
      // read whole at once: an answer the app does not take (it asked for another week, say)
      // must not hold its connection open, unread
      early.set(
        path,
        fetch(path, init)
          .then(readWhole)
          .catch(() => undefined),
      );
    }
    // the files of another build are gone; a file the page names already is asked for again
    // from the cache, in the same order. Scripts only: a style sheet added here would come
    // before the ones the app adds in its own order, and change which rule wins
    for (const href of keptBy === build() ? files : []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  } catch {
    // none kept, or not readable: the screen asks for its reads itself
  }
}

/**
 * A request of `path` is being sent: a GET of the first screen is recorded, with the files
 * loaded so far, for the next opening, and gets the answer of the same read sent early, if
 * any (each answer once). A write, another screen or the end of the first seconds drops the
 * early answers.
 */
export function takeFirstRead(
  method: string,
  path: string,
): Promise<Response | undefined> | undefined {
  if (method !== 'GET' || performance.now() > FIRST_READS_MS || location.pathname !== opened) {
    opened = undefined;
    early.clear();
    return undefined;
  }
  if (!recorded.includes(path) && recorded.length < MOST) {
    recorded.push(path);
    const files = performance.getEntriesByType('resource').map((entry) => entry.name);
    const kept = [recorded, files.filter((name) => name.endsWith('.js')), build()];
    writeStored(KEY + opened, JSON.stringify(kept));
  }
  const answer = early.get(path);
  early.delete(path);
  return answer;
}
