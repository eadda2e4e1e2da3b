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
      { start: '2026-11-20T16:00:00.000Z', course: 'Grammar', amount: 120 },
      { start: '2026-11-23T16:00:00.000Z', course: 'Grammar', amount: 80.5 },
    ],
    total: 200.5,
  },
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
    expect(region(root, 'To pay').querySelector('.me-total')!.textContent).toMatch(
      /^Total: PLN\s200\.50$/,
    );
    expect(region(root, 'Attendance').textContent).toContain('Lesson');
    const games = region(root, 'Games');
    expect(games.querySelector('a')!.getAttribute('href')).toBe('/play/quiz?id=1&s=abc');
    expect(games.textContent).toContain('Last score: 2 / 3');
    expect(games.textContent).toContain('Not played yet');
    expect(region(root, 'Bot conversations').textContent).toContain('Grammar: 3.5');
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
      /^Разом: 200,50\s(PLN|zł)$/,
    );
    expect(region(root, 'Найближчі уроки').querySelector('.me-when')!.textContent).toContain(
      '17:00',
    );
    t.locale = 'pl';
    relabel();
    expect(region(root, 'Gry').textContent).toContain('Jeszcze nie grano');
  });
});
