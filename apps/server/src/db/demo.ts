import { count, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { clients } from './schema/clients.js';
import { groups, projects, users } from './schema/users.js';
import { hashPassword } from '../modules/auth/password.js';
import { newHashCode } from '../modules/clients/clients.queries.js';

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

/**
 * DEMO_DATA=1: a school to click through on an empty database: two teachers, projects,
 * groups and 60 clients spread over the pipeline. Nothing happens once clients exist.
 */
export async function loadDemoData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(clients);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const passwordHash = await hashPassword('demo teacher password');
    const teachers = await tx
      .insert(users)
      .values([
        {
          login: 'teacher.olena',
          passwordHash,
          firstName: 'Olena',
          lastName: 'Hrytsenko',
          position: 'Teacher',
        },
        {
          login: 'teacher.taras',
          passwordHash,
          firstName: 'Taras',
          lastName: 'Moroz',
          position: 'Teacher',
        },
      ])
      .onConflictDoNothing()
      .returning({ id: users.id });
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
    await tx
      .insert(groups)
      .values([{ name: 'A2 evening' }, { name: 'B1 weekend' }, { name: 'Speaking club' }]);
    const stageIds = (
      await tx.execute<{ id: number }>(sql`select id from stages order by sort_order`)
    ).rows.map((r) => r.id);
    await tx.insert(clients).values(
      Array.from({ length: 60 }, (_, i) => {
        const first = FIRST[i % FIRST.length] ?? 'Olena';
        const last = LAST[(i * 7) % LAST.length] ?? 'Melnyk';
        return {
          firstName: first,
          lastName: last,
          email: `${first}.${last}${i}@example.com`.toLowerCase(),
          tel: `+380 67 ${String(1000000 + i * 7919).slice(0, 7)}`,
          price: String(300 + (i % 8) * 50),
          probability: (i * 13) % 101,
          stageId: stageIds[i % stageIds.length] ?? null,
          productId: 1 + (i % 5),
          sourceId: 1 + (i % 6),
          responsibleId: responsible[i % 2] ?? null,
          hashCode: newHashCode(),
          createdAt: sql`now() - make_interval(days => ${i % 40})`,
        };
      }),
    );
  });
  return true;
}
