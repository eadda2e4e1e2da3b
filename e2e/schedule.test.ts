import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  api,
  confirmInApp,
  createStaff,
  logInAsAdmin,
  navigate,
  notices,
  setUndoDelay,
  sql,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const teacher = { first: 'Taras', last: `Vchytel${Date.now().toString(36)}` };
const teacherName = `${teacher.first} ${teacher.last}`;
let studentA = '';
let studentAId = 0;
let studentB = '';
let groupName = '';
let groupId = 0;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Monday of next week (the browser and the server run in UTC here). */
const nextMonday = (() => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  return today - weekday * DAY + 7 * DAY;
})();
const dayOfNextWeek = (n: number) => iso(nextMonday + n * DAY);

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await createStaff(teacher.first, teacher.last);
  await logInAsAdmin(page);
  await setUndoDelay(page, 1500);
  const suffix = Date.now().toString(36);
  groupName = `Schedule group ${suffix}`;
  const group = await api<{ id: number }>(page, 'POST', '/api/groups', { name: groupName });
  const a = await api<{ id: number; name: string; surname: string }>(
    page,
    'POST',
    '/api/students',
    {
      name: 'Anna',
      surname: `Uczennica${suffix}`,
    },
  );
  const b = await api<{ id: number; name: string; surname: string }>(
    page,
    'POST',
    '/api/students',
    {
      name: 'Bohdan',
      surname: `Uchen${suffix}`,
      groupe: group.id,
    },
  );
  studentA = `${a.name} ${a.surname}`;
  studentAId = a.id;
  studentB = `${b.name} ${b.surname}`;
  groupId = group.id;
});

// Another file starts from an empty groups list: the group goes once its student has left it.
afterAll(async () => {
  for (const table of ['students', 'lessons', 'lesson_series']) {
    await sql(`update ${table} set group_id = null where group_id = $1`, [groupId]);
  }
  await sql('delete from groups where id = $1', [groupId]);
});

const dayColumn = (name: string) => page.getByRole('region', { name, exact: false });
const card = (scope: Page | Locator, course: string) =>
  scope.getByRole('button', { name: new RegExp(course) });

async function openNextWeek() {
  await navigate(page, '/schedule');
  await page.getByRole('region', { name: 'Days and their lessons' }).waitFor();
  await page.getByRole('button', { name: 'Next week' }).click();
  await dayColumn('Monday')
    .getByText(new Date(nextMonday).getUTCDate().toString(), { exact: false })
    .first()
    .waitFor();
}

async function createLesson(values: {
  date: string;
  start: string;
  end: string;
  course: string;
  weekly?: boolean;
}) {
  const form = page.getByRole('form', { name: 'New lesson' });
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Create' }).click();
  await form.getByLabel('Date').fill(values.date);
  await form.getByLabel('Start').fill(values.start);
  await form.getByLabel('End').fill(values.end);
  await form.getByLabel('Price per hour (zł)').fill('80');
  await form.getByLabel('Duration (min)').fill('60');
  await form.getByLabel('Teacher').selectOption({ label: teacherName });
  await form.getByLabel('Weekly').selectOption({ label: values.weekly ? 'yes' : 'no' });
  await form.getByLabel('Course').fill(values.course);
  await form.getByRole('button', { name: 'Create lesson' }).click();
}

async function dragTo(source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + 20, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 40, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 200, { steps: 12 });
  await page.mouse.up();
}

describe('schedule', () => {
  it('moves between weeks, creates a lesson and warns before putting a busy teacher on it', async () => {
    await navigate(page, '/schedule');
    const period = page.locator('p[aria-live=polite]');
    await period.waitFor();
    const thisWeek = await period.innerText();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => period.innerText()).not.toBe(thisWeek);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect.poll(() => period.innerText()).toBe(thisWeek);
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => period.innerText()).not.toBe(thisWeek);

    await createLesson({
      date: dayOfNextWeek(0),
      start: '10:00',
      end: '11:00',
      course: 'E2E Grammar',
    });
    await page.getByText('Successfully done !').waitFor();
    await card(dayColumn('Monday'), 'E2E Grammar').waitFor();

    // the same teacher half an hour later: the clash is named, Cancel saves nothing
    await page.getByRole('button', { name: 'OK' }).click();
    await createLesson({
      date: dayOfNextWeek(0),
      start: '10:30',
      end: '11:30',
      course: 'E2E Clash',
    });
    const clash = page.getByRole('alertdialog', { name: 'Someone is busy then' });
    await clash.waitFor();
    expect(await clash.innerText()).toContain(`${teacherName} (teacher)`);
    await clash.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Not saved: someone is busy then.').waitFor();
    expect(await card(page, 'E2E Clash').count()).toBe(0);
    // asked again, saved anyway
    await page
      .getByRole('form', { name: 'New lesson' })
      .getByRole('button', { name: 'Create lesson' })
      .click();
    await confirmInApp(page, 'Someone is busy then', 'Save anyway');
    await page.getByText('Successfully done !').waitFor();
    await card(dayColumn('Monday'), 'E2E Clash').waitFor();
    // the create panel closes with Escape
    await page.keyboard.press('Escape');
  });

  it('opens a lesson: its amount, participants edited in place, and delete with Undo', async () => {
    await openNextWeek();
    await card(dayColumn('Monday'), 'E2E Grammar').click();
    const dialog = page.getByRole('dialog', { name: /^Lesson / });
    await dialog.getByText('No Students yet').waitFor();

    await dialog.getByLabel('Add a student').selectOption({ label: studentA });
    await dialog.getByRole('button', { name: 'Add' }).first().click();
    const table = dialog.getByRole('table', { name: 'Participants' });
    await table.getByRole('rowheader', { name: studentA }).waitFor();
    await dialog
      .getByText('Amount: 80.00 zł = 80.00 zł / 60 × 60 min × 1 paying participant')
      .waitFor();

    // a whole group: its student joins
    await dialog.getByLabel('Add a group').selectOption({ label: groupName });
    await dialog.getByRole('button', { name: 'Add' }).nth(1).click();
    await table.getByRole('rowheader', { name: studentB }).waitFor();
    await dialog
      .getByText('Amount: 160.00 zł = 80.00 zł / 60 × 60 min × 2 paying participants')
      .waitFor();

    // in place: attendance, who pays, paid, notes
    await dialog.getByLabel(`Attendance of ${studentA}`).selectOption({ label: 'Present' });
    await dialog.getByLabel(`Whether ${studentB} pays`).selectOption({ label: 'Does not pay' });
    await dialog
      .getByText('Amount: 80.00 zł = 80.00 zł / 60 × 60 min × 1 paying participant')
      .waitFor();
    const rowA = table.getByRole('row', { name: new RegExp(studentA) });
    await rowA.getByRole('checkbox').check();
    await rowA.getByText('Paid', { exact: true }).waitFor();
    await dialog.getByLabel(`Notes on ${studentA}`).fill('Brought homework');
    await dialog.getByLabel(`Notes on ${studentA}`).press('Enter');

    // the lesson's own form: a new course name
    const form = dialog.getByRole('form', { name: 'Lesson' });
    await form.getByLabel('Course').fill('E2E Grammar B1');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Successfully done !').waitFor();
    await page.keyboard.press('Escape');
    await card(dayColumn('Monday'), 'E2E Grammar B1').waitFor();

    // everything was stored
    await page.reload();
    await page.getByRole('button', { name: 'Next week' }).click();
    await card(dayColumn('Monday'), 'E2E Grammar B1').click();
    const again = page.getByRole('dialog', { name: /^Lesson / });
    expect(await again.getByLabel(`Attendance of ${studentA}`).inputValue()).toBe('1');
    expect(await again.getByLabel(`Notes on ${studentA}`).inputValue()).toBe('Brought homework');
    expect(await again.getByLabel(`Whether ${studentB} pays`).inputValue()).toBe('2');
    await page.keyboard.press('Escape');

    // delete the clashing lesson, then Undo: it comes back
    await card(dayColumn('Monday'), 'E2E Clash').click();
    await page
      .getByRole('dialog', { name: /^Lesson / })
      .getByRole('button', { name: 'Delete lesson' })
      .click();
    await confirmInApp(page, 'Delete the lesson?');
    await expect.poll(() => card(dayColumn('Monday'), 'E2E Clash').count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await card(dayColumn('Monday'), 'E2E Clash').waitFor();
    // deleted for good once Undo has run out
    await card(dayColumn('Monday'), 'E2E Clash').click();
    await page
      .getByRole('dialog', { name: /^Lesson / })
      .getByRole('button', { name: 'Delete lesson' })
      .click();
    const deleted = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/api/lessons/'),
      { timeout: 15_000 },
    );
    await confirmInApp(page, 'Delete the lesson?');
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining('Lesson deleted.'));
    // Undo has run out once the deletion reaches the server
    expect((await deleted).ok()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Next week' }).click();
    await card(dayColumn('Monday'), 'E2E Grammar B1').waitFor();
    expect(await card(page, 'E2E Clash').count()).toBe(0);
  });

  it("shows the student's participations and their figures on the student's page", async () => {
    await navigate(page, `/students/${studentAId}`);
    const section = page.getByRole('region', { name: 'Lessons and payments' });
    // it opens on what has taken place: next week's lesson shows once the filters are cleared
    await section.getByText('Empty list').waitFor();
    await section.getByRole('button', { name: 'Clear filters' }).click();
    const row = section.getByRole('row', { name: /E2E Grammar B1/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Present\tNot set\tPaid\t80\.00 zł\tBrought homework/);
    await section.getByLabel('Attendance').selectOption({ label: 'Absent' });
    await section.getByText('Empty list').waitFor();
    await section.getByLabel('Attendance').selectOption({ label: 'Present' });
    await row.waitFor();
    // the figures count lessons that have taken place
    const figures = section.getByRole('definition');
    expect(await figures.allInnerTexts()).toEqual(['0', '0', '0', '0', '0.00 zł']);
  });

  it('drags a lesson to another day, and Undo moves it back', async () => {
    await openNextWeek();
    const lesson = card(dayColumn('Monday'), 'E2E Grammar B1');
    await dragTo(lesson, dayColumn('Wednesday'));
    await card(dayColumn('Wednesday'), 'E2E Grammar B1').waitFor();
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining('Lesson moved to'));
    await page.getByRole('button', { name: 'Undo' }).click();
    await card(dayColumn('Monday'), 'E2E Grammar B1').waitFor();
    expect(await card(dayColumn('Wednesday'), 'E2E Grammar B1').count()).toBe(0);
  });

  it('a weekly series: alternative dates, the cycled view, and deleting this and the following', async () => {
    await openNextWeek();
    await createLesson({
      date: dayOfNextWeek(1),
      start: '15:00',
      end: '16:00',
      course: 'E2E Weekly',
      weekly: true,
    });
    await page.getByText('Successfully done !').waitFor();
    await page.keyboard.press('Escape');
    await card(dayColumn('Tuesday'), 'E2E Weekly').waitFor();
    // the week after has it too
    await page.getByRole('button', { name: 'Next week' }).click();
    await card(dayColumn('Tuesday'), 'E2E Weekly').waitFor();
    await page.getByRole('button', { name: 'Previous week' }).click();

    // one occurrence moves to a free alternative date; the series keeps its weekday
    await card(dayColumn('Tuesday'), 'E2E Weekly').click();
    const dialog = page.getByRole('dialog', { name: /^Lesson / });
    const alternatives = dialog.getByRole('region', { name: 'Alternative dates' });
    await alternatives.getByText('Free').first().waitFor();
    const thursday = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(new Date(nextMonday + 3 * DAY));
    await alternatives.getByRole('button', { name: `Move to ${thursday}` }).click();
    await card(dayColumn('Thursday'), 'E2E Weekly').waitFor();
    // the move closes the modal, so Undo in the notice can be clicked
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await card(dayColumn('Tuesday'), 'E2E Weekly').waitFor();
    await card(dayColumn('Tuesday'), 'E2E Weekly').click();
    await alternatives.getByText('Free').first().waitFor();
    await alternatives.getByRole('button', { name: `Move to ${thursday}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card(dayColumn('Thursday'), 'E2E Weekly').waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await card(dayColumn('Tuesday'), 'E2E Weekly').waitFor();

    // the weekly template shows the series once, on its weekday
    await page.getByRole('button', { name: 'Cycled Lessons' }).click();
    await card(dayColumn('Tuesday'), 'E2E Weekly').waitFor();
    expect(await card(page, 'E2E Weekly').count()).toBe(1);
    await page.getByRole('button', { name: 'Cycled Lessons' }).click();

    // this and the following: the confirmation says which lessons go
    await card(dayColumn('Tuesday'), 'E2E Weekly').click();
    const later = page.getByRole('dialog', { name: /^Lesson / });
    await later.getByLabel('This and the following lessons').check();
    await later.getByRole('button', { name: 'Delete lesson' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete the lesson?' });
    await question.waitFor();
    expect(await question.innerText()).toMatch(/This deletes \d+ lessons:/);
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => card(page, 'E2E Weekly').count()).toBe(0);
    // the week before still has its (moved) occurrence
    await page.getByRole('button', { name: 'Previous week' }).click();
    await card(dayColumn('Thursday'), 'E2E Weekly').waitFor();
    expect(dialogs).toEqual([]);
  });
});
