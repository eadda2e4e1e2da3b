/**
 * Dates and times as the chosen language writes them (docs/interface.md, Languages). The form
 * holds ISO text (YYYY-MM-DD, HH:MM); these turn it into the language's own form and back.
 */

type DatePart = 'day' | 'month' | 'year';

export interface DatePattern {
  /** The parts in the language's order, e.g. day, month, year for pl. */
  order: readonly DatePart[];
  /** What stands between them, e.g. '.' for pl and '/' for en. */
  separator: string;
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** The primary subtag of a language tag: 'pl-PL' -> 'pl'. */
export function primaryLanguage(tag: string | undefined): string {
  return (tag ?? '').split('-')[0]?.toLowerCase() ?? '';
}

/**
 * Chromium writes native date and time fields in the browser's own language only, so the native
 * field is kept where that language is the chosen one, and a text field is used elsewhere.
 */
export function usesNativeField(uiLanguage: string, browserLanguage: string | undefined): boolean {
  return primaryLanguage(browserLanguage) === primaryLanguage(uiLanguage);
}

export function datePattern(language: string): DatePattern {
  const parts = new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2026, 10, 23)));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const literal = parts.find((part) => part.type === 'literal');
  return order.length === 3
    ? { order, separator: literal?.value.trim() || '/' }
    : { order: ['year', 'month', 'day'], separator: '-' };
}

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** YYYY-MM-DD as the language writes it (23.11.2026 in pl, 11/23/2026 in en); '' stays ''. */
export function formatDate(iso: string, language: string): string {
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const values: Record<DatePart, string> = {
    year: match[1] ?? '',
    month: (match[2] ?? '').padStart(2, '0'),
    day: (match[3] ?? '').padStart(2, '0'),
  };
  const { order, separator } = datePattern(language);
  return order.map((part) => values[part]).join(separator);
}

/**
 * A date typed in the language's order (one-digit day and month allowed, any of . / - or a space
 * between) or as YYYY-MM-DD; the ISO date, '' for blank, or null when it is no real date.
 */
export function parseDate(text: string, language: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const pieces = trimmed.split(/\s*[./\-\s]\s*/);
  if (pieces.length !== 3 || pieces.some((piece) => !/^\d+$/.test(piece))) return null;
  const values: Partial<Record<DatePart, string>> = {};
  datePattern(language).order.forEach((part, index) => (values[part] = pieces[index]));
  const { day = '', month = '', year = '' } = values;
  if (day.length > 2 || month.length > 2 || year.length !== 4) return null;
  return isoOf(Number(year), Number(month), Number(day));
}

/** Whether the language tells the time by the 12-hour clock (en: 5:00 PM). */
export function uses12Hours(language: string): boolean {
  const cycle = new Intl.DateTimeFormat(language, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h12' || cycle === 'h11';
}

const TIME =
  /^(\d{1,2})(?:[:.](\d{2}))?(?::\d{2})?\s*([ap])\.?\s*m?\.?$|^(\d{1,2})(?:[:.](\d{2}))?(?::\d{2})?$/i;

/** HH:MM as the language tells it: 17:00 in pl and uk, 5:00 PM in en; '' stays ''. */
export function formatTime(iso: string, language: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(iso);
  if (!match) return iso;
  const hours = Number(match[1]);
  const minutes = match[2] ?? '00';
  if (!uses12Hours(language)) return `${String(hours).padStart(2, '0')}:${minutes}`;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${suffix}`;
}

/**
 * A time typed as H:MM or HH:MM on the 24-hour clock, or with AM/PM (5:00 PM, 5 pm), in any
 * language; HH:MM, '' for blank, or null when it is no time of day.
 */
export function parseTime(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const match = TIME.exec(trimmed);
  if (!match) return null;
  const meridiem = match[3]?.toLowerCase();
  let hours = Number(meridiem ? match[1] : match[4]);
  const minutes = Number((meridiem ? match[2] : match[5]) ?? '0');
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
