import type { AuditEntry } from '@school/contract/audit';
import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE, mergeHistory, nextOffset, type HistorySource } from './historyPages';

const entry = (id: number, minute: number, entity = 'lessons'): AuditEntry => ({
  id,
  at: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`,
  userId: 1,
  userName: 'Admin',
  action: 'update',
  entity,
  entityId: 1,
  changes: {},
  requestId: null,
});

const SOURCES: HistorySource[] = [
  { entity: 'lessons', id: 1 },
  { entity: 'events', id: 7, subject: 'Anna Kowal' },
];

describe('the history of several records in one list', () => {
  it('goes on where a page ends, until the total', () => {
    const full = Array.from({ length: HISTORY_PAGE_SIZE }, (_, i) => entry(i, 0));
    expect(nextOffset(0, { items: full, total: 45 })).toBe(HISTORY_PAGE_SIZE);
    expect(nextOffset(40, { items: full.slice(0, 5), total: 45 })).toBeNull();
    expect(nextOffset(0, { items: full, total: null })).toBe(HISTORY_PAGE_SIZE);
    expect(nextOffset(0, { items: [], total: null })).toBeNull();
  });

  it('merges newest first, naming whose each entry is', () => {
    const { shown, total, more } = mergeHistory(SOURCES, [
      {
        parts: [
          { items: [entry(3, 30), entry(1, 10)], total: 2 },
          { items: [entry(2, 20, 'events')], total: 1 },
        ],
        next: [null, null],
      },
    ]);
    expect(shown.map(({ entry: e, subject }) => [e.id, subject])).toEqual([
      [3, undefined],
      [2, 'Anna Kowal'],
      [1, undefined],
    ]);
    expect([total, more]).toEqual([3, false]);
  });

  it('holds back what is older than a source with more to read, so nothing is skipped', () => {
    const first = {
      parts: [
        { items: [entry(5, 50), entry(4, 40)], total: 4 },
        { items: [entry(3, 30, 'events'), entry(1, 10, 'events')], total: 2 },
      ],
      next: [2, null],
    };
    const page1 = mergeHistory(SOURCES, [first]);
    // the lesson may have entries between 10:40 and 10:10 not read yet
    expect(page1.shown.map(({ entry: e }) => e.id)).toEqual([5, 4]);
    expect([page1.total, page1.more]).toEqual([6, true]);
    const second = {
      parts: [{ items: [entry(2, 20), entry(0, 5)], total: 4 }, null],
      next: [null, null],
    };
    const page2 = mergeHistory(SOURCES, [first, second]);
    expect(page2.shown.map(({ entry: e }) => e.id)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(page2.more).toBe(false);
  });
});
