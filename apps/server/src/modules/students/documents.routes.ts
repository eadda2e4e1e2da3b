import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listQuery, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  DATE_ORDER_MESSAGE,
  datesInOrder,
  documentListQuery,
  studentDocument,
  studentDocumentInput,
  studentDocumentUpdate,
  type StudentDocument,
} from '@school/contract/students';
import type { Db } from '../../db/client.js';
import { studentDocuments } from '../../db/schema/students.js';
import type { FastifyRequest } from 'fastify';
import { allow, allowSeen } from '../../plugins/policy.js';
import { errorResponses, invalidField } from '../../plugins/errors.js';
import { tableQueries } from '../../db/resource.js';
import { registerResource } from '../../plugins/resource.js';
import { documentsOfStudent, studentOfDocument } from './students.queries.js';
import { requireStudent, requireVisibleStudent } from './students.shared.js';

type DocumentRow = typeof studentDocuments.$inferSelect;

const toDocument = (row: DocumentRow): StudentDocument => ({
  id: row.id,
  version: row.version,
  student: row.studentId,
  name: row.name,
  number: row.number,
  dateFrom: row.dateFrom,
  dateTo: row.dateTo,
  carRegistrNum: row.carRegistrNum,
});

/** Student documents (docs/data-model.md; docs/api.md, Students): listed by student, written one by one. */
export const studentDocumentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const idOf = (request: FastifyRequest) => Number((request.params as { id?: string }).id);
  // a student not the user's (a teacher's of none of their lessons) is 404 before the role's
  // 403, for their documents too (docs/roles.md, Students)
  const documentSeen = allowSeen('studentDocuments', async (request) => {
    const student = await studentOfDocument(db, idOf(request) || 0);
    if (student !== undefined) await requireVisibleStudent(db, request, student);
  });
  const studentSeen = allowSeen('studentDocuments', async (request) => {
    const id = idOf(request);
    if (Number.isInteger(id) && id > 0) await requireVisibleStudent(db, request, id);
  });

  registerResource(app, db, {
    path: 'studentdocuments',
    tags: ['students'],
    only: ['get', 'create', 'update', 'delete'],
    schemas: {
      item: studentDocument,
      // not served: the documents are listed by student below
      query: listQuery,
      create: studentDocumentInput,
      update: studentDocumentUpdate,
    },
    table: { table: studentDocuments },
    toItem: toDocument,
    toColumns: (d) => ({
      studentId: d.student,
      name: d.name,
      number: d.number,
      dateFrom: d.dateFrom,
      dateTo: d.dateTo,
      carRegistrNum: d.carRegistrNum,
    }),
    notFound: 'No such document',
    access: {
      get: documentSeen,
      create: allow('studentDocuments'),
      update: documentSeen,
      delete: documentSeen,
    },
    override: (plain) => ({
      // the dates sent are checked against the stored ones: dateTo alone may not go before them
      update: async (id, input, request, current) => {
        const dates = {
          dateFrom: input.dateFrom === undefined ? current.dateFrom : input.dateFrom,
          dateTo: input.dateTo === undefined ? current.dateTo : input.dateTo,
        };
        if (!datesInOrder(dates)) {
          throw invalidField('dateTo', DATE_ORDER_MESSAGE);
        }
        return plain.update(id, input, request, current);
      },
    }),
  });

  const byStudent = tableQueries(db, documentsOfStudent);

  app.get(
    '/studentdocuments/bystudent/:id',
    {
      onRequest: [studentSeen],
      schema: {
        tags: ['students'],
        summary: "A student's documents, the soonest to end first",
        params: idParam,
        querystring: documentListQuery,
        response: { 200: z.array(studentDocument), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await requireStudent(db, id);
      const page = await byStudent.list({ ...request.query, student: id });
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows.map(toDocument);
    },
  );
};
