import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  confirmInApp,
  LINKED,
  logInAsAdmin,
  navigate,
  networkSettled,
  notices,
  setUndoDelay,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';
import { BOT_USERNAME } from './global-setup.js';

const browser = useBrowser();
let page: Page;
let dialogs: string[];

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
});

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function saved(scope: Page | ReturnType<Page['getByRole']>) {
  await scope.getByText('Successfully done !').waitFor();
}

describe('students', () => {
  it('creates a student, edits every field on its page and copies the bot link', async () => {
    await navigate(page, '/students');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New student' });
    await form.getByLabel('First name', { exact: true }).fill('Olena');
    await form.getByLabel('Surname').fill('Studentko');
    await form.getByLabel('E-mail').fill('olena.s@example.com');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);

    // the copy action copies the deep link and says so
    await page.getByRole('button', { name: 'Copy Olena Studentko' }).click();
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining(`Copied: https://t.me/${BOT_USERNAME}?start=`));

    await page.getByRole('link', { name: 'Open Olena Studentko' }).click();
    const details = page.getByRole('form', { name: 'Student details' });
    await details.waitFor();
    // the form's lists (levels, time zones) have come before it is filled in
    await networkSettled(page);
    await details.getByLabel('Telegram username').fill('olena_s');
    await details.getByLabel('Level').selectOption({ index: 1 });
    await details.getByLabel('Facebook').fill('fb.com/olena');
    await details.getByLabel('Time zone').selectOption('Europe/Kyiv');
    await details.getByLabel('Location').fill('Lviv');
    await details.getByLabel('Occupation').fill('Designer');
    await details.getByLabel('Schedule').fill('Tue, Thu 19:00');
    await details.getByLabel('Receives broadcasts').check();
    await details.getByLabel('Google Meet').fill('https://meet.google.com/abc-defg-hij');
    await details.getByLabel('Google document').fill('https://docs.google.com/document/d/1');
    await details.getByLabel('Dictionary (Ukrainian)').fill('https://example.com/ua');
    await details.getByLabel('Dictionary (English)').fill('https://example.com/en');
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);

    await page.reload();
    await details.waitFor();
    expect(await details.getByLabel('Location').inputValue()).toBe('Lviv');
    expect(await details.getByLabel('Receives broadcasts').isChecked()).toBe(true);
    // the level's options come with the levels lookup, after the form
    await expect.poll(() => details.getByLabel('Level').inputValue()).not.toBe('');
    // links open in a new tab
    const meet = page.getByRole('link', { name: 'Google Meet' });
    expect(await meet.getAttribute('href')).toBe('https://meet.google.com/abc-defg-hij');
    expect(await meet.getAttribute('target')).toBe('_blank');

    // no bot runs here (no BOT_TOKEN): no new bot link to make
    const newLink = page.getByRole('button', { name: 'New bot link' });
    await networkSettled(page);
    expect(await newLink.count()).toBe(0);
    const pageSection = page.getByRole('region', { name: 'Learner’s page' });
    expect(await pageSection.innerText()).not.toContain('A new bot link');
    // with a bot: the control says what a new link ends, and so does its dialog
    await page.route('**/api/bot/status', (route) =>
      route.fulfill({ json: { enabled: true, username: BOT_USERNAME, mode: 'polling' } }),
    );
    await page.reload();
    const oldLink = await page.getByText(`https://t.me/${BOT_USERNAME}?start=`).innerText();
    const oldPage = await page.getByText('/play/me?s=').innerText();
    // the bot's status comes after the page
    await expect
      .poll(() => page.getByRole('region', { name: 'Bot link' }).innerText())
      .toContain(
        'A new bot link also ends the learner’s page link: the old bot link and the old page link stop working.',
      );
    await expect
      .poll(() => pageSection.innerText())
      .toContain('A new bot link makes a new page link too');
    await newLink.click();
    const ask = page.getByRole('alertdialog', { name: 'Make a new bot link?' });
    expect(await ask.innerText()).toContain(
      'The old bot link and the learner’s page link stop working',
    );
    await ask.getByRole('button', { name: 'Make a new link' }).click();
    await expect.poll(() => page.getByText('/play/me?s=').innerText()).not.toBe(oldPage);
    await page.unroute('**/api/bot/status');
    await expect
      .poll(() => page.getByText(`https://t.me/${BOT_USERNAME}?start=`).innerText())
      .not.toBe(oldLink);
    expect(dialogs).toEqual([]);
  });

  it('keeps documents: add, edit, delete, marks expiry in words, and filters the list', async () => {
    const student = await api<{ id: number }>(page, 'POST', '/api/students', {
      name: 'Dmytro',
      surname: 'Documents',
    });
    await navigate(page, `/students/${student.id}`);
    await page.getByRole('link', { name: 'Open the documents' }).click();
    await page.getByRole('heading', { name: 'Documents of Dmytro Documents' }).waitFor();

    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New document' });
    await form.getByLabel('Name', { exact: true }).fill('Residence permit');
    await form.getByLabel('Number', { exact: true }).fill('RP-1');
    await form.getByLabel('Valid from').fill(isoDay(-300));
    await form.getByLabel('Valid to').fill(isoDay(10));
    await form.getByLabel('Registration number').fill('AA1234BB');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    await form.getByLabel('Name', { exact: true }).waitFor();
    await form.getByLabel('Name', { exact: true }).fill('Old visa');
    await form.getByLabel('Valid to').fill(isoDay(-3));
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);

    const permit = page.getByRole('row', { name: /Residence permit/ });
    // 9-11 days: the browser counts calendar days in its own time zone
    await expect.poll(() => permit.innerText()).toMatch(/Expires in (9|10|11) days/);
    const visa = page.getByRole('row', { name: /Old visa/ });
    await expect.poll(() => visa.innerText()).toContain('Expired');

    // a dateTo before dateFrom is refused on the field
    await page.getByRole('button', { name: 'Edit Residence permit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit document' });
    await edit.getByLabel('Valid to').fill(isoDay(-400));
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('must not be before the start date').waitFor();
    await edit.getByLabel('Valid to').fill(isoDay(100));
    await edit.getByLabel('Number', { exact: true }).fill('RP-2');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => permit.innerText()).toContain('RP-2');
    expect(await permit.innerText()).not.toContain('Expires');

    // the student list's filter: documents expiring within 30 days
    await api(page, 'POST', '/api/studentdocuments', {
      student: student.id,
      name: 'Insurance',
      dateTo: isoDay(20),
    });
    await navigate(page, '/students');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByLabel('Documents expiring within 30 days').check();
    await page.getByRole('row', { name: /Dmytro/ }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Olena/ }).count()).toBe(0);

    // a student with documents is not deleted: the linked-delete message (docs/interface.md, Messages), the row stays
    await setUndoDelay(page, 300);
    try {
      await page.getByRole('button', { name: 'Delete Dmytro Documents' }).click();
      await confirmInApp(page, 'Delete student Dmytro Documents?');
      await expect
        .poll(() => notices(page, 'alert'))
        .toContainEqual(expect.stringContaining(LINKED));
    } finally {
      await setUndoDelay(page, 8000);
    }

    // deleting a document
    await navigate(page, `/cardocuments/bycar/${student.id}`);
    await setUndoDelay(page, 300);
    try {
      const sent = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && !r.url().includes('dryRun'),
      );
      await page.getByRole('button', { name: 'Delete Old visa' }).click();
      await confirmInApp(page, 'Delete document Old visa?');
      expect((await sent).status()).toBe(204);
    } finally {
      await setUndoDelay(page, 8000);
    }
    await page.reload();
    await page.getByRole('row', { name: /Residence permit/ }).waitFor();
    expect(await page.getByRole('row', { name: /Old visa/ }).count()).toBe(0);

    // the student's timeline lists the documents, newest first
    await navigate(page, `/students/${student.id}`);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.innerText()).toContain('Insurance');
    expect(await timeline.innerText()).toContain('Residence permit');
    expect(await timeline.innerText()).not.toContain('Old visa');
    expect(dialogs).toEqual([]);
  });

  it('makes a student of a client and links them both ways', async () => {
    const client = await api<{ id: number }>(page, 'POST', '/api/clients', {
      firstName: 'Iryna',
      lastName: 'Converted',
      email: 'iryna.c@example.com',
      telegramUsername: 'iryna_c',
    });
    await navigate(page, `/clients/${client.id}`);
    await page.getByRole('button', { name: 'Make a student' }).click();
    await page.waitForURL(/\/students\/\d+$/);
    const details = page.getByRole('form', { name: 'Student details' });
    await details.waitFor();
    expect(await details.getByLabel('First name', { exact: true }).inputValue()).toBe('Iryna');
    expect(await details.getByLabel('Surname').inputValue()).toBe('Converted');
    expect(await details.getByLabel('Telegram username').inputValue()).toBe('iryna_c');
    const studentUrl = page.url();

    await page.getByRole('link', { name: 'Open the client' }).click();
    await page.waitForURL(new RegExp(`/clients/${client.id}$`));
    // the client's page links to its student instead of offering the action again
    await page.getByText('This client is a student now').waitFor();
    expect(await page.getByRole('button', { name: 'Make a student' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Open the student' }).click();
    await page.waitForURL(studentUrl);
  });
});
