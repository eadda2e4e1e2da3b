// Who a statement's transfer is from (docs/money.md, Bank statements; ADR 045, Matching): a
// student's payment reference in its title, as a whole word in any case; else a suggestion by
// name and amount, never applied by itself. Pure functions; their reads are bank.queries.ts.
import { PAYMENT_REFERENCE_PATTERN } from '@school/contract/bank';

/** Letters and digits, any script: what a title's words are made of. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The payment references a title holds: its words of six letters and digits that are a
 * reference's shape (ADR 040: a digit and a letter, no 0, 1, I or O), upper-cased. A reference
 * inside a longer word (`XK7M2QX`, `K7M2QXA`) is not one.
 */
export function referencesIn(title: string): string[] {
  const found = new Set<string>();
  for (const [word] of title.matchAll(WORD)) {
    const upper = word.toUpperCase();
    if (upper.length === 6 && PAYMENT_REFERENCE_PATTERN.test(upper)) found.add(upper);
  }
  return [...found];
}

/**
 * Letters with diacritics and what they are compared as: the Polish ones, and those of other
 * names written in Latin letters. The same pairs fold a name in SQL (translate) and here.
 */
export const FOLD_FROM = 'ąćęłńóśźżàáâãäåçèéêëìíîïñòôõöùúûüýÿčďěňřšťůž';
export const FOLD_TO = 'acelnoszzaaaaaaceeeeiiiinoooouuuuyycdenrstuz';
const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO.charAt(i)]));

/** Lower case without diacritics: `Łucja Wójcik` and `LUCJA WOJCIK` compare equal. */
export const fold = (text: string) => [...text.toLowerCase()].map((c) => FOLD.get(c) ?? c).join('');

/** The words of a text, folded. */
export const wordsOf = (text: string) => [...fold(text).matchAll(WORD)].map(([word]) => word);

/** A student a transfer may be from: their names, reference and what they owe (grosze). */
export interface Candidate {
  id: number;
  name: string;
  surname: string;
  reference: string;
  due: number;
}

/**
 * The student a transfer is suggested for (ADR 045, Suggestions): among those whose surname is
 * a word of its sender or title, one whose first name is a word there too or who owes exactly
 * its amount; the one that fits best, when no other fits as well. Null: none, or a tie.
 */
export function suggestionFor(
  transfer: { amount: number; title: string; counterparty: string },
  candidates: readonly Candidate[],
): Candidate | null {
  const words = new Set(wordsOf(`${transfer.counterparty} ${transfer.title}`));
  let best: Candidate | null = null;
  let bestScore = 0;
  let tie = false;
  for (const candidate of candidates) {
    const surname = wordsOf(candidate.surname);
    if (surname.length === 0 || !surname.every((w) => words.has(w))) continue;
    const first = wordsOf(candidate.name);
    const named = first.length > 0 && first.every((w) => words.has(w));
    const owes = candidate.due > 0 && candidate.due === transfer.amount;
    const score = (named ? 2 : 0) + (owes ? 1 : 0);
    if (score === 0) continue;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
      tie = false;
    } else if (score === bestScore && candidate.id !== best?.id) tie = true;
  }
  return tie ? null : best;
}
