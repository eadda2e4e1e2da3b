import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { admin, api, logIn, useBrowser } from './support.js';

/**
 * A school in Kyiv (the server's default BOT_TIMEZONE) seen from a browser in Warsaw
 * (docs/api.md, Instants): a lesson is headed by the school's clock, the clock of its own times.
 */
const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.newPage({ timezoneId: 'Europe/Warsaw' });
  await logIn(page, admin);
});

describe('a browser in Warsaw', () => {
  it("heads a student's lesson with the time of its own 17:00–18:30", async () => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'Europe/Warsaw',
    );
    const student = await api<{ id: number }>(page, 'POST', '/api/students', {
      name: 'Warsaw',
      surname: 'Viewer',
    });
    const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
      date: '2026-11-25',
      start: '17:00',
      end: '18:30',
      price: 60,
      course: 'Zoned grammar',
    });
    await api(page, 'POST', '/api/events', { lesson: lesson.id, student: student.id });

    // the API sends the real instant: 17:00 in Kyiv is 15:00 UTC, 16:00 in Warsaw
    const answer = await page.request.get(`/api/students/${student.id}/timeline`);
    expect(await answer.json()).toEqual([
      expect.objectContaining({ kind: 'participation', at: '2026-11-25T15:00:00.000Z' }),
    ]);

    await page.goto(`/students/${student.id}`);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const entry = timeline.getByRole('listitem').filter({ hasText: 'Zoned grammar' });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('17:00–18:30');
    expect(await entry.locator('time').innerText()).toBe('Nov 25, 2026, 5:00 PM');
  });
});
