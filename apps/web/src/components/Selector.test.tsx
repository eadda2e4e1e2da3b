import { optionalId, text } from '@school/contract/common';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { request } from '../lib/http';
import { HttpResponse, http } from 'msw';
import { calledUrls, lastBody, seed, server } from '../test/server';
import { jsonResponse, renderWithProviders, setupI18n } from '../test/utils';
import { EntityForm } from './form/EntityForm';
import { toFormValues, type FieldSpec, type FormValues } from './form/fields';
import { Selector } from './Selector';

const schema = z.object({ project: optionalId, responsible: optionalId, language: text(40) });
const FIELDS: readonly FieldSpec[] = [
  { name: 'project', label: 'fields.project', kind: 'select', lookup: '/api/projects' },
  { name: 'responsible', label: 'fields.responsible', kind: 'select', lookup: '/api/users' },
  {
    name: 'language',
    label: 'fields.language',
    kind: 'select',
    lookup: '/api/languages',
    optionValue: 'name',
  },
];

const LOOKUPS = {
  projects: [
    { id: 2, name: 'Alpha' },
    { id: 3, name: 'Beta' },
    { id: 4, name: 'Gamma' },
  ],
  users: [{ id: 9, name: 'x', firstName: 'Anna', lastName: 'Kowalska' }],
  languages: [
    { id: 1, name: 'English' },
    { id: 2, name: 'Polish' },
  ],
};

function renderSelectors(initial: FormValues = {}, mode: 'create' | 'edit' = 'create') {
  renderWithProviders(
    <EntityForm
      mode={mode}
      label="Form"
      schema={schema}
      fields={FIELDS}
      defaultValues={toFormValues(FIELDS, initial)}
      submitLabel="Save"
      onSubmit={(body) => request('/api/things', { method: 'POST', body })}
    />,
  );
}

const fakeLookups = () => seed(LOOKUPS);

const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
const shown = (element: HTMLSelectElement) => element.selectedOptions[0]?.textContent;

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('selector options for filters', () => {
  it('names its empty choice and leaves a single option unpicked when asked to', async () => {
    seed({ users: [{ id: 9, name: 'x', firstName: 'Anna', lastName: 'Kowalska' }] });
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <label htmlFor="who">{'Who'}</label>
        <Selector
          id="who"
          name="responsibleId"
          url="/api/users"
          value=""
          onChange={onChange}
          emptyLabel="All"
          autoSelectSingle={false}
        />
      </>,
    );
    await waitFor(() => expect(select('Who')).toBeEnabled());
    expect([...select('Who').options].map((option) => option.textContent)).toEqual([
      'All',
      'Anna Kowalska',
    ]);
    expect(select('Who').value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('selector (docs/api.md, Lookups)', () => {
  it('selects a single option by itself and sends it', async () => {
    fakeLookups();
    const user = userEvent.setup();
    renderSelectors();
    await waitFor(() => expect(shown(select('Responsible'))).toBe('Anna Kowalska'));
    // Several options: nothing is chosen for the user.
    await waitFor(() => expect(select('Project')).toBeEnabled());
    expect(select('Project').value).toBe('');

    await user.selectOptions(select('Language'), 'Polish');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully done !');
    expect(lastBody('POST', '/api/things')).toEqual({
      project: '',
      responsible: 9,
      language: 'Polish',
    });
  });

  it('leaves an empty field of an existing record empty, even with a single option', async () => {
    fakeLookups();
    const user = userEvent.setup();
    renderSelectors({ project: 3, language: 'English' }, 'edit');
    await waitFor(() => expect(select('Responsible')).toBeEnabled());
    await waitFor(() => expect(shown(select('Project'))).toBe('Beta'));
    expect(select('Responsible').value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastBody('POST', '/api/things')).toBeDefined());
    expect(lastBody('POST', '/api/things')).toEqual({
      project: 3,
      responsible: '',
      language: 'English',
    });
  });

  it('selects the given initial value', async () => {
    fakeLookups();
    renderSelectors({ project: 3, language: 'English' });
    await waitFor(() => expect(shown(select('Project'))).toBe('Beta'));
    expect(select('Project')).toHaveValue('3');
    expect(shown(select('Language'))).toBe('English');
  });

  it('fetches a lookup once for every selector using it', async () => {
    fakeLookups();
    renderSelectors();
    await waitFor(() => expect(shown(select('Responsible'))).toBe('Anna Kowalska'));
    const urls = calledUrls().map((url) => url.pathname + url.search);
    expect(urls.filter((url) => url === '/api/users')).toHaveLength(1);
  });

  it('cycles 1 to 3 dots every 500 ms while waiting and starts again after 2000 ms', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server.use(http.get('/api/*', () => new Promise<never>(() => undefined)));
    renderSelectors();
    const dots = () => shown(select('Project'));
    expect(select('Project')).toHaveAttribute('aria-busy', 'true');
    const seen = [dots()];
    for (let step = 0; step < 5; step++) {
      act(() => {
        vi.advanceTimersByTime(500);
      });
      seen.push(dots());
    }
    expect(seen).toEqual(['.', '..', '...', '...', '.', '..']);
  });

  it('shows an error state on an HTTP error and recovers on retry', async () => {
    let fail = true;
    fakeLookups();
    server.use(
      http.get('/api/projects', () =>
        fail ? jsonResponse(500, { error: 'internal', message: 'Oops' }) : undefined,
      ),
    );
    const user = userEvent.setup();
    renderSelectors();
    const field = select('Project').closest('div')!.parentElement!;
    const alert = await within(field).findByRole('alert');
    expect(alert.textContent).toContain('The options could not be loaded.');
    expect(select('Project')).toBeDisabled();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(select('Project')).toBeEnabled());
    expect(within(field).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error state, without throwing, when the server does not answer at all', async () => {
    const unhandled = vi.fn();
    window.addEventListener('error', unhandled);
    server.use(http.all('*', () => HttpResponse.error()));
    renderSelectors();
    await waitFor(() =>
      expect(screen.getAllByText('The options could not be loaded.')).toHaveLength(3),
    );
    expect(screen.getByRole('form', { name: 'Form' })).toBeInTheDocument();
    window.removeEventListener('error', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
