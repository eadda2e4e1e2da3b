import { isDatabaseUnavailable } from './client.js';

export interface UntilAvailableOptions {
  /** true once the caller no longer waits (the server is stopping): the failure is thrown */
  stopped?: () => boolean;
  /** told of each failure that is waited out */
  onWait?: (err: unknown) => void;
}

/** Waits between attempts: short at first, then every two seconds. */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 2_000;

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    // a wait never keeps a stopping process alive
    setTimeout(resolve, ms).unref();
  });

/**
 * Runs `work` until it succeeds, trying again while its failure means the database is away
 * (a restart or a failover: docs/operations.md, When the database restarts). Any other
 * failure, or one after `stopped()`, is thrown. For work outside a request, whose outcome
 * must reach the database once it is back; a request answers 503 at once instead.
 */
export async function untilAvailable<T>(
  work: () => Promise<T>,
  { stopped = () => false, onWait }: UntilAvailableOptions = {},
): Promise<T> {
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      return await work();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || stopped()) throw err;
      onWait?.(err);
      await pause(delay);
    }
  }
}
