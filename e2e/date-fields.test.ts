import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createStaff, logInAsAdmin, sql, useBrowser, watchBrowserDialogs } from './support.js';

/**
 * docs/interface.md, Languages: in an English browser (locale en-US) with Polish or Ukrainian
 * chosen, the lesson form's date and time are written and read as that language does.
 */
const browser = useBrowser();
let page: Page;
let dialogs: string[];
const teacher = { first: 'Daria', last: `Kalendar${Date.now().toString(36)}` };
const suffix = Date.now().toString(36);

type Texts = Record<string, Record<string, string>>;
const I18N = new URL('../apps/web/src/i18n/', import.meta.url);
/** Every text of a language: the core, the app's and each screen part's (ADR 021). */
function dictionary(language: string): Texts {
  const read = (name: string) =>
    JSON.parse(readFileSync(new URL(`${name}.json`, I18N), 'utf8')) as Texts;
  const parts = readdirSync(new URL('screens/', I18N))
    .filter((file) => file.endsWith(`.${language}.json`))
    .map((file) => read(`screens/${file.slice(0, -'.json'.length)}`));
  const texts: Texts = {};
  for (const part of [read(language), read(`app.${language}`), ...parts]) {
    for (const [group, entries] of Object.entries(part)) {
      texts[group] = { ...texts[group], ...entries };
    }
  }
  return texts;
}
const text = (texts: Texts, key: string) => {
  const [group = '', name = ''] = key.split('.');
  const value = texts[group]?.[name];
  if (value === undefined) throw new Error(`no text ${key}`);
  return value;
};

const DAY = 86_400_000;
/** Monday of next week (the browser and the server run in UTC here). */
const nextMonday = (() => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return today - ((new Date(today).getUTCDay() + 6) % 7) * DAY + 7 * DAY;
})();

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 800 });
  dialogs = watchBrowserDialogs(page);
  await createStaff(teacher.first, teacher.last);
  await logInAsAdmin(page);
});

afterAll(async () => {
  await sql('delete from lessons where course like $1', [`%${suffix}`]);
});

const CASES = [
  { language: 'pl', weekday: 2, start: '17:00', end: '18:30', placeholder: 'dd.mm.rrrr' },
  { language: 'uk', weekday: 3, start: '8:05', end: '9:00', placeholder: 'дд.мм.рррр' },
] as const;

describe('date and time fields in the chosen language', () => {
  for (const { language, weekday, start, end, placeholder } of CASES) {
    it(`${language}: the lesson form shows and reads ${language} dates and the 24-hour clock`, async () => {
      const texts = dictionary(language);
      const t = (key: string) => text(texts, key);
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto('/schedule');
      await page.getByRole('region', { name: t('schedule.boardLabel') }).waitFor();

      await page.getByRole('button', { name: t('header.create'), exact: true }).click();
      const form = page.getByRole('form', { name: t('schedule.newLesson') });
      await form.waitFor();
      const date = form.getByLabel(t('fields.date'), { exact: true });
      const startField = form.getByLabel(t('fields.start'), { exact: true });
      const endField = form.getByLabel(t('fields.end'), { exact: true });
      expect(await date.getAttribute('type')).toBe('text');
      expect(await date.getAttribute('placeholder')).toBe(placeholder);

      // a date that does not exist: the field's message in the language, nothing saved
      await date.fill('31.02.2026');
      await startField.fill(start);
      await endField.fill(end);
      await form.getByLabel(t('fields.pricePerHour')).fill('80');
      await form.getByLabel(t('fields.duration')).fill('60');
      await form.getByLabel(t('fields.teacher')).selectOption({
        label: `${teacher.first} ${teacher.last}`,
      });
      // Weekly: the option that is not yes (CYCLED_YES, 1)
      const weekly = form.getByLabel(t('fields.isCycled'));
      await weekly.locator('option[value="1"]').waitFor({ state: 'attached' });
      const no = await weekly.evaluate((select: HTMLSelectElement) =>
        [...select.options].map((o) => o.value).find((v) => v !== '' && v !== '1'),
      );
      await weekly.selectOption(no ?? '');
      const course = `Kalendarz ${language} ${suffix}`;
      await form.getByLabel(t('fields.course')).fill(course);
      await form.getByRole('button', { name: t('schedule.create') }).click();
      await form.getByText(t('validation.invalid')).waitFor();
      expect(await date.inputValue()).toBe('31.02.2026');
      expect(await date.getAttribute('aria-invalid')).toBe('true');

      // one-digit day and month typed, written back as the language writes dates
      const day = new Date(nextMonday + weekday * DAY);
      const [d, m, y] = [day.getUTCDate(), day.getUTCMonth() + 1, day.getUTCFullYear()];
      await date.fill(`${d}.${m}.${y}`);
      await startField.click();
      const pad = (n: number) => String(n).padStart(2, '0');
      expect(await date.inputValue()).toBe(`${pad(d)}.${pad(m)}.${y}`);
      await form.getByLabel(t('fields.course')).click();
      const startIso = start.padStart(5, '0');
      expect(await startField.inputValue()).toBe(startIso);
      for (const field of [date, startField, endField]) {
        const box = await field.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);

      await form.getByRole('button', { name: t('schedule.create') }).click();
      await page.getByText(t('messages.success')).waitFor();
      await page.keyboard.press('Escape');

      // on the week: the chosen day, at the time typed
      await page.getByRole('button', { name: t('schedule.nextWeek') }).click();
      const board = page.getByRole('region', { name: t('schedule.boardLabel') });
      const card = board.getByRole('button', { name: new RegExp(course) });
      await card.waitFor();
      const days = board.getByRole('region');
      await expect.poll(() => days.count()).toBe(7);
      expect(
        await days
          .nth(weekday)
          .getByRole('button', { name: new RegExp(course) })
          .count(),
      ).toBe(1);
      expect(await card.innerText()).toContain(`${startIso}–${end.padStart(5, '0')}`);
    });
  }

  it('opened no browser dialog', () => {
    expect(dialogs).toEqual([]);
  });
});
