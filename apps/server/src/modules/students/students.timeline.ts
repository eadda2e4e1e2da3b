import { sql } from 'drizzle-orm';
import type { TimelineEntry } from '@school/contract/students';
import type { Db } from '../../db/client.js';
import { conversationProgress, conversations, paymentReminders } from '../../db/schema/bot.js';
import { gameResults, gameSets, sets } from '../../db/schema/games.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { studentDocuments, studentPageViews } from '../../db/schema/students.js';
import { isPaidSql } from '../money/money.shared.js';
import { lessonInstant } from '../schedule/schedule.shared.js';

/** One row of the merged timeline: a, b, c, d and e mean what each kind's select puts there. */
type TimelineRow = {
  kind: 'document' | 'participation' | 'run' | 'game' | 'page' | 'reminder';
  at: Date;
  id: number;
  title: string;
  a: string;
  b: string | null;
  c: string | null;
  d: number;
  e: boolean;
  total: number;
};

/** A row as the API's entry: data only, the screen words it (docs/students.md, Timeline). */
function toEntry(r: TimelineRow): TimelineEntry {
  const base = { at: new Date(r.at).toISOString(), id: r.id, title: r.title };
  if (r.kind === 'page') return { kind: 'page', ...base };
  if (r.kind === 'reminder') {
    return {
      kind: 'reminder',
      ...base,
      amount: Number(r.a) / 100,
      currency: r.b === 'EUR' ? 'EUR' : 'PLN',
      sent: r.e,
      error: r.c,
    };
  }
  if (r.kind === 'run') return { kind: 'run', ...base, finished: r.e, replies: r.d };
  if (r.kind === 'game') {
    return {
      kind: 'game',
      ...base,
      score: Number(r.a),
      max: Number(r.b),
      seconds: Math.round(r.d / 1000),
      isSet: r.e,
    };
  }
  if (r.kind === 'participation') {
    // attendence: 1 present, 0 not marked yet, anything else absent (docs/data-model.md, Event)
    const presence = r.d === 1 ? 'present' : r.d === 0 ? null : 'absent';
    return {
      kind: 'participation',
      ...base,
      date: r.c ?? '',
      start: r.a,
      end: r.b,
      presence,
      paid: r.e,
    };
  }
  return { kind: 'document', ...base, number: r.a, dateFrom: r.b, dateTo: r.c };
}

/**
 * A student's timeline, newest first: documents, participations, bot runs, game plays, the
 * days they opened their own page and the payment reminders the bot sent them, merged in one
 * paged query; `total` counts every entry. Without `documents` (a role with no right to read
 * student documents, docs/roles.md) the documents are left out of the entries and of the
 * total; without `money` (a role that does not read money) the payment reminders. A participation's `at` is the real
 * instant of its start, its date and times the school's clock (`schoolZone`, docs/api.md).
 */
export async function studentTimeline(
  db: Db,
  id: number,
  page: { limit: number; offset: number },
  { documents, money, schoolZone }: { documents: boolean; money: boolean; schoolZone: string },
): Promise<{ entries: TimelineEntry[]; total: number }> {
  const rows = await db.execute<TimelineRow>(sql`
    select *, (count(*) over ())::int as total from (
      select 'document' as kind, created_at as at, id, name as title, number as a,
        date_from::text as b, date_to::text as c, 0 as d, false as e
      from ${studentDocuments} where student_id = ${id} and ${documents}
      union all
      select 'participation',
        ${lessonInstant(sql`coalesce(e.date, l.date)`, sql`coalesce(e.start, l.start)`, schoolZone)},
        e.id, coalesce(l.course, ''), to_char(coalesce(e.start, l.start), 'HH24:MI'),
        to_char(coalesce(e."end", l."end"), 'HH24:MI'), coalesce(e.date, l.date)::text,
        e.attendence,
        ${isPaidSql({ id: sql`e.id`, toPay: sql`e.to_pay`, attendence: sql`e.attendence`, price: sql`l.price` })}
      from ${events} e join ${lessons} l on l.id = e.lesson_id
      -- what has happened: a series' lessons weeks ahead are the schedule's, not history
      where e.student_id = ${id}
        and coalesce(e.date, l.date) <= (now() at time zone ${schoolZone})::date
      union all
      select 'run', coalesce(p.finished_at, p.created_at), p.id, c.name, null, null, null,
        p.step, p.is_finished = 1
      from ${conversationProgress} p join ${conversations} c on c.id = p.conversation_id
      where p.student_id = ${id}
      union all
      select 'game', r.played_at, r.id, coalesce(g.name, s.name, ''), r.score::text,
        r.max::text, null, r.duration_ms, r.set_id is not null
      from ${gameResults} r left join ${gameSets} g on g.id = r.grid_id
        left join ${sets} s on s.id = r.set_id
      where r.student_id = ${id}
      union all
      select 'page', v.created_at, v.id, '', null, null, null, 0, false
      from ${studentPageViews} v where v.student_id = ${id}
      union all
      select 'reminder', r.claimed_at, r.id, '', r.amount::text, r.currency, r.error, 0,
        r.message_id is not null
      from ${paymentReminders} r where r.student_id = ${id} and ${money}
    ) t
    order by at desc, id desc
    limit ${page.limit} offset ${page.offset}`);
  return { entries: rows.rows.map(toEntry), total: rows.rows[0]?.total ?? 0 };
}
