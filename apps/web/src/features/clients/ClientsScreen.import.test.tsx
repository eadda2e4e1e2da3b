import type { ImportPreview } from '@school/contract/imports';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { makeClient } from '../../test/clients';
import { calledUrls, lastBody, requests, seed, server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n, stubLayout } from '../../test/utils';
import { changeLanguage } from '../../i18n/i18n';
import { ClientsScreen } from './ClientsScreen';
import { ImportPreviewView } from '../../components/import/ImportPreviewView';

const CSV =
  'firstName,lastName,email\r\nOla,Nowa,ola@example.com\r\nAnna,Nowak,anna@example.com\r\n';

const PREVIEW: ImportPreview = {
  create: 2,
  update: 1,
  errors: [
    {
      line: 4,
      message: 'email The email is not correct format !',
      fields: { email: 'The email is not correct format !' },
      problems: [{ field: 'email', code: 'format', params: {} }],
    },
  ],
  columns: ['firstName', 'lastName', 'email', 'tel'],
  sample: [
    {
      line: 2,
      action: 'create',
      matchedId: null,
      values: { firstName: 'Ola', lastName: 'Nowa', email: 'ola@example.com', tel: '' },
    },
    {
      line: 3,
      action: 'update',
      matchedId: 1,
      values: { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', tel: '' },
    },
    {
      line: 5,
      action: 'create',
      matchedId: null,
      values: { firstName: 'Petro', lastName: '', email: '', tel: '+380 50 000 0000' },
    },
  ],
};

type Answer = () => Response | Promise<Response>;

/** This test's answers of the import preview, the import run and an import job's progress. */
function answerImport(answers: {
  preview?: Answer;
  importRun?: Answer;
  importJob?: (jobId: string) => Response | Promise<Response>;
}) {
  server.use(
    http.post(api.clientsCsv.importPreview, () => answers.preview?.() ?? jsonResponse(500, {})),
    http.post(api.clientsCsv.import, () => answers.importRun?.() ?? jsonResponse(500, {})),
    http.get(api.clientsCsv.importJob(':jobId'), ({ params }) =>
      answers.importJob ? answers.importJob(String(params.jobId)) : jsonResponse(500, {}),
    ),
  );
}

/** Resolves the held answer when the test says so, to see the dialog while it waits. */
function held<T>() {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

async function openImport() {
  const user = userEvent.setup();
  renderWithProviders(<ClientsScreen />);
  await screen.findByRole('table', { name: 'Clients' });
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = screen.getByRole('dialog', { name: 'Import clients from CSV' });
  // The import's form downloads when the dialog first opens.
  await within(dialog).findByLabelText('CSV file');
  const choose = (text = CSV) =>
    user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([text], 'clients.csv', { type: 'text/csv' }),
    );
  return { user, dialog, choose };
}

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(async () => {
  cleanup();
  if (i18next.language !== 'en') await changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CSV import', () => {
  it('previews the file, keeps Import off while rows have errors until they are skipped, then imports', async () => {
    const previewAnswer = held<Response>();
    const importAnswer = held<Response>();
    let imported = false;
    answerImport({
      preview: () => previewAnswer.promise,
      importRun: () => {
        imported = true;
        return importAnswer.promise;
      },
    });
    const { user, dialog, choose } = await openImport();
    await choose();

    expect(await within(dialog).findByText('Processing...')).toBeInTheDocument();
    expect(lastBody('POST', '/api/clients/import/preview')).toEqual({ csv: CSV });
    previewAnswer.release(jsonResponse(200, PREVIEW));

    const counts = await within(dialog).findByRole('list', { name: 'Preview' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['To create: 2', 'To update: 1', 'With errors: 1']);
    const sample = within(dialog).getByRole('table', { name: 'Rows to import' });
    expect(
      within(sample)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2', 'Create', 'Ola', 'Nowa', 'ola@example.com', ''],
      ['3', 'Update', 'Anna', 'Nowak', 'anna@example.com', ''],
      ['5', 'Create', 'Petro', '', '', '+380 50 000 0000'],
    ]);
    expect(
      within(dialog).getByText('Line 4: E-mail: The format is not valid.'),
    ).toBeInTheDocument();

    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    const skip = within(dialog).getByRole('checkbox', { name: 'Skip rows with errors' });
    await user.click(skip);
    expect(importButton).toBeEnabled();
    await user.click(skip);
    expect(importButton).toBeDisabled();
    await user.click(skip);
    requests.clear();
    await user.click(importButton);

    expect(await within(dialog).findByText('Processing...')).toBeInTheDocument();
    expect(imported).toBe(true);
    expect(lastBody('POST', '/api/clients/import')).toEqual({
      csv: CSV,
      skipErrors: true,
      fileName: 'clients.csv',
    });
    importAnswer.release(jsonResponse(200, { created: 2, updated: 1, skipped: 1 }));

    expect(
      await within(dialog).findByText('Created: 2, updated: 1, skipped: 1.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    // The list behind the dialog is read again.
    await waitFor(() =>
      expect(calledUrls().some((url) => url.pathname === '/api/clients')).toBe(true),
    );
  });

  it('imports at once, without skipping, when no row has an error', async () => {
    const server = { created: false };
    answerImport({
      preview: () => jsonResponse(200, { ...PREVIEW, errors: [], create: 3, update: 0 }),
      importRun: () => {
        server.created = true;
        return jsonResponse(200, { created: 3, updated: 0, skipped: 0 });
      },
    });
    const { user, dialog, choose } = await openImport();
    await choose();
    const importButton = await within(dialog).findByRole('button', { name: 'Import' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(importButton).toBeEnabled();
    await user.click(importButton);
    expect(
      await within(dialog).findByText('Created: 3, updated: 0, skipped: 0.'),
    ).toBeInTheDocument();
    expect(lastBody('POST', '/api/clients/import')).toEqual({
      csv: CSV,
      skipErrors: false,
      fileName: 'clients.csv',
    });
    expect(server.created).toBe(true);
  });

  it('shows the server message for a malformed file and goes no further', async () => {
    const message = 'The file is not valid CSV: Invalid Record Length: expect 3, got 2 on line 3';
    answerImport({
      preview: () =>
        jsonResponse(400, { error: 'validation', message, fields: { csv: 'is not valid CSV' } }),
    });
    const { dialog, choose } = await openImport();
    await choose('firstName,lastName,email\r\nOla,Nowa\r\n');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(within(dialog).queryByRole('list', { name: 'Preview' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(calledUrls('POST').map((url) => url.pathname)).toEqual(['/api/clients/import/preview']);
  });

  it('refuses a file over the contract’s limit without sending it', async () => {
    answerImport({ preview: () => jsonResponse(200, PREVIEW) });
    const { user, dialog } = await openImport();
    const huge = new File([CSV], 'huge.csv', { type: 'text/csv' });
    // 81 MB cannot be under 20 M characters of UTF-8; no need to build it in memory.
    Object.defineProperty(huge, 'size', { value: 81 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('CSV file'), huge);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file is too large: at most 20 MB.',
    );
    expect(calledUrls('POST')).toHaveLength(0);
  });

  it('shows why the import was refused and keeps the preview', async () => {
    answerImport({
      preview: () => jsonResponse(200, { ...PREVIEW, errors: [] }),
      importRun: () =>
        jsonResponse(400, {
          error: 'validation',
          message: '1 row has errors; nothing was imported',
          fields: { csv: '1 row has errors' },
        }),
    });
    const { user, dialog, choose } = await openImport();
    await choose();
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '1 row has errors; nothing was imported',
    );
    expect(within(dialog).getByRole('list', { name: 'Preview' })).toBeInTheDocument();
  });

  it('starts afresh when the dialog is opened again', async () => {
    seed({ clients: [makeClient({ id: 1, firstName: 'Anna' })] });
    answerImport({
      preview: () => jsonResponse(200, PREVIEW),
    });
    const { user, dialog, choose } = await openImport();
    await choose();
    await within(dialog).findByRole('list', { name: 'Preview' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const again = screen.getByRole('dialog', { name: 'Import clients from CSV' });
    expect(within(again).queryByRole('list', { name: 'Preview' })).not.toBeInTheDocument();
    expect(within(again).getByLabelText<HTMLInputElement>('CSV file').files).toHaveLength(0);
  });
  it('shows a large import’s progress as a bar while it runs as a job, then the result', async () => {
    const jobId = '7f0c1c1e-6c1a-4a57-9d0e-1b2c3d4e5f60';
    const job = (fields: Record<string, unknown>) =>
      jsonResponse(200, { jobId, processed: 0, total: 0, state: 'running', ...fields });
    const answers = [held<Response>(), held<Response>(), held<Response>()] as const;
    let polled = 0;
    answerImport({
      preview: () => jsonResponse(200, { ...PREVIEW, errors: [] }),
      importRun: () => jsonResponse(202, { jobId, state: 'running', processed: 0, total: 0 }),
      importJob: (id) => {
        expect(id).toBe(jobId);
        return (answers[Math.min(polled++, 2)] ?? answers[2]).promise;
      },
    });
    const { user, dialog, choose } = await openImport();
    await choose();
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));

    // while the file is read the bar has no value yet
    const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('value')).toBeNull();
    expect(within(dialog).getByText('Reading the file…')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Import' })).toBeNull();

    answers[0].release(job({ processed: 40_000, total: 100_000 }));
    await waitFor(() => expect(bar.getAttribute('value')).toBe('40000'));
    expect(bar.getAttribute('max')).toBe('100000');
    expect(within(dialog).getByText('40,000 of 100,000 rows')).toBeTruthy();

    answers[1].release(job({ processed: 90_000, total: 100_000 }));
    await waitFor(() => expect(within(dialog).getByText('90,000 of 100,000 rows')).toBeTruthy());
    answers[2].release(
      job({
        state: 'done',
        processed: 100_000,
        total: 100_000,
        result: { created: 99_000, updated: 1_000, skipped: 0 },
      }),
    );
    expect(
      await within(dialog).findByText('Created: 99,000, updated: 1,000, skipped: 0.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    await waitFor(() =>
      expect(calledUrls().some((url) => url.pathname === '/api/clients')).toBe(true),
    );
  });

  it('says a failed import job’s reason and keeps the preview', async () => {
    const jobId = '7f0c1c1e-6c1a-4a57-9d0e-1b2c3d4e5f61';
    answerImport({
      preview: () => jsonResponse(200, { ...PREVIEW, errors: [] }),
      importRun: () => jsonResponse(202, { jobId, state: 'running', processed: 0, total: 0 }),
      importJob: () =>
        jsonResponse(200, {
          jobId,
          state: 'failed',
          processed: 0,
          total: 9,
          error: { error: 'validation', message: '2 rows have errors; nothing was imported' },
        }),
    });
    const { user, dialog, choose } = await openImport();
    await choose();
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '2 rows have errors; nothing was imported',
    );
    expect(within(dialog).getByRole('list', { name: 'Preview' })).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('says the job is no longer known when the restarted server answers 404', async () => {
    const jobId = '7f0c1c1e-6c1a-4a57-9d0e-1b2c3d4e5f62';
    answerImport({
      preview: () => jsonResponse(200, { ...PREVIEW, errors: [] }),
      importRun: () => jsonResponse(202, { jobId, state: 'running', processed: 0, total: 0 }),
      importJob: () => jsonResponse(404, { error: 'not_found', message: 'No such import' }),
    });
    const { user, dialog, choose } = await openImport();
    await choose();
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This import’s progress is no longer known: the server was restarted. The list holds the whole file or none of it; if its rows are missing, import the file again.',
    );
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('says so when another import is running', async () => {
    answerImport({
      preview: () =>
        jsonResponse(429, {
          error: 'import_running',
          message: 'Another import is running; try again when it has finished',
        }),
    });
    const { dialog, choose } = await openImport();
    await choose();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Another import is running. Try again when it has finished.',
    );
  });

  it('shows a row’s errors in the chosen language, with the field’s label', async () => {
    await changeLanguage('uk');
    renderWithProviders(
      <ImportPreviewView
        preview={{
          ...PREVIEW,
          errors: [
            {
              line: 4,
              message: 'email is not valid; stage no such stage: Nowy',
              fields: { email: 'is not valid', stage: 'no such stage: Nowy' },
              problems: [
                { field: 'email', code: 'format', params: {} },
                { field: 'stage', code: 'unknown', params: { value: 'Nowy' } },
              ],
            },
            {
              line: 7,
              message: 'probability too big; matches the same client as line 3',
              fields: { probability: 'too big', row: 'matches the same client as line 3' },
              problems: [
                { field: 'probability', code: 'tooBig', params: { max: 100 } },
                { field: 'row', code: 'sameRecord', params: { line: 3 } },
              ],
            },
          ],
        }}
        skip={false}
        onSkipChange={vi.fn()}
        busy={false}
        onImport={vi.fn()}
      />,
    );
    const errors = screen.getByRole('region', { name: 'Рядки з помилками' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Рядок 4: Ел. пошта: Неправильний формат. Етап: Немає значення «Nowy».',
      'Рядок 7: Ймовірність: Щонайбільше 100. Збігається з тим самим записом, що й рядок 3.',
    ]);
  });
});
