import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { login, setupApp, type Agent, type TestApp } from '../../test/helper.js';
import { DEMO_SCHOOL, monthBefore } from './demo-money.js';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, loadDemoData } from './demo.js';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp());
});

it('loads demo data into an empty database once', async () => {
  expect(await loadDemoData(t.database.db)).toBe(true);
  const list = await agent.request({ method: 'GET', url: '/api/clients?limit=1' });
  expect(list.headers['x-total-count']).toBe('60');
  const byStage = (await agent.request({ method: 'GET', url: '/api/clients/bystage' })).json<
    { count: number }[]
  >();
  expect(byStage.every((s) => s.count > 0)).toBe(true);
  expect((await agent.request({ method: 'GET', url: '/api/groups' })).json()).toHaveLength(3);
  expect(await loadDemoData(t.database.db)).toBe(false);
  expect(
    (await agent.request({ method: 'GET', url: '/api/clients?limit=1' })).headers['x-total-count'],
  ).toBe('60');
});

it('gives the demo school a history: arrivals over weeks, logged stage moves in the past', async () => {
  const dashboard = (await agent.request({ method: 'GET', url: '/api/dashboard' })).json<{
    stageMoves30d: number;
    newClients30d: number;
    newClientsByDay: { date: string; count: number }[];
  }>();
  expect(dashboard.stageMoves30d).toBeGreaterThan(0);
  expect(dashboard.newClients30d).toBeGreaterThan(0);
  expect(dashboard.newClients30d).toBeLessThan(60);
  expect(dashboard.newClientsByDay.filter((d) => d.count > 0).length).toBeGreaterThanOrEqual(10);

  const list = (await agent.request({ method: 'GET', url: '/api/clients?limit=100' })).json<
    { id: number; stage: number; stageChangedAt: string; createdAt: string }[]
  >();
  const hourAgo = Date.now() - 60 * 60 * 1000;
  const changed = list.map((c) => Date.parse(c.stageChangedAt));
  // nobody "just moved": every stage change is in the past, on many different days
  expect(changed.every((at) => at < hourAgo)).toBe(true);
  expect(
    new Set(changed.map((at) => new Date(at).toISOString().slice(0, 10))).size,
  ).toBeGreaterThan(20);
  const created = list.map((c) => Date.parse(c.createdAt));
  expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(6 * 7 * 24 * 60 * 60 * 1000);

  // every move is logged, in order; a client's last move is when its stage changed
  const moves = (
    await t.database.db.execute<{ client_id: number; to_stage_id: number; at: Date }>(
      sql`select client_id, to_stage_id, at from client_stage_moves order by client_id, at`,
    )
  ).rows;
  expect(moves.length).toBeGreaterThan(30);
  for (const c of list) {
    const own = moves.filter((m) => m.client_id === c.id);
    const lastMove = own.at(-1);
    if (!lastMove) {
      expect(c.stageChangedAt).toBe(c.createdAt);
      continue;
    }
    expect(lastMove.to_stage_id).toBe(c.stage);
    expect(new Date(lastMove.at).toISOString()).toBe(c.stageChangedAt);
    expect(new Date(own[0]?.at ?? 0).getTime()).toBeGreaterThan(Date.parse(c.createdAt));
  }
});

it('gives the demo school students, the won clients among them, with documents', async () => {
  const list = await agent.request({ method: 'GET', url: '/api/students?limit=100' });
  const learners = list.json<{ id: number; client: number | null }[]>();
  expect(learners.length).toBeGreaterThan(12);
  const fromClients = learners.filter((s) => s.client !== null);
  expect(fromClients.length).toBeGreaterThan(0);
  const expiring = await agent.request({
    method: 'GET',
    url: '/api/students?documentsExpiring=1&limit=100',
  });
  expect(Number(expiring.headers['x-total-count'])).toBeGreaterThan(0);
  const first = learners[0];
  const documents = await agent.request({
    method: 'GET',
    url: `/api/studentdocuments/bystudent/${first?.id ?? 0}`,
  });
  expect(documents.json()).toHaveLength(1);
});

it('gives the demo school a week of lessons with participants, some marked and paid', async () => {
  const week = (await agent.request({ method: 'GET', url: '/api/schedule?bias=0&tz=UTC' })).json<
    { lessons: { isCycled: number; participants: number; amount: number }[] }[]
  >();
  const lessons = week.flatMap((d) => d.lessons);
  expect(lessons.length).toBeGreaterThanOrEqual(7);
  expect(lessons.some((l) => l.isCycled === 1)).toBe(true);
  expect(lessons.some((l) => l.isCycled === 2)).toBe(true);
  expect(lessons.every((l) => l.participants > 0)).toBe(true);
  expect(lessons.some((l) => l.amount > 0)).toBe(true);
  const template = (await agent.request({ method: 'GET', url: '/api/schedule?cycled=1' })).json<
    { lessons: unknown[] }[]
  >();
  expect(template.flatMap((d) => d.lessons)).toHaveLength(4);
  // the lessons gone by were ticked paid as staff do: paid from the ledger, some still due
  const paid = await agent.request({ method: 'GET', url: '/api/events?isPaid=true&limit=1' });
  expect(Number(paid.headers['x-total-count'])).toBeGreaterThan(0);
  const payments = await agent.request({ method: 'GET', url: '/api/payments?limit=1' });
  expect(Number(payments.headers['x-total-count'])).toBeGreaterThan(0);
  const owing = await agent.request({ method: 'GET', url: '/api/balances?owing=true&limit=1' });
  expect(Number(owing.headers['x-total-count'])).toBeGreaterThan(0);
});

it('charges the demo lessons that have ended, last month included, and none ahead', async () => {
  const ledger = await agent.request({ method: 'GET', url: '/api/balances?limit=500' });
  expect(ledger.statusCode).toBe(200);
  const counts = await t.database.db.execute<{
    ended: number;
    charged: number;
    ahead: number;
    lastMonth: number;
  }>(sql`
    select
      count(*) filter (where l.date < current_date and l.price > 0 and e.to_pay <> 2)::int as ended,
      count(*) filter (where l.date < current_date and l.price > 0 and e.to_pay <> 2
        and exists (select 1 from ledger_entries c where c.event_id = e.id and c.kind = 'charge'
          and c.amount > 0))::int as charged,
      count(*) filter (where l.date > current_date
        and exists (select 1 from ledger_entries c where c.event_id = e.id))::int as ahead,
      count(*) filter (where to_char(l.date, 'YYYY-MM') = to_char(current_date - interval '1 month', 'YYYY-MM'))::int
        as "lastMonth"
    from events e join lessons l on l.id = e.lesson_id`);
  const row = counts.rows[0];
  expect(row?.ended).toBeGreaterThan(20);
  expect(row?.charged).toBe(row?.ended);
  expect(row?.ahead).toBe(0);
  expect(row?.lastMonth).toBeGreaterThan(0);
});

it('gives the demo school its details, its teachers pay rates and invoices of last month', async () => {
  const school = (await agent.request({ method: 'GET', url: '/api/settings/school' })).json<
    Record<string, string>
  >();
  expect(school).toMatchObject(DEMO_SCHOOL);
  const month = monthBefore(new Date().toISOString().slice(0, 7));
  const pay = (await agent.request({ method: 'GET', url: `/api/payroll?month=${month}` })).json<
    { name: string; lessons: number; amount: string; lines: { rate: string | null }[] }[]
  >();
  expect(pay.map((p) => p.name).sort()).toEqual(['Olena Hrytsenko', 'Taras Moroz']);
  for (const teacher of pay) {
    expect(teacher.lessons, teacher.name).toBeGreaterThan(0);
    expect(Number(teacher.amount), teacher.name).toBeGreaterThan(0);
    expect(teacher.lines.every((l) => l.rate !== null)).toBe(true);
  }
  const invoices = await agent.request({ method: 'GET', url: '/api/invoices' });
  const rows = invoices.json<{ number: string; month: string; total: number }[]>();
  expect(rows.map((r) => r.number).sort()).toEqual([
    `FV/${new Date().getFullYear()}/0001`,
    `FV/${new Date().getFullYear()}/0002`,
  ]);
  expect(rows.every((r) => r.month === month && r.total > 0)).toBe(true);
});

it('publishes two bot conversations with finished, half-way and new runs', async () => {
  const published = (
    await agent.request({ method: 'GET', url: '/api/conversations?isPresent=1' })
  ).json<{ id: number; name: string }[]>();
  expect(published.map((c) => c.name)).toEqual(['Present simple check', 'Lesson feedback']);
  for (const c of published) {
    const check = await agent.request({ method: 'GET', url: `/api/conversations/${c.id}/check` });
    expect(check.json()).toEqual({ ok: true, problems: [] });
  }
  const runs = (
    await agent.request({
      method: 'GET',
      url: `/api/conversationprogress?conversation=${published[0]?.id}`,
    })
  ).json<{ id: number; isFinished: number; step: number }[]>();
  expect(runs.map((r) => [r.isFinished, r.step])).toEqual([
    [1, 3],
    [1, 3],
    [0, 1],
    [0, 0],
  ]);
  const summary = (
    await agent.request({ method: 'GET', url: `/api/messages/byfunction/${runs[0]?.id}` })
  ).json<{ text: string }[]>();
  expect(summary.map((m) => m.text)).toEqual([
    'Grammar: 2 points',
    'Vocabulary: 2 points',
    'Total: 4 points',
  ]);
});

it('gives the demo school a playable game set of each type and a set of them', async () => {
  const games = (await agent.request({ method: 'GET', url: '/api/grid' })).json<
    { type: number; playable: boolean; id: number }[]
  >();
  expect(games.map((g) => g.type).sort()).toEqual([1, 2, 3, 4]);
  expect(games.every((g) => g.playable)).toBe(true);
  const sets = (await agent.request({ method: 'GET', url: '/api/set' })).json<
    { games: number; playable: boolean }[]
  >();
  expect(sets).toEqual([expect.objectContaining({ games: 3, playable: true })]);
  const quiz = games.find((g) => g.type === 2);
  const stats = await agent.request({ method: 'GET', url: `/api/grid/${quiz?.id ?? 0}/stats` });
  expect(stats.json()).toMatchObject({ plays: 1, students: 1 });
});

it('gives the demo school a manager and two teachers who log in, the teachers teaching its lessons', async () => {
  const roles: Record<string, string> = {};
  for (const { login: name } of DEMO_STAFF) {
    const staff = await login(t.app, { login: name, password: DEMO_STAFF_PASSWORD });
    roles[name] = (await staff.request({ method: 'GET', url: '/api/islogin' })).json<{
      role: string;
    }>().role;
  }
  expect(roles).toEqual({
    'manager.iryna': 'manager',
    'teacher.olena': 'teacher',
    'teacher.taras': 'teacher',
  });
  const taught = await t.database.db.execute<{ role: string }>(
    sql`select distinct u.role from lessons l join users u on u.id = l.teacher_id`,
  );
  expect(taught.rows.map((r) => r.role)).toEqual(['teacher']);
});

it('gives each demo teacher lessons of their own and students of their own', async () => {
  const teachers = DEMO_STAFF.filter((s) => s.role === 'teacher');
  expect(teachers.length).toBe(2);
  const studentsOf: number[][] = [];
  for (const { login: name } of teachers) {
    const own = await t.database.db.execute<{ lessons: number; students: number }>(sql`
      select count(distinct l.id)::int as lessons, count(distinct e.student_id)::int as students
      from lessons l join users u on u.id = l.teacher_id
        left join events e on e.lesson_id = l.id
      where u.login = ${name}`);
    expect(own.rows[0]?.lessons, name).toBeGreaterThan(0);
    expect(own.rows[0]?.students, name).toBeGreaterThan(0);
    // the teacher's students list holds exactly the students of their lessons (docs/roles.md)
    const staff = await login(t.app, { login: name, password: DEMO_STAFF_PASSWORD });
    const list = await staff.request({ method: 'GET', url: '/api/students?limit=500' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count'], name).toBe(String(own.rows[0]?.students));
    studentsOf.push(list.json<{ id: number }[]>().map((s) => s.id));
  }
  const all = await agent.request({ method: 'GET', url: '/api/students?limit=1' });
  // neither teacher sees every student: each has their own
  for (const ids of studentsOf) {
    expect(ids.length).toBeLessThan(Number(all.headers['x-total-count']));
  }
  expect(studentsOf[0]).not.toEqual(studentsOf[1]);
});
