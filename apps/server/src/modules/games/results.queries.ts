import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { GameResult, GameStats } from '@school/contract/games';
import type { Db } from '../../db/client.js';
import { gameResults, gameSets, gridCards, sets } from '../../db/schema/games.js';
import { students } from '../../db/schema/students.js';

/** The SQL of recorded plays as staff read them: the list and a game set's stats. */

const rightCount = sql<number>`(select count(*) from jsonb_array_elements(${gameResults.cards}) c where (c->>'right')::boolean)::int`;
const wrongCount = sql<number>`(select count(*) from jsonb_array_elements(${gameResults.cards}) c where not (c->>'right')::boolean)::int`;

/**
 * Recorded plays, newest first, with the game's and the student's names; `visible`: only those
 * of the students the reader may see (docs/roles.md), counted alike.
 */
export async function listResults(
  db: Db,
  q: { student?: number; grid?: number; set?: number; limit: number; offset: number },
  visible?: SQL,
): Promise<{ rows: GameResult[]; total: number }> {
  const where: SQL | undefined = and(
    visible,
    q.student === undefined ? undefined : eq(gameResults.studentId, q.student),
    q.grid === undefined ? undefined : eq(gameResults.gridId, q.grid),
    q.set === undefined ? undefined : eq(gameResults.setId, q.set),
  );
  const rows = await db
    .select({
      result: gameResults,
      gameName: gameSets.name,
      setName: sets.name,
      studentName: sql<string>`trim(${students.name} || ' ' || ${students.surname})`,
      right: rightCount,
      wrong: wrongCount,
    })
    .from(gameResults)
    .innerJoin(students, eq(students.id, gameResults.studentId))
    .leftJoin(gameSets, eq(gameSets.id, gameResults.gridId))
    .leftJoin(sets, eq(sets.id, gameResults.setId))
    .where(where)
    .orderBy(desc(gameResults.playedAt), desc(gameResults.id))
    .limit(q.limit)
    .offset(q.offset);
  const [counted] = await db
    .select({ n: count() })
    .from(gameResults)
    .innerJoin(students, eq(students.id, gameResults.studentId))
    .where(where);
  return {
    total: counted?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.result.id,
      grid: r.result.gridId,
      set: r.result.setId,
      name: r.gameName ?? r.setName ?? '',
      student: r.result.studentId,
      studentName: r.studentName,
      score: r.result.score,
      max: r.result.max,
      durationMs: r.result.durationMs,
      right: r.right,
      wrong: r.wrong,
      playedAt: r.result.playedAt.toISOString(),
    })),
  };
}

/**
 * Plays of a game set (alone or in a set) and its cards most often answered wrong; `visible`:
 * only the plays of the students the reader may see (docs/roles.md), counted alike.
 */
export async function gameStatsOf(
  db: Db,
  gridId: number,
  visible?: SQL,
  top = 10,
): Promise<GameStats> {
  const seen = visible ?? sql`true`;
  const played = await db.execute<{ plays: number; students: number }>(sql`
    select count(distinct r.id)::int as plays, count(distinct r.student_id)::int as students
    from ${gameResults} r join ${students} on ${students.id} = r.student_id
    where ${seen} and (r.grid_id = ${gridId} or exists (
      select 1 from jsonb_to_recordset(r.cards) as p(card int)
      join ${gridCards} c on c.id = p.card where c.grid_id = ${gridId}))`);
  const missed = await db.execute<{
    card: number;
    value: string;
    answer: string;
    wrong: number;
    seen: number;
  }>(sql`
    select c.id as card, c.value, c.answer,
      (count(*) filter (where not p.right))::int as wrong, count(*)::int as seen
    from ${gameResults} r join ${students} on ${students.id} = r.student_id
    cross join jsonb_to_recordset(r.cards) as p(card int, "right" boolean)
    join ${gridCards} c on c.id = p.card
    where c.grid_id = ${gridId} and ${seen}
    group by c.id
    having count(*) filter (where not p.right) > 0
    order by wrong desc, seen desc, c.id
    limit ${top}`);
  const totals = played.rows[0];
  return {
    plays: totals?.plays ?? 0,
    students: totals?.students ?? 0,
    missed: missed.rows,
  };
}
