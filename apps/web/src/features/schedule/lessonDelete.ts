import { api } from '@school/contract/paths';
import type { SeriesScope } from '@school/contract/schedule';
import type { Lesson } from './scheduleApi';

/**
 * The key of a lesson delete waiting for its Undo time (ADR 013): the lesson alone, or the
 * lesson and the later ones of its series. The board hides what a waiting delete will remove.
 */
export function deleteKey(lesson: Pick<Lesson, 'id' | 'series' | 'date'>, scope: SeriesScope) {
  return scope === 'following' && lesson.series !== null
    ? `series:${lesson.series}:${lesson.date}`
    : api.lesson(lesson.id);
}

export function isHidden(
  lesson: Pick<Lesson, 'id' | 'series' | 'date'>,
  pendingKeys: ReadonlySet<string>,
): boolean {
  if (pendingKeys.has(api.lesson(lesson.id))) return true;
  if (lesson.series === null) return false;
  for (const key of pendingKeys) {
    const [kind, series, from] = key.split(':');
    if (kind === 'series' && Number(series) === lesson.series && from && lesson.date >= from) {
      return true;
    }
  }
  return false;
}
