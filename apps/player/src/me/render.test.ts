// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { LearnerPage } from '@school/contract/learner';
import { relabel, show } from '../dom';
import { translator } from '../i18n';
import { learnerSections } from './render';

const page: LearnerPage = {
  name: 'Marta Koval',
  locale: null,
  timeZone: 'Europe/Warsaw',
  nextLessons: [
    {
      start: '2026-12-07T16:00:00.000Z',
      end: '2026-12-07T17:00:00.000Z',
      teacher: 'Iryna Bondar',
      course: 'Business English',
      meetLink: 'https://meet.google.com/abc',
      homework: 'Read chapter 3\n\np. 12',
    },
  ],
  marks: [{ start: '2026-11-20T16:00:00.000Z', course: '', presence: 'absent' }],
  due: {
    lessons: [
      { date: '2026-11-20', course: 'Grammar', adjustment: false, amount: '120.00' },
      { date: '2026-11-23', course: 'Grammar', adjustment: false, amount: '50.50' },
      { date: '2026-11-24', course: '', adjustment: true, amount: '30.00' },
    ],
    total: '200.50',
  },
  account: {
    balance: '200.50',
    due: '200.50',
    credit: '0.00',
    currency: 'PLN',
    reference: 'K7M2QX',
    transferTitle: 'K7M2QX Marta Koval',
    iban: 'PL61109010140000071219812874',
    schoolName: 'Szkoła Języków',
    qrCode: '/api/public/students/abc/payment-qr.svg',
  },
  statementMonths: ['2026-11', '2026-10'],
  games: [
    {
      name: 'Animals',
      link: '/play/quiz?id=1&s=abc',
      isSet: false,
      last: { score: 2, max: 3, playedAt: '2026-11-25T10:00:00.000Z' },
    },
    { name: 'Monday', link: '/play/set?id=2&s=abc', isSet: true, last: null },
  ],
  conversations: [
    {
      name: 'Past tenses',
      finished: true,
      groups: [{ name: 'Grammar', points: 3.5 }],
      totalPoints: 3.5,
    },
  ],
  botLink: 'https://t.me/school_bot?start=abc',
};

const region = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('section')].find((s) => s.getAttribute('aria-label') === name)!;

describe("the learner's page", () => {
  it('shows every section at once, times in the time zone, amounts with their total', () => {
    const t = translator('en');
    const root = document.createElement('div');
    show(root, ...learnerSections(page, t));
    expect(root.querySelector('h1')!.textContent).toBe('Marta Koval');
    const bot = [...root.querySelectorAll('a')].find(
      (a) => a.textContent === 'Open the Telegram bot',
    );
    expect(bot?.getAttribute('href')).toBe(page.botLink);
    const lessons = region(root, 'Next lessons');
    // 16:00 UTC is 17:00 in Warsaw in December
    expect(lessons.querySelector('.me-when')!.textContent).toMatch(
      /^Mon, December 7, 5:00\sPM–6:00\sPM$/,
    );
    expect(lessons.textContent).toContain('Teacher: Iryna Bondar');
    expect(lessons.querySelector('.me-text')!.textContent).toBe('Read chapter 3\n\np. 12');
    const toPay = region(root, 'To pay');
    expect(toPay.querySelector('.me-total')!.textContent).toMatch(/^You owe PLN\s200\.50$/);
    // the rows of the ledger: each lesson's date, what it was, the amount left
    expect([...toPay.querySelectorAll('.me-row')].map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Fri, November 20 · Grammar\s*PLN\s120\.00$/),
      expect.stringMatching(/^Mon, November 23 · Grammar\s*PLN\s50\.50$/),
      expect.stringMatching(/^Tue, November 24 · Other charge\s*PLN\s30\.00$/),
    ]);
    // how to pay: the IBAN in fours and the title, each to copy, and the QR code
    expect([...toPay.querySelectorAll('.me-code')].map((c) => c.textContent)).toEqual([
      'PL61 1090 1014 0000 0712 1981 2874',
      'K7M2QX Marta Koval',
    ]);
    expect(toPay.textContent).toContain('Szkoła Języków');
    expect([...toPay.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Copy: Account number (IBAN)',
      'Copy: Transfer title',
    ]);
    const qr = toPay.querySelector('img')!;
    expect(qr.getAttribute('src')).toBe(page.account.qrCode);
    expect(qr.getAttribute('alt')).toBe('Payment QR code');
    expect(region(root, 'Attendance').textContent).toContain('Lesson');
    const games = region(root, 'Games');
    expect(games.querySelector('a')!.getAttribute('href')).toBe('/play/quiz?id=1&s=abc');
    expect(games.textContent).toContain('Last score: 2 / 3');
    expect(games.textContent).toContain('Not played yet');
    expect(region(root, 'Bot conversations').textContent).toContain('Grammar: 3.5');
  });

  it('shows a credit, no QR code when nothing is owed, and nothing of how to pay without an IBAN', () => {
    const credit = {
      ...page,
      due: { lessons: [], total: '0.00' },
      account: { ...page.account, balance: '-20.00', due: '0.00', credit: '20.00', qrCode: null },
    };
    const root = document.createElement('div');
    show(root, ...learnerSections(credit, translator('en')));
    const toPay = region(root, 'To pay');
    expect(toPay.querySelector('.me-credit')!.textContent).toMatch(
      /^You have PLN\s20\.00 paid ahead\.$/,
    );
    expect(toPay.querySelector('.me-total')).toBeNull();
    expect(toPay.querySelector('img')).toBeNull();
    expect(toPay.textContent).toContain('How to pay');
    const none = document.createElement('div');
    show(
      none,
      ...learnerSections(
        { ...page, account: { ...page.account, iban: null, qrCode: null } },
        translator('en'),
      ),
    );
    expect(region(none, 'To pay').textContent).not.toContain('How to pay');
    expect(region(none, 'To pay').querySelector('button, img')).toBeNull();
  });

  it('copies the IBAN and says so', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
    });
    const root = document.createElement('div');
    show(root, ...learnerSections(page, translator('en')));
    const copy = region(root, 'To pay').querySelector('button')!;
    copy.click();
    await expect
      .poll(() => copy.parentElement!.querySelector('[role=status]')!.textContent)
      .toBe('Copied');
    expect(written).toEqual(['PL61109010140000071219812874']);
  });

  it('links the Meet only when it is an http(s) address', () => {
    const meetLinks = (meetLink: string) => {
      const root = document.createElement('div');
      const lesson = { ...page.nextLessons[0]!, meetLink };
      show(root, ...learnerSections({ ...page, nextLessons: [lesson] }, translator('en')));
      return [...region(root, 'Next lessons').querySelectorAll('a')].map((a) =>
        a.getAttribute('href'),
      );
    };
    expect(meetLinks('https://meet.google.com/abc')).toEqual(['https://meet.google.com/abc']);
    for (const text of ['', 'abc-defg-hij', 'javascript:alert(1)', 'data:text/html,hi']) {
      expect(meetLinks(text), text).toEqual([]);
    }
  });

  it('changes its words and formats in place when the language changes', () => {
    const t = translator('en');
    const root = document.createElement('div');
    show(root, ...learnerSections(page, t));
    const heading = root.querySelector('h1');
    t.locale = 'uk';
    relabel();
    expect(root.querySelector('h1')).toBe(heading);
    expect(region(root, 'Найближчі уроки').textContent).toContain('Викладач: Iryna Bondar');
    expect(region(root, 'До оплати').querySelector('.me-total')!.textContent).toMatch(
      /^До сплати: 200,50\s(PLN|zł)$/,
    );
    expect(region(root, 'Найближчі уроки').querySelector('.me-when')!.textContent).toContain(
      '17:00',
    );
    t.locale = 'pl';
    relabel();
    expect(region(root, 'Gry').textContent).toContain('Jeszcze nie grano');
  });

  it("offers each month's statement as PDF in the page's language", () => {
    const t = translator('en');
    const root = document.createElement('div');
    show(root, ...learnerSections(page, t, 'abc'));
    const card = region(root, 'Statements');
    const select = card.querySelector('select')!;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['2026-11', 'November 2026'],
      ['2026-10', 'October 2026'],
    ]);
    const link = card.querySelector('a')!;
    expect(link.textContent).toBe('Download the statement (PDF)');
    expect(link.getAttribute('href')).toBe(
      '/api/public/students/abc/statement?month=2026-11&lang=en',
    );
    select.value = '2026-10';
    select.dispatchEvent(new Event('change'));
    expect(link.getAttribute('href')).toBe(
      '/api/public/students/abc/statement?month=2026-10&lang=en',
    );
    t.locale = 'uk';
    relabel();
    expect(link.getAttribute('href')).toBe(
      '/api/public/students/abc/statement?month=2026-10&lang=uk',
    );
    expect(select.options[0]!.textContent).toMatch(/^листопад 2026/);
    expect(card.querySelector('label')!.textContent).toBe('Місяць');
    const none = document.createElement('div');
    show(none, ...learnerSections({ ...page, statementMonths: [] }, translator('pl'), 'abc'));
    expect(region(none, 'Zestawienia').textContent).toContain('Nie ma jeszcze zestawień');
  });
});
