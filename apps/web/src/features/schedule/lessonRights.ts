import { rightOf, type Action, type Right } from '@school/contract/roles';
import type { Role } from '@school/contract/users';

/** A participation's fields a user may set in place. */
export type ParticipantField = 'attendence' | 'toPay' | 'isPaid' | 'notes' | 'homework';

/** What the user may do with a lesson and its participants (docs/roles.md, Lessons). */
export interface LessonRights {
  /** change or move the lesson */
  edit: boolean;
  /** give the lesson to another teacher (or to none) */
  chooseTeacher: boolean;
  delete: boolean;
  /** add students or a group */
  add: boolean;
  /** remove a participant */
  remove: boolean;
  /** whether a participation's field may be set */
  field: (name: ParticipantField) => boolean;
}

/** The lesson's teacher is the user, or the right reaches every lesson. */
const reaches = (right: Right, own: boolean) =>
  right.reach === 'all' || (right.reach === 'own' && own);

/**
 * The rights of `who` on a lesson taught by `teacher`, from the contract's one policy table: a
 * teacher changes their own lessons only and marks attendance only; the server answers 403 for
 * the rest (docs/roles.md).
 */
export function lessonRightsOf(
  who: { role: Role; userId: number },
  teacher: number | null,
): LessonRights {
  const own = teacher === who.userId;
  const lessons = (action: Action) => reaches(rightOf(who.role, 'lessons', action), own);
  const participations = (action: Action) => rightOf(who.role, 'participations', action);
  const update = participations('update');
  return {
    edit: lessons('update'),
    chooseTeacher: rightOf(who.role, 'lessons', 'update').reach === 'all',
    delete: lessons('delete'),
    add: reaches(participations('create'), own),
    remove: reaches(participations('delete'), own),
    field: (name) => reaches(update, own) && (!update.fields || update.fields.includes(name)),
  };
}

/** Everything: the rights of a role whose right reaches every lesson. */
export const ALL_RIGHTS: LessonRights = {
  edit: true,
  chooseTeacher: true,
  delete: true,
  add: true,
  remove: true,
  field: () => true,
};

/** Nothing but reading: while the session is not known. */
export const NO_RIGHTS: LessonRights = {
  edit: false,
  chooseTeacher: false,
  delete: false,
  add: false,
  remove: false,
  field: () => false,
};
