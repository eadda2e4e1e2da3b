import { rightOf, type Action } from '@school/contract/roles';
import type { Role } from '@school/contract/users';
import { forbiddenForRole } from '../../plugins/policy.js';

/** Who asks: the session's user and role (docs/roles.md). */
export interface Viewer {
  userId: number;
  role: Role;
}

/**
 * Whether `viewer` may write (create, update, delete) a lesson taught by `teacher`, or a
 * participation of it: reach `all` any lesson, `own` only their own (docs/roles.md, Lessons).
 */
export function mayWriteLesson(
  viewer: Viewer,
  domain: 'lessons' | 'participations',
  action: Action,
  teacher: number | null,
): boolean {
  const { reach } = rightOf(viewer.role, domain, action);
  return reach === 'all' || (reach === 'own' && teacher === viewer.userId);
}

/** 403 'forbidden' unless `viewer` may write a lesson (or its participations) of `teacher`. */
export function requireLessonWrite(
  viewer: Viewer,
  domain: 'lessons' | 'participations',
  action: Action,
  teacher: number | null,
): void {
  if (!mayWriteLesson(viewer, domain, action, teacher)) throw forbiddenForRole(viewer.role);
}

/**
 * 403 'forbidden' when an `own` right limits the fields a write may change and `body` sets
 * another one (a teacher marks attendance only; docs/roles.md, Participations).
 */
export function requireFields(
  viewer: Viewer,
  domain: 'lessons' | 'participations',
  action: Action,
  body: Record<string, unknown>,
): void {
  const { fields } = rightOf(viewer.role, domain, action);
  if (!fields) return;
  // the version the change was made on is no field of the record (ADR 038, 040): a teacher's
  // attendance mark sends it too
  const others = Object.keys(body).filter(
    (k) => k !== 'version' && body[k] !== undefined && !fields.includes(k),
  );
  if (others.length > 0) throw forbiddenForRole(viewer.role);
}

/** Whether `viewer` sees the amounts of a lesson taught by `teacher` (docs/roles.md, Amounts). */
export function seesAmounts(viewer: Viewer, teacher: number | null): boolean {
  const { reach } = rightOf(viewer.role, 'amounts', 'read');
  return reach === 'all' || (reach === 'own' && teacher === viewer.userId);
}

/**
 * Whether `viewer` sees every participant of a lesson taught by `teacher` by name: reach `all`,
 * or `own` in their own lesson; otherwise only their own students (docs/roles.md, Lessons).
 */
export function seesAllParticipants(viewer: Viewer, teacher: number | null): boolean {
  const { reach } = rightOf(viewer.role, 'participations', 'read');
  return reach === 'all' || (reach === 'own' && teacher === viewer.userId);
}

/**
 * A lesson as `viewer` may see it: when it is another teacher's, without its amount nor what the
 * amount is worked out from, its price and its payers (docs/roles.md, Amounts), and saying that
 * its participants are hidden from them but for their own students (docs/roles.md, Lessons).
 * `lesson` is one just read for this answer: it is changed in place, not copied. A week's copies
 * cost a second object per lesson, and V8 writes a spread copy as JSON slowly (docs/quality.md,
 * Performance).
 */
export const lessonFor = <
  L extends {
    teacher: number | null;
    amount: number | null;
    price: number | null;
    payers: number | null;
    participantsHidden: boolean;
  },
>(
  viewer: Viewer,
  lesson: L,
): L => {
  lesson.participantsHidden = !seesAllParticipants(viewer, lesson.teacher);
  return seesAmounts(viewer, lesson.teacher)
    ? lesson
    : Object.assign(lesson, { amount: null, price: null, payers: null });
};
