import type { Student } from '@school/contract/students';
import { api } from '@school/contract/paths';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { ADMIN, lastBody, server, setSession } from '../../test/server';
import {
  jsonResponse,
  listResponse,
  renderWithProviders,
  setupI18n,
  stubLayout,
} from '../../test/utils';
import { changeLanguage } from '../../i18n/i18n';
import { daysUntil } from './DocumentsScreen';
import { StudentsScreen } from './StudentsScreen';

const student = (deepLink: string | null): Student => ({
  version: 1,
  id: 4,
  name: 'Olena',
  surname: 'Koval',
  email: 'olena@example.com',
  gMeetId: '',
  gdocument: '',
  gDictionaryUa: '',
  gDictionaryEng: '',
  telegramUsername: '',
  facebook: '',
  schedule: '',
  ocupation: '',
  location: 'Lviv',
  responsibleId: null,
  project: null,
  level: null,
  groupe: null,
  timezone: '',
  hasBroadcast: false,
  hashCode: 'AlqmJIDA1u7LpHZQ4W_j1A',
  deepLink,
  pageLink: '/play/me?s=AlqmJIDA1u7LpHZQ4W_j1A',
  client: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  clearNotices();
});

describe('students list', () => {
  it('offers no copy without a bot link, and copies the link when there is one', async () => {
    server.use(
      http.get(api.students, () =>
        listResponse([
          student(null),
          { ...student('https://t.me/school_bot?start=x'), id: 8, name: 'Ira' },
        ]),
      ),
    );
    renderWithProviders(<StudentsScreen />);
    expect(await screen.findByRole('button', { name: 'Copy Ira Koval' })).toBeInTheDocument();
    // docs/interface.md: a control shows only where it does something
    expect(screen.queryByRole('button', { name: 'Copy Olena Koval' })).not.toBeInTheDocument();
  });
});

describe("a student's first name", () => {
  it("is labelled with a person's words, not a thing's, on the list and the create panel (uk, pl)", async () => {
    server.use(http.get(api.students, () => listResponse([student(null)])));
    const user = userEvent.setup();
    try {
      for (const [language, create, createPanel, firstName, thingName] of [
        ['uk', 'Створити', 'Панель створення', 'Ім’я', 'Назва'],
        ['pl', 'Utwórz', 'Panel tworzenia', 'Imię', 'Nazwa'],
      ] as const) {
        await changeLanguage(language);
        renderWithProviders(<StudentsScreen />);
        const table = await screen.findByRole('table');
        const headers = within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent);
        expect(headers).toContain(firstName);
        expect(headers).not.toContain(thingName);
        await user.click(screen.getByRole('button', { name: create }));
        const panel = screen.getByRole('region', { name: createPanel });
        expect(within(panel).getByLabelText(new RegExp(`^${firstName}\\W*$`))).toBeInTheDocument();
        expect(within(panel).queryByLabelText(new RegExp(`^${thingName}\\W*$`))).toBeNull();
        cleanup();
      }
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('students CSV import', () => {
  it('is offered only to a role that reaches every student (docs/roles.md): not to a teacher', async () => {
    server.use(http.get(api.students, () => listResponse([student(null)])));
    for (const [role, shown] of [
      ['teacher', false],
      ['manager', true],
    ] as const) {
      setSession({ ...ADMIN, id: 7, login: role, role });
      renderWithProviders(<StudentsScreen />);
      expect(await screen.findByText('olena@example.com')).toBeInTheDocument();
      // the header's actions come with their texts, which may follow the rows
      if (shown)
        expect(await screen.findByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
      else expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
      cleanup();
    }
    setSession(ADMIN);
  });

  it("previews a file with the students' columns, then imports it and reads the list again", async () => {
    const csv = 'name,surname,email\nOla,Nowa,ola@example.com\n';
    let listed = 0;
    server.use(
      http.get(api.students, () => {
        listed++;
        return listResponse([student(null)]);
      }),
      http.post(api.studentsCsv.importPreview, () =>
        jsonResponse(200, {
          create: 1,
          update: 0,
          errors: [],
          columns: ['name', 'surname', 'email', 'telegramUsername'],
          sample: [
            {
              line: 2,
              action: 'create',
              matchedId: null,
              values: {
                name: 'Ola',
                surname: 'Nowa',
                email: 'ola@example.com',
                telegramUsername: '',
              },
            },
          ],
        }),
      ),
      http.post(api.studentsCsv.import, () =>
        jsonResponse(200, { created: 1, updated: 0, skipped: 0 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<StudentsScreen />);
    await screen.findByRole('table', { name: 'Students' });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import students from CSV' });
    // The import's form downloads when the dialog first opens.
    expect(
      await within(dialog).findByText(/Telegram username matches a student/),
    ).toBeInTheDocument();
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([csv], 'students.csv', { type: 'text/csv' }),
    );
    const sample = await within(dialog).findByRole('table', { name: 'Rows to import' });
    expect(
      within(sample)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Line', 'Action', 'First name', 'Surname', 'E-mail', 'Telegram username']);
    expect(within(sample).getByText('ola@example.com')).toBeInTheDocument();
    expect(lastBody('POST', api.studentsCsv.importPreview)).toEqual({ csv });
    const before = listed;
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('Created: 1, updated: 0, skipped: 0.'),
    ).toBeInTheDocument();
    expect(lastBody('POST', api.studentsCsv.import)).toEqual({
      csv,
      skipErrors: false,
      fileName: 'students.csv',
    });
    await expect.poll(() => listed).toBeGreaterThan(before);
  });
});

describe('document expiry', () => {
  const today = new Date(2026, 10, 23);
  it('counts whole calendar days to the end date, negative once passed', () => {
    expect(daysUntil('2026-11-23', today)).toBe(0);
    expect(daysUntil('2026-12-23', today)).toBe(30);
    expect(daysUntil('2026-11-22', today)).toBe(-1);
    expect(daysUntil('2027-03-29', today)).toBe(126);
  });
});
