import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { setPaid } from '../modules/money/money.paid.js';
import { addParticipants } from '../modules/schedule/events.queries.js';
import { createLesson } from '../modules/schedule/lessons.writes.js';
import { addDays, mondayOf, todayIn } from '../modules/schedule/schedule.dates.js';

interface DemoSchool {
  teachers: number[];
  groups: number[];
  students: number[];
}

/** How many weeks before this one the demo's weekly series start. */
export const DEMO_PAST_WEEKS = 6;

/**
 * Believable lessons: weekly group series from six weeks before this week's Monday (so last
 * month has lessons for its statements, invoices and teachers' pay) and single lessons this
 * week, with participants; the days gone by have their attendance and payments marked.
 */
export async function loadDemoSchedule(db: Db, school: DemoSchool) {
  const monday = mondayOf(todayIn('UTC'));
  const teacher = (i: number) => school.teachers[i % school.teachers.length] ?? null;
  const plan = [
    { day: 0, start: '17:00', end: '18:30', course: 'A2 evening', price: 80, cycled: 0 },
    { day: 2, start: '17:00', end: '18:30', course: 'A2 evening', price: 80, cycled: 0 },
    { day: 1, start: '10:00', end: '11:00', course: 'Speaking club', price: 60, cycled: 2 },
    { day: 5, start: '11:00', end: '12:30', course: 'B1 weekend', price: 70, cycled: 1 },
    { day: 1, start: '18:00', end: '19:00', course: 'One-to-one: IELTS', price: 150, single: 3 },
    { day: 3, start: '09:00', end: '10:00', course: 'One-to-one: business', price: 140, single: 5 },
    { day: 4, start: '16:00', end: '17:00', course: 'Trial lesson', price: 0, single: 7 },
  ];
  for (const [i, p] of plan.entries()) {
    const lesson = await createLesson(db, {
      date: addDays(monday, p.day - (p.single === undefined ? DEMO_PAST_WEEKS * 7 : 0)),
      start: p.start,
      end: p.end,
      price: p.price,
      groupe: p.single === undefined ? (school.groups[p.cycled] ?? null) : null,
      teacher: teacher(i),
      isCycled: p.single === undefined ? 1 : 2,
      hasBroadcast: p.course === 'Speaking club',
      course: p.course,
      comment: p.single === undefined ? 'Room 2 / Google Meet' : '',
      resources: '',
      homework: '',
      force: true,
    });
    const members =
      p.single === undefined
        ? school.students.filter((_, n) => n % 3 === p.cycled)
        : school.students.slice(p.single, p.single + 1);
    await db.transaction((tx) =>
      addParticipants(
        tx,
        lesson,
        members.slice(0, 6),
        {
          toPay: p.price === 0 ? 2 : 1,
          attendence: 0,
          isPaid: false,
          notes: '',
          homework: '',
        },
        true,
      ),
    );
  }
  // the lessons gone by: most present, some absent, most of them paid, as staff tick them:
  // a 'marked paid' payment each (docs/money.md, isPaid)
  const past = await db.execute<{ id: number; paid: boolean }>(sql`
    update events e set attendence = case when e.id % 5 = 0 then 2 else 1 end
    from lessons l
    where l.id = e.lesson_id and l.date < ${todayIn('UTC')}::date
    returning e.id, e.id % 3 <> 0 as paid`);
  for (const { id } of past.rows.filter((row) => row.paid)) {
    await db.transaction((tx) => setPaid(db, tx, id, true));
  }
}
