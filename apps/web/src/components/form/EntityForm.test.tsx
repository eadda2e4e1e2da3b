import { userCreate } from '@school/contract/users';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { request } from '../../lib/http';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { lastBody, requests, server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n } from '../../test/utils';
import { DONE_RESET_MS, EntityForm } from './EntityForm';
import { toFormValues, type FieldSpec } from './fields';

const schema = userCreate.pick({ login: true, firstName: true, email: true, dateBirth: true });
const FIELDS: readonly FieldSpec[] = [
  { name: 'login', label: 'fields.login' },
  { name: 'firstName', label: 'fields.firstName' },
  { name: 'email', label: 'fields.email', kind: 'email' },
  { name: 'dateBirth', label: 'fields.dateBirth', kind: 'date' },
];

function renderForm(onSaved = vi.fn()) {
  renderWithProviders(
    <EntityForm
      mode="create"
      label="New user"
      schema={schema}
      fields={FIELDS}
      defaultValues={toFormValues(FIELDS)}
      submitLabel="Save"
      onSubmit={(body) => request('/api/users', { method: 'POST', body })}
      onSaved={onSaved}
    />,
  );
  return onSaved;
}

/** This test's answer to the form's POST /api/users (else the fake API saves it). */
function answerSave(answer: () => Response | Promise<Response>) {
  server.use(http.post(api.users, answer));
}

const form = () => screen.queryByRole('form', { name: 'New user' });

async function fillAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Login'), 'olena');
  await user.type(screen.getByLabelText('First name'), 'Olena');
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

beforeAll(setupI18n);
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('form status machine (docs/interface.md)', () => {
  it('hides the form while waiting, then done refreshes and OK brings back an empty form', async () => {
    let answer: (response: Response) => void = () => undefined;
    answerSave(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const onSaved = renderForm();
    await fillAndSave(user);

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Processing...');
    expect(form()).toBeNull();
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();

    answer(jsonResponse(201, { id: 5 }));
    expect(await screen.findByText('Successfully done !')).toBeInTheDocument();
    expect(form()).toBeNull();
    expect(onSaved).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(form()).not.toBeNull();
    expect(screen.queryByText('Successfully done !')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Login')).toHaveProperty('value', '');
  });

  it('does not wait for OK after a success: the cleared form comes back with focus on its first field', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    answerSave(() => jsonResponse(201, { id: 5 }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await fillAndSave(user);
    expect(await screen.findByText('Successfully done !')).toBeTruthy();
    expect(form()).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(DONE_RESET_MS));
    expect(screen.queryByText('Successfully done !')).toBeNull();
    expect(form()).not.toBeNull();
    const login = screen.getByLabelText('Login');
    expect(login).toHaveProperty('value', '');
    expect(document.activeElement).toBe(login);
    // The next entry is typed straight away.
    await user.keyboard('maria');
    expect(login).toHaveProperty('value', 'maria');
  });

  it('keeps an error until OK, with the values typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerSave(() => jsonResponse(500, { error: 'internal', message: 'Oops' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await fillAndSave(user);
    expect(await screen.findByText('Something went wrong !')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(DONE_RESET_MS * 3));
    expect(screen.getByText('Something went wrong !')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Login')).toHaveProperty('value', 'olena');
  });

  it.each([
    [500, { error: 'internal', message: 'Oops' }, 'Something went wrong !'],
    [503, { error: 'unavailable', message: 'Database down' }, 'Something went wrong !'],
    [403, { error: 'forbidden', message: 'Only an admin' }, 'Access deny!'],
  ])(
    'answer %i shows "%s" and OK returns the form with the values kept',
    async (status, body, text) => {
      answerSave(() => jsonResponse(status, body));
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const user = userEvent.setup();
      const onSaved = renderForm();
      await fillAndSave(user);

      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(form()).toBeNull();
      await user.click(screen.getByRole('button', { name: 'OK' }));
      expect(screen.getByLabelText('Login')).toHaveProperty('value', 'olena');
      expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Olena');
      expect(onSaved).not.toHaveBeenCalled();
    },
  );

  it('ends in timeout when the server does not answer within requestTimeoutMs', async () => {
    window.localStorage.setItem('requestTimeoutMs', '50');
    answerSave(() => new Promise<never>(() => undefined));
    const user = userEvent.setup();
    renderForm();
    await fillAndSave(user);
    expect(
      await screen.findByText('The request time of server answering is out !'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Login')).toHaveProperty('value', 'olena');
  });

  it('goes back to the form on 400 with fields: values kept, messages beside their fields', async () => {
    answerSave(() =>
      jsonResponse(400, {
        error: 'validation',
        message: 'Invalid login, firstName',
        fields: { login: 'must be at most 100 characters', firstName: 'Surprising rule' },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillAndSave(user);

    const login = await screen.findByLabelText('Login');
    await waitFor(() => expect(form()).not.toBeNull());
    expect(login).toHaveProperty('value', 'olena');
    expect(login).toHaveAttribute('aria-invalid', 'true');
    // The contract's English message, translated; an unknown one shown as the server wrote it.
    const describedBy = login.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('At most 100 characters.');
    expect(screen.getByText('Surprising rule')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(login));
  });

  it('shows a duplicate login (409 conflict) on its field', async () => {
    answerSave(() =>
      jsonResponse(409, {
        error: 'conflict',
        message: 'This login is taken',
        fields: { login: 'is taken' },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillAndSave(user);
    expect(await screen.findByText('This is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Login')).toHaveProperty('value', 'olena');
  });
});

describe('fields (docs/interface.md, Validation)', () => {
  it('requires at the browser level exactly the fields the contract requires', () => {
    renderForm();
    expect(screen.getByLabelText('Login')).toHaveProperty('required', true);
    expect(screen.getByLabelText('First name')).toHaveProperty('required', true);
    expect(screen.getByLabelText('E-mail')).toHaveProperty('required', false);
    expect(screen.getByLabelText('Date of birth')).toHaveProperty('required', false);
    expect(screen.getByLabelText('Date of birth')).toHaveProperty('type', 'date');
    expect(screen.getByLabelText('Login')).toHaveAttribute('maxlength', '100');
  });

  it('says the e-mail is not correct and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await fillAndSave(user);
    expect(await screen.findByText('The email is not correct format !')).toBeInTheDocument();
    expect(requests.all()).toHaveLength(0);
  });

  it('sends every field by name, empty ones as empty strings', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillAndSave(user);
    await screen.findByText('Successfully done !');
    expect(lastBody('POST', '/api/users')).toEqual({
      login: 'olena',
      firstName: 'Olena',
      email: '',
      dateBirth: '',
    });
  });
});
