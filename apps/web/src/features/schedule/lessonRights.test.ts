import { describe, expect, it } from 'vitest';
import { lessonRightsOf } from './lessonRights';

describe('lessonRightsOf (docs/roles.md, Lessons)', () => {
  it("gives a teacher their own lesson's edit and delete and attendance only", () => {
    const own = lessonRightsOf({ role: 'teacher', userId: 7 }, 7);
    expect([own.edit, own.delete, own.add, own.remove]).toEqual([true, true, false, false]);
    expect(own.field('attendence')).toBe(true);
    expect(['toPay', 'isPaid', 'notes', 'homework'].map((f) => own.field(f as never))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("gives a teacher nothing to write on another teacher's lesson", () => {
    const other = lessonRightsOf({ role: 'teacher', userId: 7 }, 8);
    expect([other.edit, other.delete, other.add, other.remove]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(other.field('attendence')).toBe(false);
  });

  it('leaves admin and manager every right on any lesson', () => {
    for (const role of ['admin', 'manager'] as const) {
      const any = lessonRightsOf({ role, userId: 1 }, 8);
      expect([any.edit, any.delete, any.add, any.remove, any.field('isPaid')]).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);
    }
  });
});
