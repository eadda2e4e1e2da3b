import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, logInAsAdmin, networkSettled, useBrowser } from './support.js';

/**
 * List tables at 1280 px (docs/screens.md, List screens): the data columns get the width first
 * (short values such as a phone number whole), headers
 * break inside a word only at a hyphenation point, and a cut cell shows all of itself on hover
 * and on keyboard focus.
 */

const browser = useBrowser();
const MARK = `Cells${Date.now().toString(36)}`;
const TEL = '+380 67 100 20 30';
const LONG_EMAIL = `${MARK.toLowerCase()}.bartholomew.konstantynopolsky@very-long-example-domain.com`;
let owner: Page;
let clientId = 0;
let studentId = 0;

beforeAll(async () => {
  owner = await browser.newPage();
  await logInAsAdmin(owner);
  const stages = (await (await owner.request.get('/api/stages')).json()) as { id: number }[];
  clientId = (
    await api<{ id: number }>(owner, 'POST', '/api/clients', {
      firstName: `${MARK}-Oleksandra`,
      lastName: 'Konstantynopolska-Wiśniewska',
      email: LONG_EMAIL,
      tel: TEL,
      price: 1200,
      probability: 50,
      product: 1,
      stage: stages[1]?.id,
    })
  ).id;
  studentId = (
    await api<{ id: number }>(owner, 'POST', '/api/students', {
      name: `${MARK}-Student`,
      surname: 'Konstantynopolska',
      email: LONG_EMAIL,
      location: 'Lviv',
    })
  ).id;
});

afterAll(async () => {
  await api(owner, 'DELETE', `/api/clients/${clientId}`);
  await api(owner, 'DELETE', `/api/students/${studentId}`);
});

async function list(path: string, language = 'en') {
  const page = await browser.newPage({ width: 1280, height: 800 });
  await logInAsAdmin(page);
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  await page.goto(path);
  await page.getByRole('searchbox').fill(MARK);
  const row = page.getByRole('row', { name: new RegExp(MARK) }).first();
  await row.waitFor();
  await networkSettled(page);
  return { page, row };
}

describe('list tables at 1280x800', () => {
  it('show a client’s phone number whole beside a cut e-mail', async () => {
    const { row } = await list('/clients');
    const tel = row.getByRole('cell', { name: TEL, exact: true });
    // the widths follow the table's box once it has been measured (a frame after the rows)
    await expect.poll(() => tel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const email = row.getByRole('cell', { name: LONG_EMAIL });
    expect(await email.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  it.each(['uk', 'pl'])(
    'break headers inside a word only at a hyphenation point, with a hyphen (%s)',
    async (language) => {
      const { page } = await list('/students', language);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      const headers = page.getByRole('columnheader');
      let broken = 0;
      for (const header of await headers.all()) {
        expect(await header.evaluate((el) => getComputedStyle(el).hyphens)).toBe('auto');
        // the text between two break points (a space, a soft hyphen) is never split across lines
        const bad = await header.evaluate((el) => {
          const found: string[] = [];
          const tops = new Set<number>();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/[^\s\u00ad]+/g)) {
              // each letter's line: its last box (a break's hyphen is drawn before it, above)
              const lines = new Set<number>();
              for (let i = match.index; i < match.index + match[0].length; i++) {
                const range = document.createRange();
                range.setStart(node, i);
                range.setEnd(node, i + 1);
                const box = [...range.getClientRects()].at(-1);
                if (box) lines.add(Math.round(box.top));
              }
              lines.forEach((top) => tops.add(top));
              if (lines.size > 1) found.push(match[0]);
            }
          }
          return { found, lines: tops.size - 1 };
        });
        broken += bad.lines;
        expect(bad.found).toEqual([]);
      }
      // the test means something: some header does take more than one line
      expect(broken).toBeGreaterThan(0);
    },
  );

  it('show a cut cell’s whole text on hover and on keyboard focus', async () => {
    const { page, row } = await list('/clients');
    const email = row.getByRole('cell', { name: LONG_EMAIL });
    const shown = () => email.evaluate((el) => getComputedStyle(el, '::after').content);
    expect(await shown()).toBe('none');
    expect(await email.getAttribute('tabindex')).toBe('0');
    await email.hover();
    expect(await shown()).toContain(LONG_EMAIL);
    await page.mouse.move(0, 0);
    // reached by Tab from the cell before it
    await row.getByRole('cell').first().click();
    await email.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await shown()).toContain(LONG_EMAIL);
    // a whole cell takes no focus (the phone's column is as wide as the rows shown, other
    // files' clients too, allow it: cut, it takes the focus like the e-mail)
    const tel = row.getByRole('cell', { name: TEL, exact: true });
    const telCut = await tel.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(await tel.getAttribute('tabindex')).toBe(telCut ? '0' : null);
  });
});
