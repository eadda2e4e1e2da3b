/**
 * The sessions one app instance has read, kept in its memory (ADR 047): at most `maxEntries`
 * of them (the one used longest ago goes first), each for at most `maxAgeMs`, and never past
 * the moment it would end by itself (its last activity plus the idle time, its expiry). Keyed
 * by the token's SHA-256 as the `sessions` table stores it. What a notification names is
 * dropped (`drop`); the whole cache is dropped when the listening connection is lost or made
 * again (`clear`). Times are a monotonic clock's (performance.now), in ms; the durations
 * come from the database's clock, so neither clock's setting matters.
 */

export interface SessionCacheOptions {
  /** at most this many sessions are kept */
  maxEntries: number;
  /** a session is read again at the latest this long after it was read */
  maxAgeMs: number;
  /** a session unused this long ends (SESSION_IDLE_MINUTES) */
  idleMs: number;
  /** its activity is written at most this often (ADR 003: once a minute) */
  touchEveryMs?: number;
}

/** What the read told of a session besides what is kept, by the database's clock. */
export interface SessionTimes {
  id: number;
  userId: number;
  /** how long ago its activity was last written (0: written by this read) */
  activityAgeMs: number;
  /** how long until it ends at the latest (SESSION_MAX_DAYS after login) */
  expiresInMs: number;
}

export interface Kept<T> {
  value: T;
  sessionId: number;
  userId: number;
  /** read again at or after this: the max age, or the session's end */
  until: number;
  /** it has idled out at this, unless its activity is written before */
  idleUntil: number;
  /** a request at or after this writes its activity */
  touchDue: number;
}

export class SessionCache<T> {
  /** in the order of use: the first is the one used longest ago */
  private readonly entries = new Map<string, Kept<T>>();
  private readonly bySession = new Map<number, string>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly touchEveryMs: number;
  /**
   * One more at every drop: a session whose read began before a drop is not kept, since the
   * drop's notification may have named it while its read was under way.
   */
  generation = 0;

  constructor(private readonly options: SessionCacheOptions) {
    this.touchEveryMs = options.touchEveryMs ?? 60_000;
  }

  get size() {
    return this.entries.size;
  }

  /** The kept session of `key`, unless it is due to be read again; undefined: read it. */
  get(key: string, at: number): Kept<T> | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    if (at >= kept.until || at >= kept.idleUntil) {
      this.remove(key, kept);
      return undefined;
    }
    // used now: to the end of the order
    this.entries.delete(key);
    this.entries.set(key, kept);
    return kept;
  }

  /**
   * Keeps a session read at `readAt` (taken before the read was sent, so every deadline is
   * early rather than late), unless something was dropped since `generation` was taken then.
   */
  set(key: string, value: T, read: SessionTimes, readAt: number, generation: number): boolean {
    if (generation !== this.generation) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const kept: Kept<T> = {
      value,
      sessionId: read.id,
      userId: read.userId,
      until: readAt + Math.min(this.options.maxAgeMs, read.expiresInMs),
      idleUntil: readAt + this.options.idleMs - read.activityAgeMs,
      touchDue: readAt + this.touchEveryMs - read.activityAgeMs,
    };
    this.entries.set(key, kept);
    this.bySession.set(read.id, key);
    let keys = this.byUser.get(read.userId);
    if (!keys) this.byUser.set(read.userId, (keys = new Set()));
    keys.add(key);
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.remove(oldestKey, oldest);
    }
    return true;
  }

  /** Its activity was written at `at` (taken before the write was sent). */
  touched(kept: Kept<T>, at: number) {
    kept.idleUntil = Math.max(kept.idleUntil, at + this.options.idleMs);
    kept.touchDue = at + this.touchEveryMs;
  }

  /** A notification (migration 0033): 's:<session id>', 'u:<user id>'; anything else: all. */
  drop(payload: string) {
    const id = Number(payload.slice(2));
    if (payload.startsWith('s:') && Number.isInteger(id)) this.dropSession(id);
    else if (payload.startsWith('u:') && Number.isInteger(id)) this.dropUser(id);
    else this.clear();
  }

  dropSession(id: number) {
    this.generation++;
    const key = this.bySession.get(id);
    const kept = key === undefined ? undefined : this.entries.get(key);
    if (key !== undefined && kept) this.remove(key, kept);
  }

  dropUser(id: number) {
    this.generation++;
    for (const key of [...(this.byUser.get(id) ?? [])]) {
      const kept = this.entries.get(key);
      if (kept) this.remove(key, kept);
    }
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  private remove(key: string, kept: Kept<T>) {
    this.entries.delete(key);
    if (this.bySession.get(kept.sessionId) === key) this.bySession.delete(kept.sessionId);
    const keys = this.byUser.get(kept.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(kept.userId);
  }
}
