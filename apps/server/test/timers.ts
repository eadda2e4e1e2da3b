/**
 * The one wait for a time in the tests' helpers (ADR 036): a fake server's long poll, which
 * gives up after `ms` unless woken, and the back-off of a retry. A test itself waits for the
 * condition a pause would stand for (vi.waitFor, expect.poll); lint holds it to that.
 */
export function pause(ms: number, wake?: (resume: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake?.(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
