import type { TimelineEntry } from '@school/contract/students';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n/i18n';
import { loadScreenTexts } from '../../i18n/loggedInTexts';
import { timelineDetail, timelineTitle } from './timelineDetail';

const at = '2026-11-20T15:00:00.000Z';
const run = (replies: number, finished = false): TimelineEntry => ({
  kind: 'run',
  at,
  id: 1,
  title: 'Past tense',
  finished,
  replies,
});
const participation: TimelineEntry = {
  kind: 'participation',
  at,
  id: 2,
  title: '',
  date: '2026-11-25',
  start: '17:00',
  end: '18:30',
  presence: 'present',
  paid: true,
};
const game: TimelineEntry = {
  kind: 'game',
  at,
  id: 3,
  title: 'Animals',
  score: 7,
  max: 9,
  seconds: 42,
  isSet: true,
};
const document: TimelineEntry = {
  kind: 'document',
  at,
  id: 4,
  title: 'Visa',
  number: 'AB123',
  dateFrom: '2025-09-17',
  dateTo: '2026-09-16',
};
const page: TimelineEntry = { kind: 'page', at, id: 5, title: '' };
const reminder: TimelineEntry = {
  kind: 'reminder',
  at,
  id: 6,
  title: '',
  amount: 130,
  currency: 'PLN',
  sent: true,
  error: null,
};
const failed: TimelineEntry = {
  ...reminder,
  currency: 'EUR',
  sent: false,
  error: 'Forbidden: bot was blocked by the user',
};

const COUNTS = [0, 1, 2, 5, 11, 21, 22, 25];
const detail = (lng: 'en' | 'pl' | 'uk', entry: TimelineEntry) =>
  timelineDetail(entry, i18next.getFixedT(lng), lng);
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

beforeAll(async () => {
  await initI18n('en');
  await loadScreenTexts(['students']);
  await changeLanguage('pl');
  await changeLanguage('uk');
});

describe('the timeline in words (docs/students.md, Timeline)', () => {
  it("words the opening of the student's own page in each language", () => {
    expect(
      (['en', 'pl', 'uk'] as const).map((lng) => [
        timelineTitle(page, i18next.getFixedT(lng)),
        detail(lng, page),
      ]),
    ).toEqual([
      ['opened their page', ''],
      ['otworzył(a) swoją stronę', ''],
      ['відкрив(ла) свою сторінку', ''],
    ]);
  });

  it('words a payment reminder, sent or not, with what was due in each language', () => {
    const words = (lng: 'en' | 'pl' | 'uk', entry: TimelineEntry) => [
      timelineTitle(entry, i18next.getFixedT(lng)),
      nbsp(detail(lng, entry)),
    ];
    expect((['en', 'pl', 'uk'] as const).map((lng) => words(lng, reminder))).toEqual([
      ['sent by Telegram', '130.00 zł due'],
      ['wysłane przez Telegram', '130,00 zł do zapłaty'],
      ['надіслано в Telegram', '130,00 zł до сплати'],
    ]);
    expect((['en', 'pl', 'uk'] as const).map((lng) => words(lng, failed))).toEqual([
      ['not sent', '€130.00 due · Forbidden: bot was blocked by the user'],
      ['nie wysłano', '130,00 € do zapłaty · Forbidden: bot was blocked by the user'],
      ['не надіслано', '130,00 EUR до сплати · Forbidden: bot was blocked by the user'],
    ]);
  });

  it('en', () => {
    expect(COUNTS.map((n) => detail('en', run(n)))).toEqual([
      'in progress · 0 replies',
      'in progress · 1 reply',
      'in progress · 2 replies',
      'in progress · 5 replies',
      'in progress · 11 replies',
      'in progress · 21 replies',
      'in progress · 22 replies',
      'in progress · 25 replies',
    ]);
    expect(detail('en', run(3, true))).toBe('finished · 3 replies');
    expect(detail('en', participation)).toBe('17:00–18:30 · present · paid');
    expect(detail('en', { ...participation, presence: 'absent', paid: false })).toBe(
      '17:00–18:30 · absent',
    );
    expect(detail('en', { ...participation, presence: null, paid: false })).toBe('17:00–18:30');
    expect(detail('en', game)).toBe('7 of 9 · 42 s · in a set');
    expect(detail('en', { ...game, isSet: false })).toBe('7 of 9 · 42 s');
    expect(detail('en', document)).toBe('No. AB123 · Sep 17, 2025 – Sep 16, 2026');
    expect(timelineTitle(participation, i18next.getFixedT('en'))).toBe('Lesson');
    expect(timelineTitle({ ...participation, title: 'Grammar' }, i18next.getFixedT('en'))).toBe(
      'Grammar',
    );
  });

  it('pl', () => {
    expect(COUNTS.map((n) => detail('pl', run(n)))).toEqual([
      'w toku · 0 odpowiedzi',
      'w toku · 1 odpowiedź',
      'w toku · 2 odpowiedzi',
      'w toku · 5 odpowiedzi',
      'w toku · 11 odpowiedzi',
      'w toku · 21 odpowiedzi',
      'w toku · 22 odpowiedzi',
      'w toku · 25 odpowiedzi',
    ]);
    expect(detail('pl', run(1, true))).toBe('zakończona · 1 odpowiedź');
    expect(detail('pl', participation)).toBe('17:00–18:30 · obecny · zapłacone');
    expect(detail('pl', { ...participation, presence: 'absent', paid: false })).toBe(
      '17:00–18:30 · nieobecny',
    );
    expect(detail('pl', game)).toBe('7 z 9 · 42 s · w zestawie');
    expect(nbsp(detail('pl', document))).toBe('nr AB123 · 17 wrz 2025 – 16 wrz 2026');
    expect(detail('pl', { ...document, number: '', dateTo: null })).toBe('od 17 wrz 2025');
    expect(timelineTitle(participation, i18next.getFixedT('pl'))).toBe('Lekcja');
  });

  it('uk', () => {
    expect(COUNTS.map((n) => detail('uk', run(n)))).toEqual([
      'триває · 0 відповідей',
      'триває · 1 відповідь',
      'триває · 2 відповіді',
      'триває · 5 відповідей',
      'триває · 11 відповідей',
      'триває · 21 відповідь',
      'триває · 22 відповіді',
      'триває · 25 відповідей',
    ]);
    expect(detail('uk', run(2, true))).toBe('завершено · 2 відповіді');
    expect(detail('uk', participation)).toBe('17:00–18:30 · присутній · оплачено');
    expect(detail('uk', game)).toBe('7 з 9 · 42 с · у наборі');
    expect(nbsp(detail('uk', document))).toBe('№ AB123 · 17 вер. 2025 р. – 16 вер. 2026 р.');
    expect(nbsp(detail('uk', { ...document, number: '', dateFrom: null }))).toBe(
      'до 16 вер. 2026 р.',
    );
    expect(timelineTitle(participation, i18next.getFixedT('uk'))).toBe('Урок');
  });
});
