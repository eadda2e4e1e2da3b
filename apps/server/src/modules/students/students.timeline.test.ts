import { beforeAll, describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@school/contract/students';
import { conversationProgress, conversations } from '../../db/schema/bot.js';
import { gameResults, gameSets } from '../../db/schema/games.js';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  agent.request({ method, url, ...(payload === undefined ? {} : { payload }) });

async function created<T>(url: string, payload: unknown): Promise<T> {
  const res = await call('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe("a student's timeline", () => {
  it('sends each kind as data, no words, whatever the language asked for', async () => {
    const db = t.database.db;
    const student = await created<{ id: number }>('/api/students', { name: 'Olena' });

    await created('/api/studentdocuments', {
      student: student.id,
      name: 'Visa',
      number: 'AB123',
      dateFrom: '2025-09-17',
      dateTo: '2026-09-16',
    });

    const lesson = await created<{ id: number }>('/api/lessons', {
      date: yesterday(),
      start: '17:00',
      end: '18:30',
      price: 60,
    });
    const event = await created<{ id: number }>('/api/events', {
      lesson: lesson.id,
      student: student.id,
      toPay: '1',
    });
    const marked = await call('PUT', `/api/events/${event.id}`, { attendence: 1, isPaid: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const unmarkedLesson = await created<{ id: number }>('/api/lessons', {
      date: yesterday(),
      start: '09:00',
      end: '10:00',
      price: 60,
      course: 'Grammar',
    });
    await created('/api/events', { lesson: unmarkedLesson.id, student: student.id, toPay: '1' });
    const missedLesson = await created<{ id: number }>('/api/lessons', {
      date: yesterday(),
      start: '12:00',
      end: '13:00',
      price: 60,
      course: 'Speaking',
    });
    await created('/api/events', {
      lesson: missedLesson.id,
      student: student.id,
      toPay: '1',
      attendence: 2,
    });

    const [conversation] = await db
      .insert(conversations)
      .values({ name: 'Past tense', hashCode: `timeline-${Date.now()}` })
      .returning();
    const [run] = await db
      .insert(conversationProgress)
      .values({ studentId: student.id, conversationId: conversation!.id, step: 21 })
      .returning();
    const [game] = await db.insert(gameSets).values({ name: 'Animals', type: 1 }).returning();
    const [result] = await db
      .insert(gameResults)
      .values({
        gridId: game!.id,
        studentId: student.id,
        score: 7,
        max: 9,
        durationMs: 41_600,
        playId: `timeline-${Date.now()}`,
      })
      .returning();

    const timeline = async (language?: string) => {
      const res = await agent.request({
        method: 'GET',
        url: `/api/students/${student.id}/timeline`,
        ...(language ? { headers: { 'accept-language': language } } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TimelineEntry[]>();
    };
    const entries = await timeline();
    const byKind = (kind: TimelineEntry['kind']) => entries.filter((e) => e.kind === kind);

    expect(byKind('run')).toEqual([
      expect.objectContaining({ id: run!.id, title: 'Past tense', finished: false, replies: 21 }),
    ]);
    expect(byKind('game')).toEqual([
      expect.objectContaining({
        id: result!.id,
        title: 'Animals',
        score: 7,
        max: 9,
        seconds: 42,
        isSet: false,
      }),
    ]);
    expect(byKind('document')).toEqual([
      expect.objectContaining({
        title: 'Visa',
        number: 'AB123',
        dateFrom: '2025-09-17',
        dateTo: '2026-09-16',
      }),
    ]);
    expect(byKind('participation')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: event.id,
          // a lesson without a course has no title: the screen names it in its language
          title: '',
          start: '17:00',
          end: '18:30',
          presence: 'present',
          paid: true,
        }),
        expect.objectContaining({ title: 'Grammar', presence: null, paid: false }),
        expect.objectContaining({ title: 'Speaking', start: '12:00', presence: 'absent' }),
      ]),
    );
    // no words on the wire: nothing to translate, the same answer in every language
    for (const entry of entries) expect(entry).not.toHaveProperty('detail');
    expect(await timeline('uk-UA,uk;q=0.9')).toEqual(entries);
    expect(await timeline('pl')).toEqual(entries);
  });

  it('documents each kind of entry with its own fields in the OpenAPI document', async () => {
    const res = await call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    type Shape = { properties: Record<string, unknown> };
    const doc = res.json<{
      components: { schemas: Record<string, { oneOf?: Shape[]; anyOf?: Shape[] }> };
    }>();
    const entry = doc.components.schemas.TimelineEntry;
    const kinds = (entry?.oneOf ?? entry?.anyOf ?? []).map((k) => Object.keys(k.properties));
    expect(kinds).toEqual(
      expect.arrayContaining([
        expect.arrayContaining(['kind', 'start', 'end', 'presence', 'paid']),
        expect.arrayContaining(['kind', 'finished', 'replies']),
        expect.arrayContaining(['kind', 'score', 'max', 'seconds', 'isSet']),
        expect.arrayContaining(['kind', 'number', 'dateFrom', 'dateTo']),
        expect.arrayContaining(['kind', 'amount', 'currency', 'sent', 'error']),
      ]),
    );
  });
});
