import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushCommits, hasPendingCommits, scheduleCommit } from './pendingCommits';

afterEach(async () => {
  await flushCommits();
  vi.useRealTimers();
});

describe('changes waiting for their Undo time (ADR 013)', () => {
  it('sends a change only when its time has passed', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => undefined);
    const onCommitted = vi.fn();
    scheduleCommit({ key: 'DELETE /api/things/1', send, onCommitted }, 8000);
    await vi.advanceTimersByTimeAsync(7999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledWith(false);
    expect(onCommitted).toHaveBeenCalledTimes(1);
    expect(hasPendingCommits()).toBe(false);
  });

  it('Undo drops the change before it is sent', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => undefined);
    const onUndone = vi.fn();
    const undo = scheduleCommit({ key: 'DELETE /api/things/1', send, onUndone }, 8000);
    undo();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).not.toHaveBeenCalled();
    expect(onUndone).toHaveBeenCalledTimes(1);
    // Too late for a second Undo to do anything.
    undo();
    expect(onUndone).toHaveBeenCalledTimes(1);
  });

  it('sends every waiting change at once, with keepalive, when the page goes away', async () => {
    const send = vi.fn(async () => undefined);
    scheduleCommit({ key: 'DELETE /api/things/1', send }, 8000);
    scheduleCommit({ key: 'PUT client stage 2', send }, 8000);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send).toHaveBeenNthCalledWith(1, true);
    expect(send).toHaveBeenNthCalledWith(2, true);
  });

  it('reports a refused change, which is then no longer waiting', async () => {
    const error = new Error('refused');
    const onFailed = vi.fn();
    scheduleCommit({ key: 'DELETE /api/things/1', send: () => Promise.reject(error), onFailed });
    await flushCommits();
    expect(onFailed).toHaveBeenCalledWith(error);
    expect(hasPendingCommits()).toBe(false);
  });
});
