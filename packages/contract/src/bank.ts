/**
 * Bank details and how a learner pays (docs/money.md, How a learner pays; ADR 040): IBANs, the
 * Polish tax id (NIP), the students' payment references and the transfer title. Pure and
 * zod-free, so the web app, the player and the server share them.
 */

/** The currencies a school may keep its accounts in (docs/money.md, Amounts). */
export const CURRENCIES = ['PLN', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * The length of an IBAN in each country that issues them (the IBAN registry). A country not
 * listed is checked by the general rule: 15 to 34 characters.
 */
const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 ' +
    'EE20 EG29 ES24 FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 ' +
    'IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 ' +
    'NO15 PK24 PL28 PS29 PT25 QA29 RO24 RS22 SA24 SC31 SE24 SI19 SK24 SM27 ST25 SV28 TL23 TN24 ' +
    'TR26 UA29 VA22 VG24 XK20'
  )
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/**
 * An IBAN as stored: spaces (and the dashes some banks print) gone, upper case; a Polish
 * account number of 26 digits (NRB) gets its country code, PL.
 */
export function normalizeIban(input: string): string {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  return /^\d{26}$/.test(compact) ? `PL${compact}` : compact;
}

/** The ISO 13616 check: the IBAN with its first four characters moved to the end, mod 97 is 1. */
function mod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/**
 * What is wrong with an IBAN (normalised with normalizeIban), in the contract's words, or null
 * when it is a valid one: two letters, two check digits and the account, the country's length,
 * and check digits that pass mod 97.
 */
export function ibanProblem(iban: string): string | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) {
    return 'must be an IBAN like PL61 1090 1014 0000 0712 1981 2874';
  }
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && iban.length !== length) {
    return `must have ${length} characters for ${country}`;
  }
  // a Polish account number (NRB) is digits only
  if (country === 'PL' && !/^PL\d{26}$/.test(iban)) {
    return 'must be an IBAN like PL61 1090 1014 0000 0712 1981 2874';
  }
  return mod97(iban) === 1 ? null : 'has wrong check digits';
}

export const isIban = (input: string) => ibanProblem(normalizeIban(input)) === null;

/** An IBAN as people read it: in groups of four (PL61 1090 1014 ...). */
export const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** A Polish tax id (NIP) as stored: its 10 digits, without dashes, spaces or the PL prefix. */
export const normalizeNip = (input: string) => input.replace(/[\s-]+/g, '').replace(/^PL/i, '');

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** What is wrong with a NIP (normalised), or null: ten digits whose last one checks the others. */
export function nipProblem(nip: string): string | null {
  if (!/^\d{10}$/.test(nip)) return 'must be a NIP of 10 digits';
  const sum = NIP_WEIGHTS.reduce((total, weight, i) => total + weight * Number(nip[i]), 0);
  return sum % 11 === Number(nip[9]) ? null : 'has a wrong NIP check digit';
}

/**
 * A student's payment reference (docs/money.md, Payment reference): six characters of this
 * alphabet, which has no 0, 1, I or O to mistake for one another, with a digit and a letter in
 * each. The database draws them (migration 0027), unique.
 */
export const PAYMENT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PAYMENT_REFERENCE_PATTERN = /^(?=.*[2-9])(?=.*[A-HJ-NP-Z])[2-9A-HJ-NP-Z]{6}$/;

/**
 * The longest transfer title the Polish banks' QR code carries (the ZBP's 2D recommendation);
 * the page shows the same title, so a typed transfer matches a scanned one.
 */
export const TRANSFER_TITLE_MAX = 32;

/**
 * The characters a Polish transfer title and recipient name may hold (letters with the Polish
 * ones, digits, space and , . / \ - @ # & * _); others are left out, and so is the field
 * separator of the QR code, '|'.
 */
export const sanitizeTransferText = (text: string) =>
  text
    .replace(/[^A-Za-z0-9ąćęłńóśźżĄĆĘŁŃÓŚŹŻ ,./\\\-@#&*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Ukrainian letters in Latin, by Ukraine's national transliteration (2010); Russian ones too. */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  ы: 'y',
  э: 'e',
  ё: 'io',
  ъ: '',
};
/** At a word's start these are written otherwise (Євген: Yevhen, Їжак: Yizhak, Юрій: Yurii). */
const CYRILLIC_FIRST: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

/** A name in Cyrillic written in Latin letters, so a Polish transfer title can carry it. */
export function latinName(name: string): string {
  return name.replace(/[\u0400-\u04ff]/g, (letter, at: number) => {
    const lower = letter.toLowerCase();
    const first = at === 0 || !/[\u0400-\u04ff'’ʼ]/.test(name[at - 1] ?? '');
    const latin = (first ? CYRILLIC_FIRST[lower] : undefined) ?? CYRILLIC[lower] ?? '';
    return letter === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  });
}

/**
 * The transfer title of a student's payments: their payment reference first (what a bank
 * statement is matched by), then their name (in Latin letters) as far as it fits in 32
 * characters, without a separator left dangling at its end.
 */
export function transferTitle(reference: string, studentName: string): string {
  return sanitizeTransferText(`${reference} ${latinName(studentName)}`)
    .slice(0, TRANSFER_TITLE_MAX)
    .replace(/[\s,./\\\-@#&*_]+$/, '')
    .trim();
}
