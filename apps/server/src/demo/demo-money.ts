import { eq, sql } from 'drizzle-orm';
import type { DocumentLocale } from '@school/contract/money';
import type { Db } from '../db/client.js';
import { payRates } from '../db/schema/pay.js';
import { schoolDetails } from '../db/schema/school.js';
import { issueInvoice } from '../modules/money/invoices.service.js';
import { addDays, todayIn } from '../modules/schedule/schedule.dates.js';

/** The demo school's details (Settings, School details): what its statements and invoices print. */
export const DEMO_SCHOOL = {
  name: 'Szkoła Językowa Most',
  address: 'ul. Piotrkowska 104/3\n90-926 Łódź',
  taxId: '5267812344',
  iban: 'PL61109010140000071219812874',
  currency: 'PLN',
  vatExemption: 'Zwolnienie z VAT na podstawie art. 43 ust. 1 pkt 26 lit. a ustawy o VAT',
} as const;

/** How many of last month's students the demo invoices (the others are left to issue). */
const DEMO_INVOICES = 2;

/** The month before `month` (YYYY-MM). */
export function monthBefore(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The demo school's money beside its lessons (docs/money.md): its details filled in, so the
 * learner's page shows how to pay and the documents have a seller; a pay rate for each teacher
 * from a year back (one by the hour, one by the lesson), so /payroll has figures; and invoices
 * of last month for a few students, issued by the manager, so /invoices has rows.
 */
export async function loadDemoMoney(
  db: Db,
  school: { teachers: number[]; manager: number | null },
  options: { zone: string; locale: DocumentLocale },
) {
  await db.update(schoolDetails).set(DEMO_SCHOOL).where(eq(schoolDetails.id, 1));
  const today = todayIn(options.zone);
  const yearAgo = addDays(today, -365);
  const rates = [
    { kind: 'hour', value: 6000 },
    { kind: 'lesson', value: 7000 },
  ] as const;
  const teacherRates = school.teachers.flatMap((teacherId, i) => {
    const rate = rates[i % rates.length];
    return rate ? [{ teacherId, kind: rate.kind, value: rate.value, from: yearAgo }] : [];
  });
  if (teacherRates.length > 0) await db.insert(payRates).values(teacherRates);

  if (school.manager === null) return;
  const month = monthBefore(today.slice(0, 7));
  // the students charged most in last month's lessons: theirs are invoices worth showing
  const charged = await db.execute<{ student: number }>(sql`
    select e.student_id as student from events e join lessons l on l.id = e.lesson_id
    where to_char(l.date, 'YYYY-MM') = ${month} and e.to_pay <> 2 and l.price > 0
    group by e.student_id order by sum(l.price) desc, e.student_id limit ${DEMO_INVOICES}`);
  const money = { db, zone: options.zone };
  for (const { student } of charged.rows) {
    await issueInvoice(money, { student, month }, school.manager, options.locale);
  }
}
