/**
 * What the bot itself writes to students, in their language (docs/interface.md, Languages: en, pl, uk).
 * The language comes from the messenger (Telegram's language_code); unknown means Ukrainian
 * and English together, as most students read one of them.
 */
import { plural, type PluralForms } from '../../plugins/plural.js';

export type BotLocale = 'en' | 'pl' | 'uk';

export function localeOf(code: string | undefined | null): BotLocale | null {
  const base = (code ?? '').slice(0, 2).toLowerCase();
  return base === 'uk' || base === 'pl' || base === 'en' ? base : null;
}

const texts = {
  unknownCode: {
    en: 'Sorry, this link is not valid (any more). Please ask your teacher for a new one.',
    pl: 'Przepraszamy, ten link jest nieprawidłowy lub nieaktualny. Poproś nauczyciela o nowy.',
    uk: 'Вибачте, це посилання недійсне або застаріле. Попросіть, будь ласка, у викладача нове.',
  },
  noStartCode: {
    en: 'Hello! Please open the link your teacher sent you to start.',
    pl: 'Cześć! Otwórz link od nauczyciela, aby zacząć.',
    uk: 'Вітаємо! Щоб почати, відкрийте посилання від викладача.',
  },
  linked: {
    en: 'Hello, {name}! You are connected to the school bot.',
    pl: 'Cześć, {name}! Jesteś połączony z botem szkoły.',
    uk: 'Вітаємо, {name}! Ви підключені до бота школи.',
  },
  nothingToDo: {
    en: 'There is nothing for you to answer right now. We will write when there is.',
    pl: 'Na razie nie ma nic do odpowiedzi. Napiszemy, gdy coś się pojawi.',
    uk: 'Поки що немає на що відповідати. Ми напишемо, коли щось зʼявиться.',
  },
  alreadyAnswered: {
    en: 'Already answered',
    pl: 'Już odpowiedziano',
    uk: 'Вже відповіли',
  },
  notUnderstood: {
    en: 'Please choose one of the buttons.',
    pl: 'Wybierz jeden z przycisków.',
    uk: 'Будь ласка, оберіть одну з кнопок.',
  },
  finished: {
    en: 'Thank you! The conversation is finished.',
    pl: 'Dziękujemy! Rozmowa zakończona.',
    uk: 'Дякуємо! Розмову завершено.',
  },
  groupPoints: {
    en: '{name}: {points}',
    pl: '{name}: {points}',
    uk: '{name}: {points}',
  },
  totalPoints: {
    en: 'Total: {points}',
    pl: 'Razem: {points}',
    uk: 'Разом: {points}',
  },
  percentRight: {
    en: 'Right answers: {right} of {answered} ({percent}%)',
    pl: 'Poprawne odpowiedzi: {right} z {answered} ({percent}%)',
    uk: 'Правильних відповідей: {right} з {answered} ({percent}%)',
  },
  reminder: {
    en: 'Reminder: your lesson {course} is on {date} at {start}.',
    pl: 'Przypomnienie: lekcja {course} odbędzie się {date} o {start}.',
    uk: 'Нагадування: ваш урок {course} відбудеться {date} о {start}.',
  },
  homework: {
    en: 'Homework: {homework}',
    pl: 'Zadanie domowe: {homework}',
    uk: 'Домашнє завдання: {homework}',
  },
  paymentDue: {
    en: 'Reminder: you have {amount} to pay for your lessons.',
    pl: 'Przypomnienie: do zapłaty za lekcje masz {amount}.',
    uk: 'Нагадування: до сплати за уроки {amount}.',
  },
  paymentPage: {
    en: 'What is due and how to pay: {link}',
    pl: 'Co jest do zapłaty i jak zapłacić: {link}',
    uk: 'Що до сплати і як оплатити: {link}',
  },
} as const;

export type BotText = keyof typeof texts;

/** The noun of the estimation's points, in each plural form (docs/bot.md, Estimation). */
const pointForms: Record<BotLocale, PluralForms> = {
  en: { one: 'point', other: 'points' },
  pl: { one: 'punkt', few: 'punkty', many: 'punktów', other: 'punktu' },
  uk: { one: 'бал', few: 'бали', many: 'балів', other: 'бала' },
};

/** A number of points worded in each language: "1 point", "3 бали", "5 punktów". */
export const pointsText =
  (points: number) =>
  (locale: BotLocale): string =>
    plural(locale, points, pointForms);

/** An amount of grosze in `currency` (the school's, ADR 040) the language's way: "130,00 zł". */
export const amountIn =
  (grosze: number, currency: string) =>
  (locale: BotLocale): string =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(grosze / 100);

/** A value of a text: as it is, or worded per language (a number with its noun). */
type TextValue = string | number | ((locale: BotLocale) => string);

/** The text in `locale`; without one, Ukrainian and English. */
export function botText(
  key: BotText,
  locale: BotLocale | null,
  values: Record<string, TextValue> = {},
): string {
  const fill = (l: BotLocale) =>
    texts[key][l].replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = values[name];
      return typeof value === 'function' ? value(l) : String(value ?? '');
    });
  if (locale) return fill(locale);
  return `${fill('uk')}\n${fill('en')}`;
}
