import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { calledUrls, lastBody, seed, server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n } from '../../test/utils';
import { schema, thing, type Thing } from '../list/thingsFixture';
import { DetailForm } from './DetailForm';
import { EntityDetail } from './EntityDetail';
import { parseId, useEntity } from './useEntity';

const FIELDS = [
  { name: 'name', label: 'fields.name' },
  { name: 'note', label: 'fields.description', kind: 'textarea' },
] as const;

function ThingScreen() {
  const { id } = useParams();
  const entity = useEntity('/api/things', id, thing);
  return (
    <>
      <h1>{entity.data?.name}</h1>
      <Link to="/elsewhere">{'Elsewhere'}</Link>
      <EntityDetail entity={entity} notFound={<p>{'No such thing'}</p>}>
        {(row: Thing) => (
          <DetailForm
            path="/api/things"
            row={row}
            label="Thing"
            config={{ schema, fields: FIELDS }}
            readOnly={[
              { key: 'code', label: 'fields.hashCode', value: `T-${row.id}` },
              { key: 'device', label: 'fields.device', value: '' },
            ]}
          />
        )}
      </EntityDetail>
    </>
  );
}

function renderThing(path: string) {
  renderWithProviders(
    <Routes>
      <Route path="/things/:id" element={<ThingScreen />} />
    </Routes>,
    path,
  );
}

const THING_PATH = '/api/things/:id';

/** Only /api/things/2 is there; `putAnswer` answers its PUT instead of saving it. */
function thingServer(putAnswer?: () => Response) {
  seed({ things: [{ id: 2, name: 'Beta', note: 'second' }] });
  if (putAnswer) server.use(http.put(THING_PATH, putAnswer));
}

/** Every GET of a thing answers `answer()`. */
function answerThing(answer: () => Response) {
  server.use(http.get(THING_PATH, answer));
}

const nameField = () => screen.getByLabelText<HTMLInputElement>('Name');

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('record screen (useEntity, EntityDetail, DetailForm)', () => {
  it('shows Loading ..., then the record in its form and its read-only facts', async () => {
    thingServer();
    renderThing('/things/2');
    expect(screen.getByRole('status').textContent).toBe('Loading ...');
    await screen.findByRole('form', { name: 'Thing' });
    expect(nameField()).toHaveValue('Beta');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description')).toHaveValue('second');
    expect(screen.getByText('Hash code').nextElementSibling?.textContent).toBe('T-2');
    // An empty fact shows a dash rather than nothing.
    expect(screen.getByText('Device').nextElementSibling?.textContent).toBe('—');
  });

  it('saves with PUT; the record refreshes and OK shows the form as saved', async () => {
    thingServer();
    const user = userEvent.setup();
    renderThing('/things/2');
    await screen.findByRole('form', { name: 'Thing' });
    await user.clear(nameField());
    await user.type(nameField(), 'Beta 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully done !')).toBeInTheDocument();
    expect(lastBody('PUT', '/api/things/2')).toEqual({ name: 'Beta 2', note: 'second' });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Beta 2'));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(nameField()).toHaveValue('Beta 2');
  });

  it('reads the record afresh each time the screen opens', async () => {
    let name = 'Beta';
    answerThing(() => jsonResponse(200, { id: 2, name, note: '' }));
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/things/:id" element={<ThingScreen />} />
        <Route path="/elsewhere" element={<Link to="/things/2">{'Back'}</Link>} />
      </Routes>,
      '/things/2',
    );
    await screen.findByRole('form', { name: 'Thing' });
    expect(nameField()).toHaveValue('Beta');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    name = 'Beta renamed elsewhere';
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    await screen.findByRole('form', { name: 'Thing' });
    expect(nameField()).toHaveValue('Beta renamed elsewhere');
  });

  it('keeps what was typed when the server names fields to fix', async () => {
    thingServer(() =>
      jsonResponse(400, { error: 'validation', message: 'Bad', fields: { name: 'is taken' } }),
    );
    const user = userEvent.setup();
    renderThing('/things/2');
    await screen.findByRole('form', { name: 'Thing' });
    await user.type(screen.getByLabelText('Description'), ' edited');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description')).toHaveValue('second edited');
  });

  it('shows the screen’s not-found content on a 404 and for an impossible id', async () => {
    thingServer();
    renderThing('/things/7');
    expect(await screen.findByText('No such thing')).toBeInTheDocument();
    cleanup();
    renderThing('/things/x1');
    expect(await screen.findByText('No such thing')).toBeInTheDocument();
    expect(calledUrls().map((url) => url.pathname)).toEqual(['/api/things/7']);
  });

  it('says the record could not be loaded and tries again on request', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerThing(() =>
      fail
        ? jsonResponse(500, { error: 'internal', message: 'Oops' })
        : jsonResponse(200, { id: 2, name: 'Beta', note: '' }),
    );
    const user = userEvent.setup();
    renderThing('/things/2');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This record could not be loaded.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('form', { name: 'Thing' });
  });
});

describe('parseId', () => {
  it('takes positive whole numbers only', () => {
    expect(parseId('12')).toBe(12);
    expect(['0', '-1', '1.5', '1e3', 'abc', '', undefined].map(parseId)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
