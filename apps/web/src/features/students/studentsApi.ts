import { api } from '@school/contract/paths';
import {
  student,
  studentDocument,
  type Student,
  type StudentDocument,
} from '@school/contract/students';
import { z } from 'zod';
import type { Resource } from '../../components/list/types';
import { request } from '../../lib/http';

export const STUDENTS_PATH = api.students;

/** How a student is named in titles and row actions: "Olena Koval", else e-mail, else id. */
export function studentName(row: Pick<Student, 'id' | 'name' | 'surname' | 'email'>) {
  return `${row.name} ${row.surname}`.trim() || row.email || `#${row.id}`;
}

export const studentsResource: Resource<Student> = {
  path: STUDENTS_PATH,
  list: z.array(student),
  rowLabel: studentName,
  recordName: (row, t) => t('records.student', { name: studentName(row) }),
};

/**
 * The copy action: the bot's deep link; none without a bot username (docs/interface.md: a
 * control shows only where it does something; the student's page says why there is no link).
 */
export function deepLinkCopy(row: Student): string | null {
  return row.deepLink;
}

/** A new hashCode: the old deep link stops working. */
export function renewHashCode(id: number): Promise<Student> {
  return request(api.studentHashCode(id), { method: 'POST', body: {}, schema: student });
}

/** The documents of one student: listed by student, written under /studentdocuments. */
export function documentsResource(studentId: number): Resource<StudentDocument> {
  return {
    path: api.studentDocuments,
    listPath: api.studentDocumentsOf(studentId),
    list: z.array(studentDocument),
    rowLabel: (row) => row.name,
    recordName: (row, t) => t('records.document', { name: row.name }),
  };
}
