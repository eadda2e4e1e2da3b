import { userUpdate } from '@school/contract/users';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { request } from '../../lib/http';
import { sentBodies, server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n } from '../../test/utils';
import { EntityForm } from './EntityForm';
import { toFormValues, type FieldSpec } from './fields';

// docs/interface.md, Conflicts (ADR 038): a save made on an older version is refused; the form
// keeps the input, says what changed, and reloads the record with or without the user's changes.

const schema = userUpdate.pick({ firstName: true, lastName: true, position: true });
const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'fields.firstName' },
  { name: 'lastName', label: 'fields.lastName' },
  { name: 'position', label: 'fields.position' },
];
const OPENED = { firstName: 'Olena', lastName: 'Koval', position: 'Teacher' };
/** The record as another staff member left it: a new last name, version 2. */
const NOW = { firstName: 'Olena', lastName: 'Kovalenko', position: 'Teacher', version: 2 };

function renderForm() {
  server.use(
    http.put('/api/users/5', async ({ request: sent }) => {
      const body = (await sent.json()) as { version?: number };
      return body.version === 2
        ? jsonResponse(200, { ...NOW, ...body, version: 3 })
        : jsonResponse(409, {
            error: 'conflict',
            message: 'changed meanwhile',
            changed: ['lastName'],
            by: 'Marta Second',
            at: '2026-11-28T10:15:00.000Z',
          });
    }),
  );
  renderWithProviders(
    <EntityForm
      mode="edit"
      label="Profile"
      schema={schema}
      fields={FIELDS}
      defaultValues={toFormValues(FIELDS, OPENED)}
      submitLabel="Save"
      onSubmit={(body) => request('/api/users/5', { method: 'PUT', body })}
      onDoneOk={() => undefined}
      versioned={{
        version: 1,
        load: () => Promise.resolve({ values: toFormValues(FIELDS, NOW), version: NOW.version }),
      }}
    />,
  );
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

beforeAll(setupI18n);
afterEach(cleanup);

describe('a save refused as a conflict', () => {
  it('keeps the input, names what changed and who; Keep my changes puts back only mine', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.clear(field('Position'));
    await user.type(field('Position'), 'Head teacher');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Someone changed this record after you opened it.');
    expect(notice).toHaveTextContent('Changed meanwhile: Last name.');
    expect(notice).toHaveTextContent('By Marta Second,');
    expect(field('Position').value).toBe('Head teacher');
    expect(sentBodies('PUT').at(-1)?.body).toMatchObject({ position: 'Head teacher', version: 1 });

    await user.click(screen.getByRole('button', { name: 'Keep my changes' }));
    expect(await screen.findByDisplayValue('Kovalenko')).toBe(field('Last name'));
    expect(field('Position').value).toBe('Head teacher');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully done !')).toBeInTheDocument();
    expect(sentBodies('PUT').at(-1)?.body).toEqual({
      firstName: 'Olena',
      lastName: 'Kovalenko',
      position: 'Head teacher',
      version: 2,
    });
  });

  it('Reload drops the edits and shows the record as it now is', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.clear(field('Position'));
    await user.type(field('Position'), 'Head teacher');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Kovalenko')).toBe(field('Last name'));
    expect(field('Position').value).toBe('Teacher');
  });
});
