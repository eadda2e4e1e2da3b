import { Live } from './dom';

/** Every text the player shows, in en, pl and uk (docs/interface.md, Languages). */
const en = {
  title: 'Games',
  language: 'Language',
  loading: 'Loading ...',
  notFoundTitle: 'Game not found',
  notFoundText: 'This game does not exist or is not ready yet. Check the link you were given.',
  loadFailed: 'The game could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  score: 'Score: {score} / {max}',
  totalScore: 'Total score: {score} / {max}',
  finished: 'Well done!',
  playAgain: 'Play again',
  nextGame: 'Next game',
  next: 'Next',
  gameOf: 'Game {n} of {total}',
  tile: 'Card {n}',
  showAnswer: 'Show answer',
  knewIt: 'I knew it',
  didNotKnow: 'I did not know',
  close: 'Close',
  question: 'Question {n} of {total}',
  right: 'Right!',
  wrongAnswer: 'Wrong. The answer: {answer}',
  hint: 'Hint: {hint}',
  wordOf: 'Word {n} of {total}',
  typeOrClick: 'Click the letters or type them in order.',
  letter: 'Letter {letter}',
  giveUp: 'Show the word',
  wrongLetter: 'Not this letter',
  gapsHelp:
    'Drag a word into a gap, or choose a gap and then a word. Click a filled gap to empty it.',
  gap: 'Gap {n}',
  emptyGap: 'empty',
  words: 'Words',
  check: 'Check',
  saved: 'Your result is saved.', // the learner's own page (/play/me)
  meTitle: 'My page',
  hello: 'Hello, {name}!',
  notFoundPage: 'Page not found',
  notFoundPageText:
    'This link does not work any more, or it was typed wrong. Ask your school for your current link.',
  pageLoadFailed: 'The page could not be loaded. Check your connection and try again.',
  openBot: 'Open the Telegram bot',
  nextLessons: 'Next lessons',
  noLessons: 'No lessons planned yet.',
  teacher: 'Teacher: {name}',
  joinMeet: 'Join on Meet',
  homework: 'Homework',
  lesson: 'Lesson',
  toPay: 'To pay',
  nothingToPay: 'Nothing to pay. Thank you!',
  owed: 'You owe {amount}',
  creditLeft: 'You have {amount} paid ahead.',
  otherCharge: 'Other charge',
  howToPay: 'How to pay',
  payTo: 'Pay to',
  bankAccount: 'Account number (IBAN)',
  transferTitle: 'Transfer title',
  titleHint: 'Keep this title: it tells the school the payment is yours.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Select the text and copy it',
  scanToPay: 'Scan this code in your banking app: it fills in the transfer of {amount}.',
  paymentQr: 'Payment QR code',
  statements: 'Statements',
  noStatements: 'No statements yet: nothing has been charged or paid.',
  statementMonth: 'Month',
  downloadStatement: 'Download the statement (PDF)',
  marks: 'Attendance',
  noMarks: 'No attendance marked yet.',
  present: 'present',
  absent: 'absent',
  myGames: 'Games',
  noGames: 'No games yet.',
  lastScore: 'Last score: {score} / {max}',
  notPlayed: 'Not played yet',
  setOfGames: 'set of games',
  conversations: 'Bot conversations',
  noConversations: 'No bot conversations yet.',
  runFinished: 'finished',
  runInProgress: 'in progress',
  totalPoints: 'Total: {points}',
  timesIn: 'Times are in the {zone} time zone.',
};
export type Texts = typeof en;
export type TextKey = keyof Texts;

const pl: Texts = {
  title: 'Gry',
  language: 'Język',
  loading: 'Wczytywanie ...',
  notFoundTitle: 'Nie znaleziono gry',
  notFoundText: 'Ta gra nie istnieje albo nie jest jeszcze gotowa. Sprawdź otrzymany link.',
  loadFailed: 'Nie udało się wczytać gry. Sprawdź połączenie i spróbuj ponownie.',
  tryAgain: 'Spróbuj ponownie',
  score: 'Wynik: {score} / {max}',
  totalScore: 'Wynik łączny: {score} / {max}',
  finished: 'Brawo!',
  playAgain: 'Zagraj jeszcze raz',
  nextGame: 'Następna gra',
  next: 'Dalej',
  gameOf: 'Gra {n} z {total}',
  tile: 'Karta {n}',
  showAnswer: 'Pokaż odpowiedź',
  knewIt: 'Wiedziałem/am',
  didNotKnow: 'Nie wiedziałem/am',
  close: 'Zamknij',
  question: 'Pytanie {n} z {total}',
  right: 'Dobrze!',
  wrongAnswer: 'Źle. Odpowiedź: {answer}',
  hint: 'Podpowiedź: {hint}',
  wordOf: 'Słowo {n} z {total}',
  typeOrClick: 'Klikaj litery lub wpisuj je po kolei.',
  letter: 'Litera {letter}',
  giveUp: 'Pokaż słowo',
  wrongLetter: 'Nie ta litera',
  gapsHelp:
    'Przeciągnij słowo do luki albo wybierz lukę, potem słowo. Kliknij wypełnioną lukę, aby ją opróżnić.',
  gap: 'Luka {n}',
  emptyGap: 'pusta',
  words: 'Słowa',
  check: 'Sprawdź',
  saved: 'Twój wynik został zapisany.', // the learner's own page (/play/me)
  meTitle: 'Moja strona',
  hello: 'Cześć, {name}!',
  notFoundPage: 'Nie znaleziono strony',
  notFoundPageText:
    'Ten link już nie działa albo został źle wpisany. Poproś szkołę o aktualny link.',
  pageLoadFailed: 'Nie udało się wczytać strony. Sprawdź połączenie i spróbuj ponownie.',
  openBot: 'Otwórz bota w Telegramie',
  nextLessons: 'Najbliższe lekcje',
  noLessons: 'Nie ma jeszcze zaplanowanych lekcji.',
  teacher: 'Nauczyciel: {name}',
  joinMeet: 'Dołącz w Meet',
  homework: 'Zadanie domowe',
  lesson: 'Lekcja',
  toPay: 'Do zapłaty',
  nothingToPay: 'Nic do zapłaty. Dziękujemy!',
  owed: 'Do zapłaty: {amount}',
  creditLeft: 'Masz nadpłatę {amount}.',
  otherCharge: 'Inna opłata',
  howToPay: 'Jak zapłacić',
  payTo: 'Odbiorca',
  bankAccount: 'Numer konta (IBAN)',
  transferTitle: 'Tytuł przelewu',
  titleHint: 'Nie zmieniaj tytułu: po nim szkoła rozpozna Twoją wpłatę.',
  copy: 'Kopiuj',
  copied: 'Skopiowano',
  copyFailed: 'Zaznacz tekst i skopiuj go',
  scanToPay: 'Zeskanuj kod w aplikacji banku: wypełni przelew na {amount}.',
  paymentQr: 'Kod QR płatności',
  statements: 'Zestawienia',
  noStatements: 'Nie ma jeszcze zestawień: nic nie naliczono ani nie wpłacono.',
  statementMonth: 'Miesiąc',
  downloadStatement: 'Pobierz zestawienie (PDF)',
  marks: 'Obecność',
  noMarks: 'Obecność nie była jeszcze sprawdzana.',
  present: 'obecność',
  absent: 'nieobecność',
  myGames: 'Gry',
  noGames: 'Nie ma jeszcze gier.',
  lastScore: 'Ostatni wynik: {score} / {max}',
  notPlayed: 'Jeszcze nie grano',
  setOfGames: 'zestaw gier',
  conversations: 'Rozmowy z botem',
  noConversations: 'Nie ma jeszcze rozmów z botem.',
  runFinished: 'zakończona',
  runInProgress: 'w toku',
  totalPoints: 'Razem: {points}',
  timesIn: 'Godziny według strefy czasowej {zone}.',
};

const uk: Texts = {
  title: 'Ігри',
  language: 'Мова',
  loading: 'Завантаження ...',
  notFoundTitle: 'Гру не знайдено',
  notFoundText: 'Такої гри немає або вона ще не готова. Перевірте отримане посилання.',
  loadFailed: 'Не вдалося завантажити гру. Перевірте з’єднання і спробуйте ще раз.',
  tryAgain: 'Спробувати ще раз',
  score: 'Бали: {score} / {max}',
  totalScore: 'Разом: {score} / {max}',
  finished: 'Молодець!',
  playAgain: 'Грати ще раз',
  nextGame: 'Наступна гра',
  next: 'Далі',
  gameOf: 'Гра {n} з {total}',
  tile: 'Картка {n}',
  showAnswer: 'Показати відповідь',
  knewIt: 'Я знав/знала',
  didNotKnow: 'Я не знав/знала',
  close: 'Закрити',
  question: 'Питання {n} з {total}',
  right: 'Правильно!',
  wrongAnswer: 'Неправильно. Відповідь: {answer}',
  hint: 'Підказка: {hint}',
  wordOf: 'Слово {n} з {total}',
  typeOrClick: 'Натискайте літери або вводьте їх по черзі.',
  letter: 'Літера {letter}',
  giveUp: 'Показати слово',
  wrongLetter: 'Не ця літера',
  gapsHelp:
    'Перетягніть слово в пропуск або оберіть пропуск, потім слово. Натисніть заповнений пропуск, щоб звільнити його.',
  gap: 'Пропуск {n}',
  emptyGap: 'порожньо',
  words: 'Слова',
  check: 'Перевірити',
  saved: 'Ваш результат збережено.', // the learner's own page (/play/me)
  meTitle: 'Моя сторінка',
  hello: 'Вітаємо, {name}!',
  notFoundPage: 'Сторінку не знайдено',
  notFoundPageText:
    'Це посилання більше не працює або введене з помилкою. Попросіть у школи актуальне посилання.',
  pageLoadFailed: 'Не вдалося завантажити сторінку. Перевірте з’єднання і спробуйте ще раз.',
  openBot: 'Відкрити бота в Telegram',
  nextLessons: 'Найближчі уроки',
  noLessons: 'Уроків ще не заплановано.',
  teacher: 'Викладач: {name}',
  joinMeet: 'Приєднатися в Meet',
  homework: 'Домашнє завдання',
  lesson: 'Урок',
  toPay: 'До оплати',
  nothingToPay: 'Нічого сплачувати не треба. Дякуємо!',
  owed: 'До сплати: {amount}',
  creditLeft: 'У вас передплата {amount}.',
  otherCharge: 'Інший платіж',
  howToPay: 'Як оплатити',
  payTo: 'Отримувач',
  bankAccount: 'Номер рахунку (IBAN)',
  transferTitle: 'Призначення платежу',
  titleHint: 'Не змінюйте призначення: за ним школа впізнає ваш платіж.',
  copy: 'Копіювати',
  copied: 'Скопійовано',
  copyFailed: 'Виділіть текст і скопіюйте його',
  scanToPay: 'Відскануйте код у застосунку банку: він заповнить переказ на {amount}.',
  paymentQr: 'QR-код для оплати',
  statements: 'Виписки',
  noStatements: 'Виписок ще немає: нічого не нараховано й не сплачено.',
  statementMonth: 'Місяць',
  downloadStatement: 'Завантажити виписку (PDF)',
  marks: 'Відвідування',
  noMarks: 'Відвідування ще не позначено.',
  present: 'присутність',
  absent: 'відсутність',
  myGames: 'Ігри',
  noGames: 'Ігор ще немає.',
  lastScore: 'Останній результат: {score} / {max}',
  notPlayed: 'Ще не грали',
  setOfGames: 'набір ігор',
  conversations: 'Розмови з ботом',
  noConversations: 'Розмов із ботом ще немає.',
  runFinished: 'завершено',
  runInProgress: 'триває',
  totalPoints: 'Разом: {points}',
  timesIn: 'Час указано за часовим поясом {zone}.',
};

export const LOCALES = { en, pl, uk } as const;
export type Locale = keyof typeof LOCALES;
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  pl: 'Polski',
  uk: 'Українська',
};
/** Where the games keep the language chosen with their switch (the learner's page has its own). */
export const STORAGE_KEY = 'player.locale';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && value in LOCALES;

/** The language the server starts pages in (DEFAULT_LOCALE, written into the page's <html lang>). */
export function defaultLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
}

/** The language chosen on this device before (kept under `key`), if any. */
export function storedLocale(key = STORAGE_KEY): Locale | null {
  try {
    const stored = localStorage.getItem(key);
    if (isLocale(stored)) return stored;
  } catch {
    // storage may be blocked inside a frame: the browser's language still applies
  }
  return null;
}

/** The first of the browser's languages the player has, if any. */
export function browserLocale(): Locale | null {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLocale(base)) return base;
  }
  return null;
}

/** The stored choice, else the browser's language, else the server's default. */
export function initialLocale(): Locale {
  return storedLocale() ?? browserLocale() ?? defaultLocale();
}

/** Keeps a language chosen with a switch on this device, under `key`. */
export function storeLocale(locale: Locale, key = STORAGE_KEY) {
  try {
    localStorage.setItem(key, locale);
  } catch {
    // not stored: the choice lasts for this page
  }
}

/** A text with its {placeholders} filled. */
type Values = Record<string, string | number>;
export interface Translate {
  (key: TextKey, values?: Values): string;
  /** the same text kept in the page's language: it follows a switch (dom.ts, relabel) */
  live(key: TextKey, values?: Values): Live;
  /** the language the texts are in; changing it (then relabel) re-words every live text */
  locale: Locale;
}

export function format(text: string, values: Values = {}) {
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** The player's texts in `initial`; its `locale` may change later (a language switch). */
export function translator(initial: Locale): Translate {
  const t = ((key: TextKey, values?: Values) =>
    format(LOCALES[t.locale][key], values)) as Translate;
  t.locale = initial;
  t.live = (key, values) => new Live(() => t(key, values));
  return t;
}
