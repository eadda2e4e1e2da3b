import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, logInAsAdmin, networkSettled, removeMoneyOf, useBrowser } from './support.js';

/**
 * A phone (390x844, docs/screens.md): a list says which of its columns lie sideways, the screen
 * takes the whole width when the navigation is hidden, and the student's lessons count reads on
 * one line.
 */

const browser = useBrowser();
const MARK = `Phone${Date.now().toString(36)}`;
let owner: Page;
let clientId = 0;
let studentId = 0;
let lessonId = 0;

beforeAll(async () => {
  owner = await browser.newPage();
  await logInAsAdmin(owner);
  clientId = (
    await api<{ id: number }>(owner, 'POST', '/api/clients', {
      firstName: MARK,
      lastName: 'Kovalenko',
      email: `${MARK.toLowerCase()}@example.com`,
      tel: '+380 67 100 20 30',
    })
  ).id;
  studentId = (
    await api<{ id: number }>(owner, 'POST', '/api/students', { name: MARK, surname: 'Boyko' })
  ).id;
  const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  lessonId = (
    await api<{ id: number }>(owner, 'POST', '/api/lessons', {
      date,
      start: '17:00',
      end: '18:00',
      price: 80,
      course: 'Phone course',
      force: true,
    })
  ).id;
  await api(owner, 'POST', '/api/events', { lesson: lessonId, student: studentId });
});

afterAll(async () => {
  // the page read the student's account, which charged the past lesson (docs/money.md)
  await removeMoneyOf([studentId]);
  await api(owner, 'DELETE', `/api/clients/${clientId}`);
  await api(owner, 'DELETE', `/api/lessons/${lessonId}`);
  await api(owner, 'DELETE', `/api/students/${studentId}`);
});

async function phone(path: string) {
  const page = await browser.newPage({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await logInAsAdmin(page);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

describe('a phone', () => {
  it('says which of a list’s columns lie sideways, and which as it scrolls', async () => {
    const page = await phone('/clients');
    await page.getByRole('searchbox', { name: 'Search' }).fill(MARK);
    await page.getByRole('row', { name: new RegExp(MARK) }).waitFor();
    await networkSettled(page);
    const hint = page.getByText(/^More columns sideways: /);
    expect(await hint.innerText()).toContain('E-mail');
    expect(await hint.innerText()).toContain('Price');
    const region = page.getByRole('region', { name: 'Clients list', exact: true });
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => hint.innerText()).toContain('First name');
    expect(await hint.innerText()).not.toContain('Price');
  });

  it('gives the screen the whole width while the navigation is hidden', async () => {
    const page = await phone('/clients');
    const search = page.getByRole('searchbox', { name: 'Search' });
    expect((await box(search)).x).toBeLessThanOrEqual(21);
    // the corner button lies beside the title, not over it
    const corner = await box(page.getByRole('button', { name: 'Show or hide navigation' }));
    const title = page.getByRole('heading', { level: 1 });
    const textLeft = await title.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().left;
    });
    expect(textLeft).toBeGreaterThanOrEqual(corner.x + corner.width);
    expect((await box(title)).y).toBeLessThan(corner.y + corner.height);
  });

  it('reads the student’s lessons count on one line', async () => {
    const page = await phone(`/students/${studentId}`);
    const caption = page.getByText(/^1 of 1 lesson$/);
    await caption.waitFor();
    const lineHeight = await caption.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const { width, height } = await box(caption);
    expect(height).toBeLessThan((lineHeight || 20) * 1.5 + 6);
    expect(width).toBeGreaterThan(80);
  });
});
