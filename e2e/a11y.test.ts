import type { Result } from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runAxe, WCAG_AA } from './axe.js';
import { api, logInAsAdmin, navigate, networkSettled, useBrowser } from './support.js';

/**
 * Axe runs an experimental rule only when asked for it: its rules of those tags are asked for
 * too (label-content-name-mismatch, WCAG 2.5.3, among them), and a finding counts only under
 * one of the tags.
 */
const RUN_TAGS = [...WCAG_AA, 'experimental'];
/** The experimental rules of no WCAG tag (best practices, review items): not run, to save time. */
const NOT_WCAG = ['focus-order-semantics', 'hidden-content'];
/**
 * What a theme changes is colour: the second theme's scan runs only axe's rules that read
 * colours (docs/decisions/037-test-suite-cost.md); every other rule has already run on the same
 * screen in the first theme.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
type Theme = 'light' | 'dark';
type Scan = 'every rule' | 'colours';

/** Waits until the screen has its title and no loading state is left. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await networkSettled(page);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page
    .getByRole('status')
    .filter({ hasText: 'Loading' })
    .first()
    .waitFor({ state: 'detached' });
}

function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`)
        .join('\n');
      return `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/** Axe's findings on the settled screen, one readable block per rule; '' when none. */
async function axeReport(page: Page, where: string, scan: Scan = 'every rule'): Promise<string> {
  await settled(page);
  // Axe runs in the page itself, injected once per page load (e2e/axe.ts); the passes are
  // listed by rule, without their nodes (docs/decisions/037-test-suite-cost.md).
  const results = await runAxe(
    page,
    scan === 'colours' ? { rules: COLOUR_RULES } : { tags: RUN_TAGS, disable: NOT_WCAG },
  );
  const { passes, violations: found, incomplete, inapplicable } = results;
  const ran = [...passes, ...found, ...incomplete, ...inapplicable].map((rule) => rule.id);
  // an experimental rule is run only when asked for: the scan proves it was; the colour scan
  // proves its rules ran
  const expected = scan === 'colours' ? COLOUR_RULES : ['label-content-name-mismatch'];
  const missing = expected.filter((id) => !ran.includes(id));
  if (missing.length > 0) return `${where}: ${missing.join(', ')} not run\n`;
  const violations = found.filter((v) => v.tags.some((t) => WCAG_AA.includes(t)));
  return violations.length > 0 ? `${where}:\n${describeViolations(violations)}` : '';
}

/** Switches the theme with the side bar's switch, as a user does, and waits until it applies. */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.getByRole('button', { name: 'Dark theme', exact: true }).click();
  await page.waitForFunction((name) => document.documentElement.dataset.theme === name, theme);
}

const other = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light');
const themeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.theme as Theme);

/**
 * Axe on the open screen in the theme it shows, every rule, then in the other one, switched
 * with the side bar's switch, the colour rules; '' when both are clean. The screens follow one
 * another without a page load, so each starts in the theme the one before was left in: every
 * rule runs in the light theme on one screen and in the dark one on the next.
 */
async function bothThemes(page: Page, where: string): Promise<string> {
  const first = await themeOf(page);
  const report = await axeReport(page, `${where} (${first})`);
  await switchTheme(page, other(first));
  return report + (await axeReport(page, `${where} (${other(first)})`, 'colours'));
}

/**
 * Axe on every screen in both themes: each screen is opened once, from the one before as the
 * app's links open it (no page load), scanned by every rule in the theme it shows, switched to
 * the other with the side bar's switch and scanned again by the rules that read colours
 * (docs/decisions/037-test-suite-cost.md).
 */
describe('accessibility (axe, WCAG 2.1 AA) in the light and the dark theme', () => {
  const browser = useBrowser();
  let clientId: number;
  let studentId: number;
  let conversationId: number;
  let runId: number;
  let quizId: number;
  let setId: number;

  beforeAll(async () => {
    const page = await browser.newPage();
    await logInAsAdmin(page);
    const stages = (await (await page.request.get('/api/stages')).json()) as { id: number }[];
    const created = await api<{ id: number }>(page, 'POST', '/api/clients', {
      firstName: 'Axe',
      lastName: 'Checked',
      email: 'axe@example.com',
      price: 1500,
      stage: stages[0]?.id ?? null,
    });
    clientId = created.id;
    const student = await api<{ id: number }>(page, 'POST', '/api/students', { name: 'Axe' });
    studentId = student.id;
    await api(page, 'POST', '/api/studentdocuments', {
      student: studentId,
      name: 'Visa',
      dateTo: '2020-01-01',
    });
    // a lesson this week, one in the past (coloured as past), each with a participant
    for (const [offset, start, end] of [
      [0, '23:00', '23:30'],
      [-1, '09:00', '10:00'],
    ] as const) {
      const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
        date,
        start,
        end,
        price: 60,
        course: 'Axe lesson',
        force: true,
      });
      await api(page, 'POST', '/api/events', { lesson: lesson.id, student: studentId });
    }
    // a conversation with two answers and a button, and a student's run of it
    const conversation = await api<{ id: number }>(page, 'POST', '/api/conversations', {
      name: 'Axe talk',
    });
    conversationId = conversation.id;
    const question = await api<{ id: number }>(page, 'POST', '/api/answers', {
      conversationId,
      text: 'Ready?',
    });
    const end = await api<{ id: number }>(page, 'POST', '/api/answers', {
      conversationId,
      text: 'Bye',
      isLast: 1,
    });
    await api(page, 'POST', '/api/answerconnectors', {
      fromId: question.id,
      nextId: end.id,
      text: 'Yes',
    });
    const run = await api<{ id: number }>(page, 'POST', '/api/conversationprogress', {
      student: studentId,
      conversationId,
    });
    runId = run.id;
    // a quiz with two cards (ready to play), and a set holding it
    const quiz = await api<{ id: number }>(page, 'POST', '/api/grid', {
      name: 'Axe quiz',
      type: 2,
    });
    quizId = quiz.id;
    for (const [value, answer] of [
      ['Red?', 'red'],
      ['Blue?', 'blue'],
    ]) {
      await api(page, 'POST', '/api/gridcard', { grid: quizId, value, answer });
    }
    const set = await api<{ id: number }>(page, 'POST', '/api/set', { name: 'Axe set' });
    setId = set.id;
    await api(page, 'POST', '/api/setcard', { set: setId, grid: quizId });
    await page.context().close();
  });

  /** Every screen of the logged-in app, by name, and its path (ids made in beforeAll). */
  const SCREENS: [string, () => string][] = [
    ['/dashboard', () => '/dashboard'],
    ['/clients', () => '/clients'],
    ['a client', () => `/clients/${clientId}`],
    ['/pipeline', () => '/pipeline'],
    ['/users', () => '/users'],
    ['/projects', () => '/projects'],
    ['/groups', () => '/groups'],
    ['/students', () => '/students'],
    ['a student', () => `/students/${studentId}`],
    ["a student's documents", () => `/cardocuments/bycar/${studentId}`],
    ['/settings', () => '/settings'],
    ['/profile', () => '/profile'],
    ['/schedule', () => '/schedule'],
    ['/conversations', () => '/conversations'],
    ['a conversation', () => `/conversations/${conversationId}`],
    ["a run's messages", () => `/messages/byconvprogress/${runId}`],
    ['/games', () => '/games'],
    ['/quiz', () => '/quiz'],
    ["a quiz's cards", () => `/quizcards/${quizId}`],
    ['/set', () => '/set'],
    ["a set's games", () => `/setcards/${setId}`],
    ['/audit', () => '/audit'],
    ['/payments', () => '/payments'],
    ['/balances', () => '/balances'],
    ['/payroll', () => '/payroll'],
    ['/invoices', () => '/invoices'],
    ['/payments/unmatched', () => '/payments/unmatched'],
    ['a page that does not exist', () => '/no/such/page'],
  ];

  it('has no violations on the login page, and reports what it is meant to find', async () => {
    // the login page has no theme switch: the stored choice is read as the page loads; with
    // none stored it follows the system's preference, light here
    const page = await browser.newPage();
    await page.goto('/login');
    let report = '';
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') {
        await page.evaluate(() => localStorage.setItem('theme', 'dark'));
        await page.reload();
      }
      expect(await themeOf(page)).toBe(theme);
      report += await axeReport(
        page,
        `/login (${theme})`,
        theme === 'dark' ? 'colours' : 'every rule',
      );
    }
    expect(report, `axe found on ${report}`).toBe('');

    // a planted field with no label and a grey on grey text: the full scan finds both, the
    // colour scan the contrast only
    await page.evaluate(() => {
      const input = document.createElement('input');
      const faint = document.createElement('p');
      faint.textContent = 'Faint text';
      faint.style.cssText = 'color: #bbb; background: #ccc';
      document.querySelector('main')?.append(input, faint);
    });
    const full = await axeReport(page, 'planted');
    expect(full).toContain('label');
    expect(full).toContain('color-contrast');
    const colours = await axeReport(page, 'planted', 'colours');
    expect(colours).toContain('color-contrast');
    expect(colours).not.toContain('label (');
    await page.context().close();
  });

  describe('on every screen of the logged-in app', () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.newPage();
      await page.addInitScript(() => {
        window.localStorage.setItem('theme', 'light');
        window.localStorage.removeItem('themeColors');
      });
      await logInAsAdmin(page);
    });

    it.each(SCREENS)('has no violations on %s', async (_name, path) => {
      await navigate(page, path());
      const report = await bothThemes(page, path());
      expect(report, `axe found on ${report}`).toBe('');
    });

    it('has no violations in a client’s History, open', async () => {
      await navigate(page, `/clients/${clientId}`);
      const history = page.getByRole('region', { name: 'History' });
      await history.getByRole('button', { name: 'History' }).click();
      await history.getByText('Created').waitFor();
      const report = await bothThemes(page, `/clients/${clientId} History`);
      expect(report, `axe found on ${report}`).toBe('');
    });

    it('has no violations in the lesson modal with its participants', async () => {
      // the modal makes the side bar inert: the theme is switched while it is closed
      await navigate(page, '/schedule');
      const first = await themeOf(page);
      let report = '';
      for (const theme of [first, other(first)]) {
        if (theme !== first) await switchTheme(page, theme);
        await page
          .getByRole('button', { name: /Axe lesson/ })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('table', { name: 'Participants' }).waitFor();
        report += await axeReport(
          page,
          `/schedule lesson modal (${theme})`,
          theme === first ? 'every rule' : 'colours',
        );
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
      expect(report, `axe found on ${report}`).toBe('');
    });
  });
});
