import { afterAll } from 'vitest';

/**
 * What a test file's helpers set up and must take down when the file ends (its app, pool,
 * database, fake servers). A helper called from a `beforeAll` or a test cannot register an
 * `afterAll` of its own: vitest has collected the file's hooks by then, so it would never run,
 * and the file's database and connections would outlive it. `test/setup.ts` runs these once
 * the file's own `afterAll` hooks are done, newest first (docs/decisions/037-test-suite-cost.md).
 */
const pending: (() => Promise<void> | void)[] = [];

export function atFileEnd(cleanup: () => Promise<void> | void) {
  pending.push(cleanup);
}

/** Registered by the setup file for every test file. */
export function takeDownAtFileEnd() {
  afterAll(async () => {
    const errors: unknown[] = [];
    for (const cleanup of pending.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length) throw new AggregateError(errors, 'a file-end clean-up failed');
  });
}
