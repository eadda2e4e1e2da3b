import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionTimes } from './session-cache.js';

/** ADR 047: the cache's bound, its times and what a notification drops; times in ms. */
const MINUTE = 60_000;
const options = { maxEntries: 3, maxAgeMs: MINUTE, idleMs: 720 * MINUTE };
const read = (id: number, userId = id, times: Partial<SessionTimes> = {}): SessionTimes => ({
  id,
  userId,
  activityAgeMs: 0,
  expiresInMs: 30 * 24 * 60 * MINUTE,
  ...times,
});
const keep = (cache: SessionCache<string>, id: number, at = 0, userId = id) =>
  cache.set(`k${id}`, `session ${id}`, read(id, userId), at, cache.generation);

describe('the session cache', () => {
  it('holds at most maxEntries sessions, dropping the one used longest ago', () => {
    const cache = new SessionCache<string>(options);
    for (const id of [1, 2, 3]) keep(cache, id);
    expect(cache.size).toBe(3);
    // 1 used again: 2 is now the one used longest ago
    expect(cache.get('k1', 10)?.value).toBe('session 1');
    keep(cache, 4, 20);
    expect(cache.size).toBe(3);
    expect(cache.get('k2', 30)).toBeUndefined();
    expect(['k1', 'k3', 'k4'].map((k) => cache.get(k, 30)?.value)).toEqual([
      'session 1',
      'session 3',
      'session 4',
    ]);
    // a thousand more never grow it, and the indexes go with what is dropped
    for (let id = 100; id < 1100; id++) keep(cache, id, 40);
    expect(cache.size).toBe(3);
    cache.dropUser(1);
    cache.dropSession(3);
    expect(cache.size).toBe(3);
  });

  it('keeps one copy of a session read twice', () => {
    const cache = new SessionCache<string>(options);
    keep(cache, 1);
    keep(cache, 1, 5);
    expect(cache.size).toBe(1);
  });

  it('reads a session again after maxAgeMs, and never past its expiry', () => {
    const cache = new SessionCache<string>(options);
    keep(cache, 1, 1_000);
    expect(cache.get('k1', 1_000 + MINUTE - 1)).toBeDefined();
    expect(cache.get('k1', 1_000 + MINUTE)).toBeUndefined();
    expect(cache.size).toBe(0);
    // one that ends in 5 s by SESSION_MAX_DAYS is kept for 5 s at most
    cache.set('k2', 'session 2', read(2, 2, { expiresInMs: 5_000 }), 0, cache.generation);
    expect(cache.get('k2', 4_999)).toBeDefined();
    expect(cache.get('k2', 5_000)).toBeUndefined();
  });

  it('lets a session idle out at its last activity plus the idle time, as the database would', () => {
    const cache = new SessionCache<string>({ ...options, maxAgeMs: 24 * 60 * MINUTE });
    // last written 719 minutes ago: one minute left
    const late = read(1, 1, { activityAgeMs: 719 * MINUTE });
    cache.set('k1', 'session 1', late, 0, cache.generation);
    const kept = cache.get('k1', MINUTE - 1);
    expect(kept).toBeDefined();
    // its write was due long ago: a request now writes it, and it lives on from then
    expect(kept?.touchDue).toBeLessThanOrEqual(0);
    if (kept) cache.touched(kept, MINUTE - 1);
    expect(cache.get('k1', 700 * MINUTE)).toBeDefined();
    expect(cache.get('k1', 720 * MINUTE + MINUTE - 1)).toBeUndefined();
  });

  it('writes the activity at most once a minute while a session is used', () => {
    const cache = new SessionCache<string>({ ...options, maxAgeMs: 24 * 60 * MINUTE });
    // written 20 s before the read: due 40 s after it
    cache.set('k1', 'session 1', read(1, 1, { activityAgeMs: 20_000 }), 0, cache.generation);
    const kept = cache.get('k1', 1);
    expect(kept?.touchDue).toBe(40_000);
    if (kept) cache.touched(kept, 40_000);
    expect(kept?.touchDue).toBe(40_000 + MINUTE);
  });

  it('drops what a notification names: a session, a user’s sessions, or all', () => {
    const cache = new SessionCache<string>(options);
    keep(cache, 1, 0, 7);
    keep(cache, 2, 0, 7);
    keep(cache, 3, 0, 8);
    cache.drop('s:3');
    expect(cache.get('k3', 1)).toBeUndefined();
    cache.drop('u:7');
    expect(cache.size).toBe(0);
    keep(cache, 4);
    cache.drop('*');
    expect(cache.size).toBe(0);
    keep(cache, 5);
    cache.drop('something new');
    expect(cache.size).toBe(0);
  });

  it('does not keep a session whose read began before a drop', () => {
    const cache = new SessionCache<string>(options);
    const before = cache.generation;
    cache.drop('s:1'); // its notification arrived while the read was under way
    expect(cache.set('k1', 'session 1', read(1), 0, before)).toBe(false);
    expect(cache.size).toBe(0);
    cache.clear(); // the listening connection lost, or made again
    expect(cache.set('k1', 'session 1', read(1), 0, before + 1)).toBe(false);
    expect(cache.set('k1', 'session 1', read(1), 0, cache.generation)).toBe(true);
  });
});
