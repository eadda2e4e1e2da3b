import { readStored } from '../../lib/storage';
import { moduleStore } from './store';

/** How long Undo is offered before a change is sent (ADR 013). */
export const DEFAULT_UNDO_DELAY_MS = 8000;
/** localStorage key that overrides the delay (browser tests set a short one). */
export const UNDO_DELAY_STORAGE_KEY = 'undoDelayMs';

export function undoDelayMs(): number {
  const stored = Number(readStored(UNDO_DELAY_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_UNDO_DELAY_MS;
}

export interface CommitSpec {
  /** Names the change ("/api/clients/7"); the kit hides a row while its delete is pending. */
  key: string;
  /**
   * The API path of the record the change is to ("/api/clients/7"): a screen of that record
   * sends the change before it reads the record (flushCommitsOf; ADR 038).
   */
  record?: string;
  /** Sends the change; keepalive: the page is going away, the request must outlive it. */
  send: (keepalive: boolean) => Promise<unknown>;
  /** The change reached the server. */
  onCommitted?: () => void;
  /** The server refused it or did not answer: put the screen back and say why. */
  onFailed?: (error: unknown) => void;
  /** Undo: the change is dropped before it was sent. */
  onUndone?: () => void;
}

interface Pending extends CommitSpec {
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Changes that wait before they are sent, so Undo can drop them (react-admin's undoable mode;
 * ADR 013). The queue lives outside React: moving to another screen does not lose a change,
 * leaving the page sends every waiting change at once.
 */
const pending = new Map<number, Pending>();
let nextId = 1;
const keys = moduleStore<ReadonlySet<string>>(new Set());

function changed() {
  keys.set(new Set([...pending.values()].map((item) => item.key)));
}

async function commit(id: number, keepalive: boolean): Promise<void> {
  const item = pending.get(id);
  if (!item) return;
  clearTimeout(item.timer);
  pending.delete(id);
  try {
    await item.send(keepalive);
    item.onCommitted?.();
  } catch (error) {
    item.onFailed?.(error);
  } finally {
    changed();
  }
}

/** Queues a change; returns Undo, which does nothing once the change has been sent. */
export function scheduleCommit(spec: CommitSpec, delayMs = undoDelayMs()): () => void {
  const id = nextId++;
  const timer = setTimeout(() => void commit(id, false), delayMs);
  pending.set(id, { ...spec, timer });
  changed();
  return () => {
    const item = pending.get(id);
    if (!item) return;
    clearTimeout(item.timer);
    pending.delete(id);
    changed();
    item.onUndone?.();
  };
}

/** Sends every waiting change now (logout, leaving the page). */
export async function flushCommits(keepalive = false): Promise<void> {
  await Promise.all([...pending.keys()].map((id) => commit(id, keepalive)));
}

/**
 * Sends now the waiting changes to record `record` (its API path) and waits for them: a screen
 * of the record opened inside their Undo window shows the record as they leave it, and a save
 * from it cannot undo them (ADR 038).
 */
export async function flushCommitsOf(record: string): Promise<void> {
  const ids = [...pending].filter(([, item]) => item.record === record).map(([id]) => id);
  await Promise.all(ids.map((id) => commit(id, false)));
}

/** Whether a change whose key starts with `prefix` still waits. */
export function hasPendingCommits(prefix = ''): boolean {
  return [...pending.values()].some((item) => item.key.startsWith(prefix));
}

if (typeof window !== 'undefined') {
  // The page is closing or reloading: keepalive lets the requests finish without it.
  const leave = () => void flushCommits(true);
  window.addEventListener('pagehide', leave);
  window.addEventListener('beforeunload', leave);
}

/** The keys of the changes still waiting (rows to hide until their delete is sent or undone). */
export function usePendingKeys(): ReadonlySet<string> {
  return keys.use();
}
