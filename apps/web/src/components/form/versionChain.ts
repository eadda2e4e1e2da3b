/** Every chain made, so that tests can forget them all. */
const chains = new Set<Map<string, number>>();

/**
 * Forgets every version the quick saves produced: for tests, whose fake API starts each test from
 * its data anew (record versions back at 1), in one module graph (test/setup.ts).
 */
export function forgetOwnVersions(): void {
  for (const produced of chains) produced.clear();
}

/**
 * The versions a screen's own quick saves produced (ADR 043). A quick edit (a pipeline move, a
 * participation's mark) sends the version of the record as the screen shows it; a second quick
 * edit of the same record, made before the screen has read the record again, still shows the
 * version the first was made on. A save on version `from` that answered `to` lets that second
 * edit send `to`, so a user is never refused for a change of their own; a change by someone else
 * meanwhile is no version of the chain and is still refused (409).
 */
export function versionChain() {
  /** `${id}:${from}` -> the version the save made on `from` answered */
  const produced = new Map<string, number>();
  chains.add(produced);
  return {
    /** The version to send for record `id` shown at version `shown`. */
    current(id: number, shown: number): number {
      let version = shown;
      for (;;) {
        const next = produced.get(`${id}:${version}`);
        if (next === undefined || next <= version) return version;
        version = next;
      }
    },
    /** A save of record `id` made on version `from` answered version `to`. */
    record(id: number, from: number, to: number): void {
      if (to > from) produced.set(`${id}:${from}`, to);
    },
  };
}
