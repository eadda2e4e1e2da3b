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
  saved: 'Your result is saved.',
};
export type Texts = typeof en;
export type TextKey = keyof Texts;

const pl: Texts = {
  title: 'Gry',
  language: 'Język',
  loading: 'Loading ...',
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
  saved: 'Twój wynik został zapisany.',
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
  saved: 'Ваш результат збережено.',
};

export const LOCALES = { en, pl, uk } as const;
export type Locale = keyof typeof LOCALES;
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  pl: 'Polski',
  uk: 'Українська',
};
const STORAGE_KEY = 'player.locale';

const isLocale = (value: unknown): value is Locale => typeof value === 'string' && value in LOCALES;

/** The stored choice, else the first of the browser's languages the player has, else en. */
export function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // storage may be blocked inside a frame: the browser's language still applies
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLocale(base)) return base;
  }
  return 'en';
}

export function storeLocale(locale: Locale) {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // not stored: the choice lasts for this page
  }
}

/** A text with its {placeholders} filled. */
export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

export const translator =
  (locale: Locale): Translate =>
  (key, values = {}) =>
    LOCALES[locale][key].replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? ''));
