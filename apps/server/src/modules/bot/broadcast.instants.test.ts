import { beforeAll, describe, expect, it } from 'vitest';
import { botUsers } from '../../db/schema/bot.js';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { dueReminders } from './broadcast.queries.js';

/**
 * A reminder is due by the lesson's real start (docs/api.md, Instants): a 17:00 lesson of a
 * school in Kyiv starts at 15:00 UTC in November, 14:00 UTC in October's summer time.
 */
let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
});

async function created<T>(url: string, payload: unknown): Promise<T> {
  const res = await agent.request({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

describe('lesson reminders with the school in Kyiv', () => {
  it('are due up to the real start of the lesson, not its clock time labelled UTC', async () => {
    const student = await created<{ id: number }>('/api/students', {
      name: 'Reminded',
      hasBroadcast: true,
    });
    await t.database.db
      .insert(botUsers)
      .values({ telegramId: 9101, chatId: 9101, studentId: student.id });
    for (const date of ['2026-10-22', '2026-11-25']) {
      const lesson = await created<{ id: number }>('/api/lessons', {
        date,
        start: '17:00',
        end: '18:30',
        course: `Reminded ${date}`,
        hasBroadcast: true,
      });
      await created('/api/events', { lesson: lesson.id, student: student.id });
    }
    const due = async (from: string, until: string) =>
      (await dueReminders(t.database.db, 'Europe/Kyiv', new Date(from), new Date(until))).map(
        (r) => r.course,
      );
    expect(await due('2026-11-25T13:00:00Z', '2026-11-25T15:00:00Z')).toEqual([
      'Reminded 2026-11-25',
    ]);
    expect(await due('2026-11-25T13:00:00Z', '2026-11-25T14:59:00Z')).toEqual([]);
    expect(await due('2026-11-25T15:00:00Z', '2026-11-25T17:00:00Z')).toEqual([]);
    expect(await due('2026-10-22T12:00:00Z', '2026-10-22T14:00:00Z')).toEqual([
      'Reminded 2026-10-22',
    ]);
    expect(await due('2026-10-22T12:00:00Z', '2026-10-22T13:59:00Z')).toEqual([]);
  });
});
