import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loadDemoBot } from './demo-bot.js';
import { loadDemoGames } from './demo-games.js';
import { loadDemoMoney } from './demo-money.js';
import { loadDemoSchedule } from './demo-schedule.js';
import { clients, clientStageMoves } from '../db/schema/clients.js';
import { studentDocuments, students } from '../db/schema/students.js';
import { groups, projects, users } from '../db/schema/users.js';
import { hashPassword } from '../modules/auth/password.js';
import type { DocumentLocale } from '@school/contract/money';
import { newHashCode } from '../modules/students/students.shared.js';

const FIRST = [
  'Olena',
  'Taras',
  'Iryna',
  'Andriy',
  'Sofiia',
  'Dmytro',
  'Kateryna',
  'Bohdan',
  'Mariia',
  'Yurii',
];
const LAST = [
  'Kovalenko',
  'Shevchenko',
  'Bondarenko',
  'Tkachenko',
  'Kravchenko',
  'Melnyk',
  'Boyko',
  'Oliinyk',
];

const DAY = 24 * 60 * 60 * 1000;
const DEMO_CLIENTS = 60;
const DEMO_WEEKS = 8;
/** Students beside those made from won clients. */
const DEMO_STUDENTS = 12;

/**
 * When demo client `i` arrived and when it moved along the board to stage number `stage`:
 * arrivals spread over the past weeks (newest first), each move some days after the one before,
 * the last one before `now`.
 */
export function demoHistory(i: number, stage: number, now: number) {
  const hours = (i * 37) % 24;
  const createdAt =
    now - (((i + 0.5) * DEMO_WEEKS * 7) / DEMO_CLIENTS) * DAY - hours * 60 * 60 * 1000;
  const moves = Array.from({ length: stage }, (_, step) => {
    // moves fill the time since arrival, with an uneven pace per client
    const share = (step + 1) / (stage + 1 + (i % 3));
    return new Date(createdAt + share * (now - createdAt));
  });
  return { createdAt: new Date(createdAt), moves };
}

/** The demo staff's password; the server prints their logins at start (docs/roles.md). */
export const DEMO_STAFF_PASSWORD = 'demo staff password';
/** A manager and two teachers, the teachers of the demo lessons. */
export const DEMO_STAFF = [
  { login: 'manager.iryna', role: 'manager' },
  { login: 'teacher.olena', role: 'teacher' },
  { login: 'teacher.taras', role: 'teacher' },
] as const;

/**
 * DEMO_DATA=1: a school to click through on an empty database: a manager and two teachers,
 * projects,
 * groups and 60 clients who arrived over the past eight weeks and moved along the pipeline
 * (each move logged, so the board's days in stage and the dashboard's figures show something),
 * students (the won clients among them) with their documents, weekly lessons from six weeks back
 * and a week of single ones, the school's details, its teachers' pay rates and a few invoices of
 * last month, two published bot conversations with a few runs, and a game set of each type with
 * a set of them. Nothing happens once clients exist. `zone` and `locale` are the school's
 * (BOT_TIMEZONE, DEFAULT_LOCALE): the month the invoices are of, and their language.
 */
export async function loadDemoData(
  db: Db,
  { zone = 'UTC', locale = 'en' }: { zone?: string; locale?: DocumentLocale } = {},
): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(clients);
  if ((existing?.n ?? 0) > 0) return false;
  const school = await db.transaction(async (tx) => {
    const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
    const staff = await tx
      .insert(users)
      .values([
        {
          login: 'manager.iryna',
          passwordHash,
          firstName: 'Iryna',
          lastName: 'Savchuk',
          position: 'Manager',
          role: 'manager' as const,
        },
        {
          login: 'teacher.olena',
          passwordHash,
          firstName: 'Olena',
          lastName: 'Hrytsenko',
          position: 'Teacher',
          role: 'teacher' as const,
        },
        {
          login: 'teacher.taras',
          passwordHash,
          firstName: 'Taras',
          lastName: 'Moroz',
          position: 'Teacher',
          role: 'teacher' as const,
        },
      ])
      .onConflictDoNothing()
      .returning({ id: users.id, role: users.role });
    const teachers = staff.filter((u) => u.role === 'teacher');
    const manager = staff.find((u) => u.role === 'manager')?.id ?? null;
    const responsible = teachers.map((t) => t.id);
    await tx.insert(projects).values([
      {
        name: 'Online school',
        description: 'Lessons over video calls',
        responsibleId: responsible[0] ?? null,
        price: '450.00',
        productId: 1,
      },
      {
        name: 'Kyiv office',
        description: 'Evening groups in the city centre',
        responsibleId: responsible[1] ?? null,
        price: '380.00',
        productId: 2,
      },
    ]);
    const projectIds = (
      await tx.select({ id: projects.id }).from(projects).orderBy(projects.id)
    ).map((p) => p.id);
    const groupIds = (
      await tx
        .insert(groups)
        .values([{ name: 'A2 evening' }, { name: 'B1 weekend' }, { name: 'Speaking club' }])
        .returning({ id: groups.id })
    ).map((g) => g.id);
    const stageIds = (
      await tx.execute<{ id: number }>(sql`select id from stages order by sort_order`)
    ).rows.map((r) => r.id);
    const now = Date.now();
    const planned = Array.from({ length: DEMO_CLIENTS }, (_, i) => {
      const first = FIRST[i % FIRST.length] ?? 'Olena';
      const last = LAST[(i * 7) % LAST.length] ?? 'Melnyk';
      const stage = i % stageIds.length;
      const history = demoHistory(i, stage, now);
      const client = {
        firstName: first,
        lastName: last,
        email: `${first}.${last}${i}@example.com`.toLowerCase(),
        tel: `+380 67 ${String(1000000 + i * 7919).slice(0, 7)}`,
        price: String(300 + (i % 8) * 50),
        probability: (i * 13) % 101,
        stageId: stageIds[stage] ?? null,
        productId: 1 + (i % 5),
        sourceId: 1 + (i % 6),
        responsibleId: manager,
        hashCode: newHashCode(),
        createdAt: history.createdAt,
        stageChangedAt: history.moves.at(-1) ?? history.createdAt,
      };
      return { client, stage, moves: history.moves };
    });
    const ids = await tx
      .insert(clients)
      .values(planned.map((p) => p.client))
      .returning({ id: clients.id });
    const moves = planned.flatMap((p, i) =>
      p.moves.map((at, step) => ({
        clientId: ids[i]?.id ?? 0,
        fromStageId: stageIds[step] ?? null,
        toStageId: stageIds[step + 1] ?? null,
        movedBy: p.client.responsibleId,
        at,
      })),
    );
    if (moves.length > 0) await tx.insert(clientStageMoves).values(moves);

    // the won clients became students; a few more came without the pipeline
    const won = stageIds.length - 2;
    const fromClients = planned.flatMap((p, i) => (p.stage === won ? [{ p, id: ids[i]?.id }] : []));
    const levelIds = (
      await tx.execute<{ id: number }>(sql`select id from levels order by id`)
    ).rows.map((r) => r.id);
    const learners = [
      ...fromClients.map(({ p, id }) => ({
        name: p.client.firstName,
        surname: p.client.lastName,
        email: p.client.email,
        clientId: id ?? null,
      })),
      ...Array.from({ length: DEMO_STUDENTS }, (_, i) => {
        const name = FIRST[(i * 3 + 1) % FIRST.length] ?? 'Sofiia';
        const surname = LAST[(i * 5 + 2) % LAST.length] ?? 'Boyko';
        return {
          name,
          surname,
          email: `${name}.${surname}.s${i}@example.com`.toLowerCase(),
          clientId: null,
        };
      }),
    ].map((s, i) => ({
      ...s,
      telegramUsername: `${s.name}_${s.surname}`.toLowerCase(),
      timezone: 'Europe/Kyiv',
      location: i % 2 === 0 ? 'Kyiv' : 'Lviv',
      responsibleId: responsible[i % 2] ?? null,
      projectId: projectIds[i % 2] ?? null,
      groupId: groupIds[i % groupIds.length] ?? null,
      levelId: levelIds[i % Math.max(levelIds.length, 1)] ?? null,
      hashCode: newHashCode(),
    }));
    const studentIds = await tx.insert(students).values(learners).returning({ id: students.id });
    // a passport each, some ending soon or already ended, so the expiry marks show
    const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
    await tx.insert(studentDocuments).values(
      studentIds.map(({ id }, i) => ({
        studentId: id,
        name: i % 3 === 0 ? 'Residence permit' : 'Passport',
        number: `FX${String(100000 + i * 4241).slice(0, 6)}`,
        dateFrom: day(-400 - i * 11),
        dateTo: day(((i * 37) % 300) - 20),
      })),
    );
    return {
      teachers: responsible,
      manager,
      groups: groupIds,
      students: studentIds.map((st) => st.id),
    };
  });
  await loadDemoSchedule(db, school);
  await loadDemoMoney(db, school, { zone, locale });
  await loadDemoBot(db, school.students);
  await loadDemoGames(db, school.students);
  return true;
}
