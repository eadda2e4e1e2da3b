// What each incoming transfer of a batch becomes (docs/money.md, Bank statements; ADR 045,
// Matching): imported before, a payment of the student whose reference its title carries, or a
// row for review with a suggested student, if one fits.
import { referencesIn, suggestionFor, wordsOf, type Candidate } from './bank.match.js';
import {
  knownKeys,
  studentsByReference,
  studentsBySurname,
  type StudentRef,
} from './bank.queries.js';
import type { StatementRow } from './bank.read.js';
import type { Executor } from './money.queries.js';

export interface Classified {
  row: StatementRow;
  status: 'matched' | 'unmatched' | 'duplicate';
  /** the student whose reference the title carries (matched) */
  student: StudentRef | null;
  /** the student suggested by name and amount (unmatched) */
  suggestion: Candidate | null;
}

/** The student of the one reference a title holds; none, or two students' references: null. */
function studentOf(title: string, byReference: ReadonlyMap<string, StudentRef>) {
  const found = new Map<number, StudentRef>();
  for (const reference of referencesIn(title)) {
    const student = byReference.get(reference);
    if (student) found.set(student.id, student);
  }
  return found.size === 1 ? ([...found.values()][0] ?? null) : null;
}

/** A batch of incoming transfers, classified with three reads whatever its size. */
export async function classify(db: Executor, rows: StatementRow[]): Promise<Classified[]> {
  const known = await knownKeys(
    db,
    rows.map((r) => r.key),
  );
  const fresh = rows.filter((r) => !known.has(r.key));
  const byReference = await studentsByReference(db, [
    ...new Set(fresh.flatMap((r) => referencesIn(r.title))),
  ]);
  const students = new Map(fresh.map((r) => [r, studentOf(r.title, byReference)]));
  const open = fresh.filter((r) => !students.get(r));
  const words = new Set(
    open.flatMap((r) => wordsOf(`${r.counterparty} ${r.title}`)).filter((w) => /\p{L}{2}/u.test(w)),
  );
  const candidates = await studentsBySurname(db, [...words]);
  return rows.map((row): Classified => {
    if (known.has(row.key)) return { row, status: 'duplicate', student: null, suggestion: null };
    const student = students.get(row) ?? null;
    if (student) return { row, status: 'matched', student, suggestion: null };
    return { row, status: 'unmatched', student: null, suggestion: suggestionFor(row, candidates) };
  });
}
