import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listQuery, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  student,
  studentInput,
  studentListQuery,
  studentUpdate,
  timelineEntry,
  type Student,
  type TimelineEntry,
} from '@school/contract/students';
import type { Db } from '../../db/client.js';
import { botUsers, conversationProgress, conversations } from '../../db/schema/bot.js';
import { clients } from '../../db/schema/clients.js';
import { gameResults, gameSets, sets } from '../../db/schema/games.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { studentDocuments, students } from '../../db/schema/students.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { registerResource } from '../../plugins/resource.js';
import { registerCsv } from '../../plugins/csv-routes.js';
import { exportStudentsCsv, studentsImporter } from './students.csv.js';
import { studentColumns, studentsTable } from './students.queries.js';
import { newHashCode, requireStudent } from './students.shared.js';

type StudentRow = typeof students.$inferSelect;

/** DESIGN "Bot": the messenger start link carrying the student's hashCode. */
export const deepLinkOf = (botUsername: string | undefined, hashCode: string) =>
  botUsername ? `https://t.me/${botUsername}?start=${hashCode}` : null;

/** Students (SPEC.md §3, §7), the deep link's hashCode, and a client made into a student. */
export const studentsRoutes: FastifyPluginAsyncZod<{ db: Db; botUsername?: string }> = async (
  app,
  { db, botUsername },
) => {
  const toStudent = (row: StudentRow): Student => ({
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    gMeetId: row.gMeetId,
    gdocument: row.gdocument,
    gDictionaryUa: row.gDictionaryUa,
    gDictionaryEng: row.gDictionaryEng,
    telegramUsername: row.telegramUsername,
    facebook: row.facebook,
    schedule: row.schedule,
    ocupation: row.ocupation,
    location: row.location,
    responsibleId: row.responsibleId,
    project: row.projectId,
    level: row.levelId,
    groupe: row.groupId,
    timezone: row.timezone,
    hasBroadcast: row.hasBroadcast,
    hashCode: row.hashCode,
    deepLink: deepLinkOf(botUsername, row.hashCode),
    client: row.clientId,
    createdAt: row.createdAt.toISOString(),
  });

  registerResource(app, db, {
    path: 'students',
    tags: ['students'],
    schemas: {
      item: student,
      query: studentListQuery,
      create: studentInput,
      update: studentUpdate,
    },
    table: studentsTable,
    toItem: toStudent,
    toColumns: studentColumns,
    notFound: 'No such student',
    linked: 'Documents, lessons or bot runs belong to this student; remove them first',
    override: () => ({
      create: async (input) => {
        const [row] = await db
          .insert(students)
          .values({ ...studentColumns(input), name: input.name, hashCode: newHashCode() })
          .returning();
        if (!row) throw new Error('student not created');
        return toStudent(row);
      },
    }),
  });

  registerCsv(app, db, {
    path: 'students',
    tags: ['students'],
    query: studentListQuery,
    exportCsv: exportStudentsCsv,
    importer: studentsImporter,
  });

  app.post(
    '/students/:id/hashcode',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['students'],
        summary: 'A new hashCode: the old deep link stops working, its Telegram links end',
        params: idParam,
        response: { 200: student, ...errorResponses },
      },
    },
    async (request) => {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(students)
          .set({ hashCode: newHashCode() })
          .where(eq(students.id, request.params.id))
          .returning();
        // the messenger accounts linked by the old link are unlinked with it (ADR 019)
        if (updated) await tx.delete(botUsers).where(eq(botUsers.studentId, updated.id));
        return updated;
      });
      if (!row) throw notFound('No such student');
      return toStudent(row);
    },
  );

  app.get(
    '/students/:id/timeline',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['students'],
        summary: "The student's timeline, newest first",
        params: idParam,
        querystring: listQuery,
        response: { 200: z.array(timelineEntry), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await requireStudent(db, id);
      // documents, participations, bot runs and game plays, merged newest first in one paged query
      const rows = await db.execute<{
        kind: 'document' | 'participation' | 'run' | 'game';
        at: Date;
        id: number;
        title: string;
        a: string;
        b: string | null;
        c: string | null;
        d: number;
        e: boolean;
        total: number;
      }>(sql`
        select *, (count(*) over ())::int as total from (
          select 'document' as kind, created_at as at, id, name as title, number as a,
            date_from::text as b, date_to::text as c, 0 as d, false as e
          from ${studentDocuments} where student_id = ${id}
          union all
          select 'participation', (coalesce(e.date, l.date) + coalesce(e.start, l.start))
              at time zone 'UTC', e.id, coalesce(nullif(l.course, ''), 'Lesson'),
            to_char(coalesce(e.start, l.start), 'HH24:MI'),
            to_char(coalesce(e."end", l."end"), 'HH24:MI'), null, e.attendence, e.is_paid
          from ${events} e join ${lessons} l on l.id = e.lesson_id
          -- what has happened: a series' lessons weeks ahead are the schedule's, not history
          where e.student_id = ${id} and coalesce(e.date, l.date) <= current_date
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
        ) t
        order by at desc, id desc
        limit ${request.query.limit} offset ${request.query.offset}`);
      reply.header(TOTAL_COUNT_HEADER, String(rows.rows[0]?.total ?? 0));
      return rows.rows.map((r): TimelineEntry => {
        const at = new Date(r.at).toISOString();
        if (r.kind === 'run') {
          return {
            kind: 'run',
            at,
            id: r.id,
            title: r.title,
            detail: [r.e ? 'finished' : 'in progress', `${r.d} replies`].join(' · '),
          };
        }
        if (r.kind === 'game') {
          const seconds = Math.round(r.d / 1000);
          return {
            kind: 'game',
            at,
            id: r.id,
            title: r.title,
            detail: [`${r.a}/${r.b}`, `${seconds} s`, r.e ? 'set' : ''].filter(Boolean).join(' · '),
          };
        }
        if (r.kind === 'participation') {
          const presence = r.d === 1 ? 'present' : r.d === 0 ? '' : 'absent';
          return {
            kind: 'participation',
            at,
            id: r.id,
            title: r.title,
            detail: [`${r.a}–${r.b ?? ''}`, presence, r.e ? 'paid' : '']
              .filter(Boolean)
              .join(' · '),
          };
        }
        return {
          kind: 'document',
          at,
          id: r.id,
          title: r.title,
          detail: [r.a, [r.b, r.c].filter(Boolean).join(' – ')].filter(Boolean).join(' · '),
        };
      });
    },
  );

  // A client becomes a student once: a second request (a double click) answers the same one.
  app.post(
    '/clients/:id/student',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['students'],
        summary: 'Make a student of a client, or answer the one made before',
        params: idParam,
        response: { 200: student, 201: student, ...errorResponses },
      },
    },
    async (request, reply) => {
      const clientId = request.params.id;
      const created = await db.execute<{ id: number }>(sql`
        insert into ${students} (name, surname, email, telegram_username, facebook, timezone,
          project_id, responsible_id, client_id, hash_code)
        select first_name, last_name, email, telegram_username, facebook, timezone,
          project_id, responsible_id, id, ${newHashCode()}
        from ${clients} where id = ${clientId}
        on conflict (client_id) do nothing
        returning id`);
      const newId = created.rows[0]?.id;
      const [row] = await db
        .select()
        .from(students)
        .where(newId ? eq(students.id, newId) : eq(students.clientId, clientId));
      if (!row) throw notFound('No such client');
      return reply.status(newId ? 201 : 200).send(toStudent(row));
    },
  );
};
