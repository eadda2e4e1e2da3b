import { api, withQuery } from '@school/contract/paths';
import {
  affectedLessons,
  alternativeDate,
  event,
  eventBatch,
  infoPiece,
  lesson,
  lessonClash,
  scheduleDay,
  CLASH_CODE,
  type AffectedLessons,
  type AlternativeDate,
  type Event,
  type Lesson,
  type LessonClash,
  type ScheduleDay,
  type ScheduleLesson,
  type SeriesScope,
} from '@school/contract/schedule';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { HttpError, request } from '../../lib/http';
import { browserTimeZone } from '../../lib/timeZone';

/** Every query of this screen starts with this key: one invalidation refreshes them all. */
export const SCHEDULE_KEY = 'schedule';

/** What the board shows: a week (bias), a date range, or the weekly template (cycled). */
export interface ScheduleParams {
  cycled: boolean;
  bias: number;
  dateFrom: string;
  dateTo: string;
  teacher: string;
  groupe: string;
  search: string;
}

function scheduleQuery(p: ScheduleParams) {
  if (p.cycled) return { cycled: 1, teacher: p.teacher, groupe: p.groupe, search: p.search };
  const range = p.dateFrom || p.dateTo;
  return {
    ...(range ? { dateFrom: p.dateFrom, dateTo: p.dateTo } : { bias: p.bias }),
    tz: browserTimeZone(),
    teacher: p.teacher,
    groupe: p.groupe,
    search: p.search,
  };
}

export function useSchedule(p: ScheduleParams) {
  const query = scheduleQuery(p);
  return useQuery({
    queryKey: [SCHEDULE_KEY, 'days', query],
    queryFn: ({ signal }) =>
      request(withQuery(api.schedule, query), { schema: z.array(scheduleDay), signal }),
    placeholderData: (previous) => previous,
  });
}

export function useInfoPanel(p: ScheduleParams) {
  const query = scheduleQuery(p);
  return useQuery({
    queryKey: [SCHEDULE_KEY, 'info', query],
    queryFn: ({ signal }) =>
      request(withQuery(api.scheduleInfoPanel, query), { schema: z.array(infoPiece), signal }),
    placeholderData: (previous) => previous,
  });
}

/** After any change: the board, the info pieces, the open lesson and its participants. */
export const refreshSchedule = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [SCHEDULE_KEY] });

export function useLesson(id: number) {
  return useQuery({
    queryKey: [SCHEDULE_KEY, 'lesson', id],
    queryFn: ({ signal }) => request(api.lesson(id), { schema: lesson, signal }),
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export function createLesson(body: Record<string, unknown>): Promise<Lesson> {
  return request(api.lessons, { method: 'POST', body, schema: lesson });
}

/** One lesson as it now is (GET), for a form refused as a conflict (ADR 038). */
export function readLesson(id: number): Promise<Lesson> {
  return request(api.lesson(id), { schema: lesson });
}

export function updateLesson(id: number, body: Record<string, unknown>): Promise<Lesson> {
  return request(api.lesson(id), { method: 'PUT', body, schema: lesson });
}

export function deleteLesson(id: number, scope: SeriesScope): Promise<unknown> {
  return request(withQuery(api.lesson(id), { scope }), { method: 'DELETE' });
}

export function affected(id: number, scope: SeriesScope): Promise<AffectedLessons> {
  return request(withQuery(api.lessonAffected(id), { scope }), { schema: affectedLessons });
}

/** The dates a lesson could move to: today (the user's) and later only (docs/schedule.md). */
export function useAlternatives(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [SCHEDULE_KEY, 'alternatives', id],
    queryFn: ({ signal }) =>
      request(withQuery(api.lessonAlternatives(id), { tz: browserTimeZone() }), {
        schema: z.array(alternativeDate),
        signal,
      }),
    enabled,
  });
}
export type { AlternativeDate, Event, Lesson, LessonClash, ScheduleDay, ScheduleLesson };

export function useLessonEvents(lessonId: number) {
  return useQuery({
    queryKey: [SCHEDULE_KEY, 'events', lessonId],
    queryFn: ({ signal }) =>
      request(withQuery(api.events, { lesson: lessonId, limit: 500 }), {
        schema: z.array(event),
        signal,
      }),
  });
}

/** Adds one student or a whole group (those already in are skipped by the server). */
export function addParticipants(body: Record<string, unknown>): Promise<unknown> {
  return request(api.events, {
    method: 'POST',
    body,
    schema: z.union([eventBatch, event]),
  });
}

export function updateEvent(id: number, body: Partial<Event>): Promise<Event> {
  return request(api.event(id), { method: 'PUT', body, schema: event });
}

export function deleteEvent(id: number): Promise<unknown> {
  return request(api.event(id), { method: 'DELETE' });
}

/** The clashes a 409 'clash' answer lists, or null for any other failure. */
export function clashesOf(error: unknown): LessonClash[] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  if (error.body?.error !== CLASH_CODE) return null;
  const raw = error.raw as { clashes?: unknown } | null;
  const parsed = z.array(lessonClash).safeParse(raw?.clashes ?? []);
  return parsed.success ? parsed.data : [];
}
