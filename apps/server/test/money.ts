import { expect } from 'vitest';
import { api } from '@school/contract/paths';
import type { Agent } from './helper.js';

/** A past and a future date: lessons on the first have ended, on the second are ahead. */
export const PAST = '2025-01-06';
export const AHEAD = '2031-06-02';

/** The calls of the money tests, as one staff user. */
export function moneyCalls(agent: Agent) {
  const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
  const get = (url: string) => agent.request({ method: 'GET', url });
  let serial = 0;
  return {
    post,
    get,
    put: (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload }),
    async student(name = 'Payer') {
      const res = await post(api.students, { name, surname: `Money ${++serial}` });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    },
    /** a lesson with one participant; its participation's id */
    async takes(
      student: number,
      lesson: { date: string; price: number; start?: string; end?: string; duration?: number },
      fields: Record<string, unknown> = {},
    ) {
      const made = await post(api.lessons, {
        start: lesson.start ?? '10:00',
        end: lesson.end ?? '11:00',
        force: true,
        ...lesson,
      });
      expect(made.statusCode, made.body).toBe(201);
      const res = await post(api.events, {
        lesson: made.json<{ id: number }>().id,
        student,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    },
    async account(student: number) {
      const res = await get(`/api/students/${student}/account`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        balance: number;
        due: number;
        credit: number;
        upcoming: number;
        oldestDueDate: string | null;
        currency: string;
      }>();
    },
    async pay(payload: Record<string, unknown>) {
      const res = await post('/api/payments', { date: '2025-02-01', method: 'cash', ...payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number; covers: { event: number; amount: number }[] }>();
    },
  };
}
