import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { calledUrls, seed } from '../../test/server';
import { makeStudent } from '../../test/students';
import { renderApp, setupI18n } from '../../test/utils';

const STUDENT = makeStudent();

beforeAll(setupI18n);
afterEach(cleanup);

describe('the student’s page', () => {
  it('has a History, read when opened, with the responsible by name and yes/no in words', async () => {
    seed({
      students: [STUDENT],
      audit: [
        {
          id: 1,
          at: '2026-11-26T10:00:00.000Z',
          userId: 7,
          userName: 'Anna Kowalska',
          action: 'update',
          entity: 'students',
          entityId: 12,
          changes: { responsibleId: [null, 8], hasBroadcast: [false, true] },
          requestId: null,
        },
      ],
    });
    renderApp('/students/12');
    await screen.findByRole('form', { name: 'Student details' });
    expect(calledUrls().some((url) => url.pathname.endsWith('/history'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Changed')).toBeInTheDocument();
    expect(await within(history).findByText(/Piotr Zieliński/)).toBeInTheDocument();
    expect(history).toHaveTextContent('Responsible: empty → Piotr Zieliński');
    expect(history).toHaveTextContent('Receives broadcasts: no → yes');
  });
});
