import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, logInAsAdmin, networkSettled, useBrowser } from './support.js';

/**
 * docs/interface.md, Languages: under Polish and Ukrainian everything the user reads follows the
 * language: the student timeline's words and plural forms, the seeded lookup names, the dates of
 * the documents list, and <html lang>.
 */
const browser = useBrowser();
let page: Page;
let studentId: number;
let conversationId: number;
let clientId: number;

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
/** Intl puts no-break spaces in some dates; the texts are compared with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function lookupId(path: string, name: string): Promise<number> {
  const res = await page.request.get(path);
  const items = (await res.json()) as { id: number; name: string }[];
  const item = items.find((i) => i.name === name);
  if (!item) throw new Error(`${name} is not in ${path}`);
  return item.id;
}

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 800 });
  await logInAsAdmin(page);
  const student = await api<{ id: number }>(page, 'POST', '/api/students', {
    name: 'Olha',
    surname: 'Movna',
  });
  studentId = student.id;
  await api(page, 'POST', '/api/studentdocuments', {
    student: studentId,
    name: 'Visa',
    number: 'AB123',
    dateFrom: '2025-09-17',
    dateTo: '2026-09-16',
  });
  const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
    date: yesterday(),
    start: '17:00',
    end: '18:30',
    price: 60,
  });
  await api(page, 'POST', '/api/events', {
    lesson: lesson.id,
    student: studentId,
    toPay: '1',
    attendence: 1,
    isPaid: true,
  });
  const conversation = await api<{ id: number }>(page, 'POST', '/api/conversations', {
    name: 'Past tense',
    typeId: await lookupId('/api/conversationtypes', 'Homework'),
  });
  conversationId = conversation.id;
  await api(page, 'POST', '/api/answers', {
    text: 'Hello!',
    answerTypeId: await lookupId('/api/answertypes', 'Message with buttons'),
    conversationId,
  });
  await api(page, 'POST', '/api/conversationprogress', { student: studentId, conversationId });
  const client = await api<{ id: number }>(page, 'POST', '/api/clients', {
    firstName: 'Marta',
    language: await lookupId('/api/languages', 'Ukrainian'),
  });
  clientId = client.id;
});

const WORDS = {
  uk: {
    timeline: 'Хронологія',
    run: 'триває · 0 відповідей',
    lesson: 'Урок',
    participation: '17:00–18:30 · присутній · оплачено',
    document: '№ AB123 · 17 вер. 2025 р. – 16 вер. 2026 р.',
    dateFrom: '17 вер. 2025 р.',
    newAnswer: 'Нова відповідь',
    answerType: 'Тип відповіді',
    buttons: 'Повідомлення з кнопками',
    answerTypes: [
      'Повідомлення з кнопками',
      'Відповідь довільним текстом',
      'Фінальне повідомлення',
    ],
    homework: 'Домашнє завдання',
    test: 'Тест',
    create: 'Створити',
    levelsTab: 'Рівні',
    b1: 'B1 Середній',
    clientForm: 'Дані клієнта',
    language: 'Мова',
    languages: ['Українська', 'Англійська', 'Польська'],
  },
  pl: {
    timeline: 'Oś czasu',
    run: 'w toku · 0 odpowiedzi',
    lesson: 'Lekcja',
    participation: '17:00–18:30 · obecny · zapłacone',
    document: 'nr AB123 · 17 wrz 2025 – 16 wrz 2026',
    dateFrom: '17 wrz 2025',
    newAnswer: 'Nowa odpowiedź',
    answerType: 'Typ odpowiedzi',
    buttons: 'Wiadomość z przyciskami',
    answerTypes: ['Wiadomość z przyciskami', 'Odpowiedź tekstem', 'Wiadomość końcowa'],
    homework: 'Zadanie domowe',
    test: 'Test',
    create: 'Utwórz',
    levelsTab: 'Poziomy',
    b1: 'B1 Średnio zaawansowany',
    clientForm: 'Dane klienta',
    language: 'Język',
    languages: ['Ukraiński', 'Angielski', 'Polski'],
  },
} as const;

/** Inside the 1280 × 800 window once scrolled to, and inside `within` when given. */
async function expectInView(target: Locator, within?: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  // a subpixel past the edge is the scroll's rounding, not a cut
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280 + 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(800 + 1);
  if (within) {
    const outer = (await within.boundingBox())!;
    expect(box!.x).toBeGreaterThanOrEqual(outer.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(outer.x + outer.width);
  }
}

/** Shown in full, and the page does not scroll sideways. */
async function expectVisible(target: Locator) {
  await expectInView(target);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

async function optionTexts(select: Locator) {
  return select.locator('option').allInnerTexts();
}

describe.each(['uk', 'pl'] as const)('in %s', (language) => {
  const words = WORDS[language];

  beforeAll(async () => {
    await page.evaluate((lng) => localStorage.setItem('language', lng), language);
  });

  it('<html lang> follows the language', async () => {
    await page.goto('/dashboard');
    await networkSettled(page);
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
  });

  it("words the student's timeline in the language, with its plural forms", async () => {
    await page.goto(`/students/${studentId}`);
    const timeline = page.getByRole('region', { name: words.timeline });
    await timeline.waitFor();
    await expect.poll(async () => plain(await timeline.innerText())).toContain(words.run);
    const text = plain(await timeline.innerText());
    expect(text).toContain(words.participation);
    expect(text).toContain(words.document);
    expect(text).toContain(words.lesson);
    // no English word the server used to send
    for (const english of ['in progress', 'replies', 'present', 'paid']) {
      expect(text).not.toContain(english);
    }
    // each entry's words in full inside the timeline's card
    for (const detail of [words.run, words.participation]) {
      await expectInView(timeline.getByText(detail, { exact: true }), timeline);
    }
  });

  it('shows the documents list dates in the language, not as YYYY-MM-DD', async () => {
    await page.goto(`/cardocuments/bycar/${studentId}`);
    const cell = page.getByRole('cell', { name: words.dateFrom, exact: true });
    await expect
      .poll(async () => plain((await cell.innerText().catch(() => '')) ?? ''))
      .toBe(words.dateFrom);
    expect(await page.getByRole('table').innerText()).not.toContain('2025-09-17');
    await expectVisible(cell);
  });

  it('shows the seeded answer types and conversation types in the language', async () => {
    await page.goto(`/conversations/${conversationId}`);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(words.buttons);
    // the answer's card names its type (an <option> of the form would say nothing visible)
    await expectVisible(page.locator('span', { hasText: words.buttons }).first());
    const form = page.getByRole('form', { name: words.newAnswer });
    const answerType = form.getByLabel(words.answerType);
    await expect
      .poll(() => optionTexts(answerType))
      .toEqual(expect.arrayContaining([...words.answerTypes]));

    await page.goto('/conversations');
    const row = page.getByRole('row').filter({ hasText: 'Past tense' });
    await expect.poll(() => row.innerText()).toContain(words.homework);
    await expectVisible(row.getByText(words.homework, { exact: true }));
  });

  it("shows the seeded languages in the language in a client's form", async () => {
    await page.goto(`/clients/${clientId}`);
    const form = page.getByRole('form', { name: words.clientForm });
    const select = form.getByLabel(words.language, { exact: true });
    await expect
      .poll(() => optionTexts(select))
      .toEqual(expect.arrayContaining([...words.languages]));
    // the client's own language is the chosen option, named in the language
    expect(await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe(
      words.languages[0],
    );
    await expectVisible(select);
  });

  it('offers the seeded conversation types in the language', async () => {
    await page.goto('/conversations');
    await page.getByRole('button', { name: words.create, exact: true }).click();
    const select = page.locator('select[name="typeId"]');
    await expect.poll(() => optionTexts(select)).toContain(words.test);
  });

  it('shows the seeded rows of a dictionary in the language in the settings', async () => {
    await page.goto('/settings');
    await page.getByRole('tab', { name: words.levelsTab }).click();
    const cell = page.getByRole('cell', { name: words.b1, exact: true });
    await cell.waitFor();
    expect(await page.getByRole('tabpanel').innerText()).not.toContain('B1 Intermediate');
    await expectVisible(cell);
  });
});
