import { describe, expect, it } from 'vitest';
import { AUDIT_SECRET } from '@school/contract/audit';
import { changedFields, changesOf, rowChanges, wholeRecord } from './history.js';

describe('the changes of a history entry', () => {
  it('keeps only the fields that changed, as [before, after], dates as ISO 8601', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    expect(
      changedFields(
        { id: 1, name: 'A', price: '10.00', at, tags: [1] },
        { id: 1, name: 'B', price: '10.00', at: new Date(at), tags: [1, 2] },
      ),
    ).toEqual({ name: ['A', 'B'], tags: [[1], [1, 2]] });
  });

  it('masks secrets: whole records show AUDIT_SECRET, a changed secret [AUDIT_SECRET, AUDIT_SECRET]', () => {
    expect(
      wholeRecord({ id: 2, passwordHash: '$argon2id$x', hashCode: 'abc', icalToken: null }),
    ).toEqual({ id: 2, passwordHash: AUDIT_SECRET, hashCode: AUDIT_SECRET });
    expect(
      changedFields({ hashCode: 'old', deepLink: 'x?old' }, { hashCode: 'new', deepLink: 'x?new' }),
    ).toEqual({
      hashCode: [AUDIT_SECRET, AUDIT_SECRET],
      deepLink: [AUDIT_SECRET, AUDIT_SECRET],
    });
    expect(
      changesOf({
        action: 'login_failed',
        entity: 'users',
        entityId: null,
        changes: { login: 'x', password: 'p' },
      }),
    ).toEqual({
      login: 'x',
      password: AUDIT_SECRET,
    });
  });

  it('an update that changes nothing has no changes; a create, delete the whole record', () => {
    const row = { id: 3, name: 'Same' };
    expect(
      changesOf({
        action: 'update',
        entity: 'groups',
        entityId: 3,
        before: row,
        after: { ...row },
      }),
    ).toBeNull();
    expect(changesOf({ action: 'delete', entity: 'groups', entityId: 3, before: row })).toEqual(
      row,
    );
    expect(changesOf({ action: 'create', entity: 'groups', entityId: 3, after: row })).toEqual(row);
  });

  it('turns two reads of the same rows into creates, updates and deletes', () => {
    const changes = rowChanges(
      'lessons',
      [
        { id: 1, start: '10:00' },
        { id: 2, start: '10:00' },
      ],
      [
        { id: 1, start: '12:00' },
        { id: 3, start: '12:00' },
      ],
    );
    expect(changes.map((c) => [c.action, c.entityId])).toEqual([
      ['update', 1],
      ['create', 3],
      ['delete', 2],
    ]);
  });
});
