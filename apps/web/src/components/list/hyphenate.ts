/**
 * Soft hyphens (U+00AD) at a long word's syllable breaks, for a list's column headers
 * (DataTable.module.css): a header then breaks inside a word only there, with a hyphen shown,
 * in a browser without a hyphenation dictionary for the language too (`hyphens: auto` uses one
 * where there is). A simple rule that holds for English, Polish and Ukrainian alike: break
 * between two vowels' consonants (po-do, на-хо) or after the first of a cluster (praw-do,
 * джен-ня), never inside a digraph (sz, cz, rz, ch, dz, дж, дз), never before й, ь, ъ or an
 * apostrophe, and never leaving fewer than two letters on a side.
 */
export const SOFT_HYPHEN = '\u00ad';

const VOWELS = new Set('aeiouyąęóаеєиіїоуюяыэё');
const NEVER_FIRST = new Set("йьъ'’");
const DIGRAPHS = new Set(['sz', 'cz', 'rz', 'ch', 'dz', 'dż', 'dź', 'дж', 'дз']);
/** Words shorter than this are left whole. */
const LONG_WORD = 9;

const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.has(c);
const isConsonant = (c: string | undefined) =>
  isLetter(c) && !isVowel(c) && !NEVER_FIRST.has(c ?? '');

function breaks(word: string): number[] {
  const w = [...word.toLowerCase()];
  const at: number[] = [];
  for (let i = 2; i <= w.length - 2; i++) {
    const [before2, before, here, next] = [w[i - 2], w[i - 1], w[i], w[i + 1]];
    if (!isConsonant(here) || !w.slice(i).some(isVowel)) continue;
    if (DIGRAPHS.has(`${before ?? ''}${here ?? ''}`)) continue;
    const vcv = isVowel(before) && isVowel(next);
    const vccv = isVowel(before2) && isConsonant(before) && !DIGRAPHS.has(`${here}${next}`);
    // a digraph goes whole to the next syllable (хо-джен)
    const vDigraph = isVowel(before) && DIGRAPHS.has(`${here}${next}`);
    if ((vcv || vccv || vDigraph) && i - (at.at(-1) ?? 0) >= 2) at.push(i);
  }
  return at;
}

/** `text` with soft hyphens at the syllable breaks of its long words. */
export function hyphenate(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => {
    if (word.length < LONG_WORD) return word;
    const chars = [...word];
    const at = new Set(breaks(word));
    return chars.map((c, i) => (at.has(i) ? SOFT_HYPHEN + c : c)).join('');
  });
}
