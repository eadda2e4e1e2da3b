import type { z } from 'zod';
import { rightOf } from '@school/contract/roles';
import type { Lesson, lessonInput, lessonUpdate, SeriesScope } from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/errors.js';
import { setsNothing } from '../../plugins/resource.js';
import { guardVersion } from '../../plugins/versions.js';
import { lessonFor, requireLessonWrite, type Viewer } from './schedule.access.js';
import { createLesson, deleteLesson, updateLesson } from './lessons.writes.js';

export const NO_LESSON = 'No such lesson';

/**
 * Lessons as a role may write them (docs/roles.md, Lessons): reach `own` (a teacher) only their
 * own lessons, the teacher read under the lesson's lock in the change's transaction; another's
 * answers 403 'forbidden' and nothing changes.
 */

/** A new lesson; a teacher's is their own: without a teacher it is theirs, another's is 403. */
export async function createLessonAs(
  db: Db,
  viewer: Viewer,
  input: z.output<typeof lessonInput>,
): Promise<Lesson> {
  const own = rightOf(viewer.role, 'lessons', 'create').reach === 'own' && input.teacher === null;
  const teacher = own ? viewer.userId : input.teacher;
  requireLessonWrite(viewer, 'lessons', 'create', teacher);
  return lessonFor(viewer, await createLesson(db, { ...input, teacher }));
}

/** A change or move; a teacher may neither change another's lesson nor give theirs away. */
export async function updateLessonAs(
  db: Db,
  viewer: Viewer,
  current: Lesson,
  input: z.output<typeof lessonUpdate>,
): Promise<Lesson> {
  requireLessonWrite(viewer, 'lessons', 'update', current.teacher);
  if (input.teacher !== undefined) {
    requireLessonWrite(viewer, 'lessons', 'update', input.teacher);
  }
  const { scope: _scope, force: _force, ...fields } = input;
  if (setsNothing(fields)) {
    // nothing to change, yet a save on an older version still learns of the change (ADR 038)
    await guardVersion(db, { entity: 'lessons', id: current.id, current }, input.version, () =>
      Promise.resolve(),
    );
    return lessonFor(viewer, current);
  }
  const updated = await guardVersion(
    db,
    { entity: 'lessons', id: current.id, current },
    input.version,
    () =>
      updateLesson(db, current, input, (teacher) =>
        requireLessonWrite(viewer, 'lessons', 'update', teacher),
      ),
  );
  if (!updated) throw notFound(NO_LESSON);
  return lessonFor(viewer, updated);
}

/** Deletes a lesson (or the following ones); false: no such lesson. */
export function deleteLessonAs(db: Db, viewer: Viewer, id: number, scope: SeriesScope) {
  return deleteLesson(db, id, scope, (teacher) =>
    requireLessonWrite(viewer, 'lessons', 'delete', teacher),
  );
}
