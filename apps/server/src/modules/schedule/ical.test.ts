import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lessons } from '../../db/schema/schedule.js';
import { createUser, setupApp, type Agent, type TestApp } from '../../../test/helper.js';

/**
 * The calendar feed in the school's zone (docs/schedule.md, Calendar feed), read back by a real
 * iCalendar parser: the school in Kyiv (the default BOT_TIMEZONE), the subscriber in Warsaw.
 */
let t: TestApp;
let agent: Agent;
let teacherId: number;
let token: string;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true, env: { BOT_TIMEZONE: 'Europe/Kyiv' } }));
  teacherId = (await createUser(t, { firstName: 'Feed', lastName: 'Kyiv', role: 'teacher' })).id;
  const made = await agent.request({ method: 'POST', url: `/api/users/${teacherId}/ical` });
  expect(made.statusCode, made.body).toBe(200);
  token = made.json<{ token: string }>().token;
});

afterEach(() => {
  vi.useRealTimers();
});

async function lesson(date: string, start: string, end: string, course: string) {
  const res = await agent.request({
    method: 'POST',
    url: '/api/lessons',
    payload: { date, start, end, price: 60, teacher: teacherId, course },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The feed as a calendar app reads it on `today`: the feed reaches 60 days back, weeks ahead. */
async function feedOn(today: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${today}T12:00:00Z`));
  const res = await t.app.inject({ method: 'GET', url: `/api/ical/${token}.ics` });
  vi.useRealTimers();
  expect(res.statusCode, res.body).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { text: res.body, calendar, events };
}

const warsaw = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Warsaw',
  hour: '2-digit',
  minute: '2-digit',
});

function lastModifiedOf(event: ICAL.Event) {
  const value = event.component.getFirstPropertyValue('last-modified');
  return value instanceof ICAL.Time ? value.toJSDate().toISOString() : undefined;
}

/** What the parser makes of a course's lesson: its instants, and its start on a Warsaw clock. */
function read(events: ICAL.Event[], course: string) {
  const event = events.find((e) => e.summary === course);
  if (!event) throw new Error(`no ${course} in the feed`);
  return {
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    inWarsaw: warsaw.format(event.startDate.toJSDate()),
    zone: event.startDate.zone?.tzid,
    sequence: event.sequence,
    lastModified: lastModifiedOf(event),
  };
}

describe('the calendar feed in the school’s zone', () => {
  it('writes Kyiv clock times with their TZID and VTIMEZONE, right in Warsaw across October', async () => {
    await lesson('2026-10-22', '17:00', '18:30', 'Before the change');
    await lesson('2026-10-29', '17:00', '18:30', 'After the change');
    await lesson('2026-11-25', '17:00', '18:30', 'November');
    const { text, calendar, events } = await feedOn('2026-11-28');

    expect(text).toContain('DTSTART;TZID=Europe/Kyiv:20261125T170000');
    expect(text).toContain('DTEND;TZID=Europe/Kyiv:20261125T183000');
    expect(text).toContain('X-WR-TIMEZONE:Europe/Kyiv');
    expect(text).toMatch(/^PRODID:-\/\/School back-office\/\/Lessons\/\/EN\r?$/m);
    expect(text).not.toContain('ical-generator');
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Kyiv']);

    expect(read(events, 'November')).toMatchObject({
      start: '2026-11-25T15:00:00.000Z',
      end: '2026-11-25T16:30:00.000Z',
      inWarsaw: '16:00',
      zone: 'Europe/Kyiv',
    });
    // summer time until 25 October in both zones: the same clock, an hour earlier in UTC
    expect(read(events, 'Before the change')).toMatchObject({
      start: '2026-10-22T14:00:00.000Z',
      inWarsaw: '16:00',
    });
    expect(read(events, 'After the change')).toMatchObject({
      start: '2026-10-29T15:00:00.000Z',
      inWarsaw: '16:00',
    });
  });

  it('is right across the March change, a skipped clock time as every instant the API sends', async () => {
    await lesson('2027-03-25', '17:00', '18:30', 'Before spring');
    await lesson('2027-04-01', '17:00', '18:30', 'After spring');
    // 03:30 does not exist in Kyiv on 28 March 2027: read with the winter offset (ADR 035)
    await lesson('2027-03-28', '03:30', '05:00', 'In the gap');
    const { events } = await feedOn('2027-03-01');
    expect(read(events, 'Before spring')).toMatchObject({
      start: '2027-03-25T15:00:00.000Z',
      inWarsaw: '16:00',
    });
    expect(read(events, 'After spring')).toMatchObject({
      start: '2027-04-01T14:00:00.000Z',
      inWarsaw: '16:00',
    });
    expect(read(events, 'In the gap')).toMatchObject({ start: '2027-03-28T01:30:00.000Z' });
  });

  it('counts a lesson’s changes in SEQUENCE and dates them in LAST-MODIFIED', async () => {
    const id = await lesson('2026-11-26', '10:00', '11:00', 'Moved');
    // made long ago, so that the move's LAST-MODIFIED is told from it by the second
    await t.database.db
      .update(lessons)
      .set({ updatedAt: new Date('2026-01-05T09:00:00Z') })
      .where(eq(lessons.id, id));
    const first = await feedOn('2026-11-28');
    expect(read(first.events, 'Moved')).toMatchObject({
      sequence: 0,
      start: '2026-11-26T08:00:00.000Z',
      lastModified: '2026-01-05T09:00:00.000Z',
    });

    const movedAt = Math.floor(Date.now() / 1000) * 1000;
    const moved = await agent.request({
      method: 'PUT',
      url: `/api/lessons/${id}`,
      payload: { start: '12:00', end: '13:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = read((await feedOn('2026-11-28')).events, 'Moved');
    expect(afterMove).toMatchObject({ sequence: 1, start: '2026-11-26T10:00:00.000Z' });
    expect(Date.parse(afterMove.lastModified ?? '')).toBeGreaterThanOrEqual(movedAt);

    // homework is not in the feed: its change leaves SEQUENCE and LAST-MODIFIED as they are
    const homework = await agent.request({
      method: 'PUT',
      url: `/api/lessons/${id}`,
      payload: { homework: 'Page 4' },
    });
    expect(homework.statusCode, homework.body).toBe(200);
    expect(read((await feedOn('2026-11-28')).events, 'Moved')).toEqual(afterMove);
  });
});
