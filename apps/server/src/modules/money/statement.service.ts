import type { DocumentLocale } from '@school/contract/money';
import { invalidField, notFound } from '../../plugins/errors.js';
import { readSchoolDetails } from '../school/school.shared.js';
import { todayIn } from '../schedule/schedule.shared.js';
import { accountRead } from './money.queries.js';
import { settle, type Money } from './money.service.js';
import {
  openingBalanceOf,
  statementRowsOf,
  statementStudentOf,
  type StatementContent,
} from './statement.queries.js';

/**
 * What a student's monthly statement says (docs/money.md, Statements), read here and drawn as
 * PDF in the documents' own process (statement.pdf.ts, ADR 049): the opening balance, every
 * entry the ledger has in the month (charges with their lesson and date, corrections,
 * payments, adjustments and voids), the school's details and what is owed on the day it is
 * printed.
 */

/** 400 unless the month is this one or before it, on the school's calendar. */
export function checkStatementMonth(month: string, zone: string) {
  if (month > todayIn(zone).slice(0, 7)) {
    throw invalidField('month', 'must not be after this month');
  }
}

/** The statement of `student` for `month` in `locale`: its file's name and its content. */
export async function statementContent(
  money: Money,
  student: number,
  month: string,
  locale: DocumentLocale,
): Promise<{ filename: string; content: StatementContent }> {
  const { db, zone } = money;
  checkStatementMonth(month, zone);
  const who = await statementStudentOf(db, student);
  if (!who) throw notFound('No such student');
  await settle(money, student);
  const [opening, rows, school, figures] = await Promise.all([
    openingBalanceOf(db, student, month),
    statementRowsOf(db, student, month, zone),
    readSchoolDetails(db),
    accountRead(db, zone, student),
  ]);
  return {
    filename: `statement-${month}-${who.reference}.pdf`,
    content: {
      locale,
      month,
      today: todayIn(zone),
      created: new Date(),
      who,
      opening,
      rows,
      school,
      owed: figures?.balance ?? 0,
    },
  };
}
