import { ANSWER_TYPE_FINAL, ESTIMATION_POINTS_PER_GROUP } from '@school/contract/bot';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAxe, violationLines } from './axe.js';
import { api, logInAsAdmin, sql, useBrowser } from './support.js';

/**
 * A run's messages (docs/screens.md, Bot screens), opened from the student's page in
 * Ukrainian: who and what the run is, the way back, the estimation once, and a phone's width.
 */

const tag = Date.now().toString(36);
const student = { name: 'Олександра', surname: `Коваленко-Шевченко ${tag}` };
const studentName = `${student.name} ${student.surname}`;
const conversationName = `Минулий час: перевірка знань ${tag}`;
/** A long reply with a word too long for a phone's line: it must wrap, not widen the page. */
const longReply = `Я ходила до школи вчора і ${'дуже'.repeat(30)} довго говорила з учителькою`;

const browser = useBrowser();
let studentId = 0;

async function newPage(width: number, height: number, hasTouch = false) {
  const page = await browser.newPage({ width, height, hasTouch, locale: 'uk-UA' });
  await logInAsAdmin(page);
  await page.evaluate(() => localStorage.setItem('language', 'uk'));
  return page;
}

beforeAll(async () => {
  const page = await newPage(1280, 800);
  const post = <T = { id: number }>(url: string, body: unknown) => api<T>(page, 'POST', url, body);
  studentId = (await post('/api/students', student)).id;
  const conversation = await post('/api/conversations', {
    name: conversationName,
    isPublic: 0,
    estimationFunction: ESTIMATION_POINTS_PER_GROUP,
  });
  const group = await post('/api/estimationgroup', {
    name: 'Граматика',
    conversation: conversation.id,
  });
  const question = await post('/api/answers', {
    text: 'Що ви робили вчора? Розкажіть докладно.',
    conversationId: conversation.id,
  });
  const end = await post('/api/answers', {
    text: 'Дякуємо! Розмову завершено.',
    answerTypeId: ANSWER_TYPE_FINAL,
    isLast: 1,
    conversationId: conversation.id,
  });
  const right = await post('/api/answerconnectors', {
    text: 'Я ходила до школи',
    fromId: question.id,
    nextId: end.id,
    isRight: 1,
    point: 2,
    estimationGroup: group.id,
  });
  const run = await post('/api/conversationprogress', {
    student: studentId,
    conversationId: conversation.id,
  });
  // The run as the bot logs it (docs/bot.md, Runs): the question, the reply, the last answer
  // and the summary the student got at the end, in the student's language.
  await sql(
    `insert into messages (progress_id, is_bot, text, answer_id, answer_connector_id, type_id,
       flag_id, step, point, estimation_group_id, date_time) values
     ($1, 1, $2, $3, null, 1, null, 0, 0, null, now() - interval '3 minutes'),
     ($1, 0, $4, $3, $5, 1, 1, 0, 2, $6, now() - interval '2 minutes'),
     ($1, 1, $7, $8, null, $9, null, 1, 0, null, now() - interval '2 minutes'),
     ($1, 1, 'Граматика: 2 бали', null, null, $9, null, 1, 0, null, now() - interval '2 minutes'),
     ($1, 1, 'Разом: 2 бали', null, null, $9, null, 1, 0, null, now() - interval '2 minutes')`,
    [
      run.id,
      'Що ви робили вчора? Розкажіть докладно.',
      question.id,
      longReply,
      right.id,
      group.id,
      'Дякуємо! Розмову завершено.',
      end.id,
      ANSWER_TYPE_FINAL,
    ],
  );
  await sql(
    `update conversation_progress set is_finished = 1, step = 1, current_answer_id = $2,
       created_at = now() - interval '3 minutes', finished_at = now() - interval '2 minutes'
     where id = $1`,
    [run.id, end.id],
  );
  await page.context().close();
});

/** Opens the student's page and from its bot panel the run's messages. */
async function openFromStudent(page: Page) {
  await page.goto(`/students/${studentId}`);
  const panel = page.getByRole('region', { name: 'Розмови з ботом' });
  await panel.getByRole('listitem').filter({ hasText: conversationName }).waitFor();
  await panel.getByRole('link', { name: 'Повідомлення' }).click();
  await page.waitForURL(/\/messages\/byconvprogress\/\d+$/);
  await page.getByRole('heading', { name: 'Повідомлення', level: 1 }).waitFor();
  await page.getByRole('table').waitFor();
}

/** The page does not scroll sideways and each text's box lies inside the viewport's width. */
async function fitsWidth(page: Page, texts: string[]) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  for (const text of texts) {
    const box = await page.getByText(text, { exact: true }).first().boundingBox();
    expect(box, text).not.toBeNull();
    expect(box!.x, text).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, text).toBeLessThanOrEqual(innerWidth);
  }
}

/** Axe's WCAG 2.1 AA findings on the page (docs/interface.md, Accessibility), one line each. */
async function axeViolations(page: Page) {
  return violationLines((await runAxe(page)).violations);
}

describe("a run's messages", () => {
  it('name the student and the conversation, lead back to the student and show the estimation once', async () => {
    const page = await newPage(1280, 800);
    await openFromStudent(page);
    const header = page
      .locator('header')
      .filter({ has: page.getByRole('heading', { name: 'Повідомлення', level: 1 }) });
    const studentLink = header.getByRole('link', { name: studentName, exact: true });
    expect(await studentLink.getAttribute('href')).toBe(`/students/${studentId}`);
    const conversationLink = header.getByRole('link', { name: conversationName, exact: true });
    expect(await conversationLink.getAttribute('href')).toMatch(/^\/conversations\/\d+$/);
    // the run's state and dates, in Ukrainian
    const facts = page.locator('dl').filter({ hasText: 'Стан' });
    expect(await facts.locator('dt').allInnerTexts()).toEqual(['Стан', 'Початок', 'Кінець']);
    expect(await facts.locator('dd').first().innerText()).toBe('Завершено');
    await fitsWidth(page, [studentName, conversationName]);

    // the estimation once: in its panel, not again at the end of the log
    const estimation = page.getByRole('region', { name: 'Оцінка' });
    expect(await estimation.getByRole('listitem').allInnerTexts()).toEqual([
      'Граматика: 2 бали',
      'Разом: 2 бали',
    ]);
    expect(await page.getByText('Разом: 2 бали').count()).toBe(1);
    expect(await page.getByText('Граматика: 2 бали').count()).toBe(1);
    expect(await page.getByRole('table').getByRole('row').count()).toBe(4);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: `Назад до учня ${studentName}` }).click();
    await page.waitForURL((url) => url.pathname === `/students/${studentId}`);
    await page.getByRole('region', { name: 'Розмови з ботом' }).waitFor();
    await page.context().close();
  });

  it('fits a phone: no sideways scroll, names and long messages wrap', async () => {
    const page = await newPage(390, 844, true);
    await openFromStudent(page);
    await fitsWidth(page, [
      studentName,
      conversationName,
      `Назад до учня ${studentName}`,
      'Разом: 2 бали',
    ]);
    // the long reply wraps inside its table, which fits the page
    const table = await page.getByRole('region', { name: /Повідомлення/ }).boundingBox();
    const reply = await page.getByRole('cell', { name: longReply }).boundingBox();
    const width = await page.evaluate(() => window.innerWidth);
    expect(table!.x + table!.width).toBeLessThanOrEqual(width);
    expect(reply!.x + reply!.width).toBeLessThanOrEqual(table!.x + table!.width);
    expect(reply!.height).toBeGreaterThan(40);
    // the phone's message cards keep the table's meaning (docs/interface.md, Accessibility)
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
