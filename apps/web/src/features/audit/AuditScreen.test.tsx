import type { AuditEntry } from '@school/contract/audit';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, calledUrls, seed, setSession } from '../../test/server';
import { renderApp, setupI18n, stubLayout } from '../../test/utils';
import { recordPath } from './recordPath';

const base: AuditEntry = {
  id: 1,
  at: '2026-11-20T09:00:00.000Z',
  userId: 7,
  userName: 'Anna Kowalska',
  action: 'update',
  entity: 'clients',
  entityId: 3,
  changes: {},
  requestId: null,
};

const ENTRIES: AuditEntry[] = [
  { ...base, id: 1, changes: { stage: [1, 2], price: [100, 150] } },
  {
    ...base,
    id: 2,
    at: '2026-11-21T09:00:00.000Z',
    entity: 'lessons',
    entityId: 9,
    changes: { date: ['2026-11-20', '2026-11-27'] },
  },
  {
    ...base,
    id: 3,
    at: '2026-11-22T09:00:00.000Z',
    action: 'login_failed',
    entity: 'users',
    entityId: null,
    userId: null,
    userName: '',
    changes: { login: 'ghost' },
  },
];

const auditCalls = () => calledUrls().filter((url) => url.pathname === '/api/audit');
const table = () => screen.findByRole('table', { name: 'Record history' });

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  setSession(ADMIN);
});

describe('/audit', () => {
  it('lists every entry newest first, in words, with the total and links to the records', async () => {
    seed({ audit: ENTRIES });
    renderApp('/audit');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Sign-in failed'),
      expect.stringContaining('Date: Nov 20, 2026 → Nov 27, 2026'),
      expect.stringContaining('Price: 100.00 zł → 150.00 zł; Stage: Lead → Won'),
    ]);
    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('System')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Lesson #9' })).toHaveAttribute(
      'href',
      '/schedule?lesson=9',
    );
    const client = within(rows[2]!).getByRole('link', { name: 'Client #3' });
    expect(client).toHaveAttribute('href', '/clients/3');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Audit' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("reads the money's entries in words, links them to the student and filters by them", async () => {
    seed({
      audit: [
        {
          ...base,
          id: 11,
          action: 'create',
          entity: 'payments',
          entityId: 31,
          changes: { studentId: 12, studentName: 'Olena Koval', amount: 120, method: 'transfer' },
        },
        {
          ...base,
          id: 12,
          at: '2026-11-21T09:00:00.000Z',
          action: 'create',
          entity: 'adjustments',
          entityId: 4,
          changes: { student: 12, studentName: 'Olena Koval', amount: -20, reason: 'goodwill' },
        },
      ],
    });
    const user = userEvent.setup();
    renderApp('/audit');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Adjustment −20.00 zł for Olena Koval: goodwill'),
      expect.stringContaining('Payment 120.00 zł by transfer recorded for Olena Koval'),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Adjustment #4' })).toHaveAttribute(
      'href',
      '/students/12',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Payment #31' })).toHaveAttribute(
      'href',
      '/students/12',
    );
    await user.click(screen.getByRole('button', { name: /filter/i }));
    const kinds = within(screen.getByLabelText('Record type'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(kinds).toEqual(
      expect.arrayContaining(['Payment', 'Adjustment', 'Ledger entry', 'Attendance status']),
    );
    await user.selectOptions(screen.getByLabelText('Record type'), 'payments');
    await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('entity')).toBe('payments'));
  });

  it('filters by record type, action and days, and searches, on the server', async () => {
    seed({ audit: ENTRIES });
    const user = userEvent.setup();
    renderApp('/audit');
    await table();
    await user.click(screen.getByRole('button', { name: /filter/i }));
    await user.selectOptions(screen.getByLabelText('Record type'), 'clients');
    await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('entity')).toBe('clients'));
    await user.selectOptions(screen.getByLabelText('Action'), 'update');
    await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('action')).toBe('update'));
    await user.type(screen.getByRole('searchbox'), 'Anna');
    await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('search')).toBe('Anna'));
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Client #3');
  });

  it('filters by user, days and record id, on the server', async () => {
    seed({
      audit: [
        ...ENTRIES,
        { ...base, id: 4, at: '2026-11-21T10:00:00.000Z', userId: 8, userName: 'Piotr Zieliński' },
      ],
    });
    const user = userEvent.setup();
    renderApp('/audit');
    await table();
    await user.click(screen.getByRole('button', { name: /filter/i }));
    const userFilter = screen.getByLabelText('User');
    await waitFor(() =>
      expect(within(userFilter).getAllByRole('option').length).toBeGreaterThan(1),
    );
    await user.selectOptions(userFilter, '7');
    await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('userId')).toBe('7'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    await waitFor(() => {
      const query = auditCalls().at(-1)?.searchParams;
      expect([query?.get('dateFrom'), query?.get('dateTo')]).toEqual(['2026-11-21', '2026-11-21']);
    });
    let rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Lesson #9');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    const recordId = screen.getByLabelText('Record ID');
    await user.type(recordId, 'x3');
    expect(recordId).toHaveValue('3');
    await waitFor(() => {
      const query = auditCalls().at(-1)?.searchParams;
      expect(query?.get('entityId')).toBe('3');
      expect(query?.get('userId')).toBeNull();
    });
    await waitFor(() => {
      rows = within(screen.getByRole('table', { name: 'Record history' }))
        .getAllByRole('row')
        .slice(1);
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringContaining('Client #3'),
        expect.stringContaining('Client #3'),
      ]);
    });
  });

  it('is an admin’s: a teacher has no Audit in the navigation and a deep link says so', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/audit');
    await screen.findByRole('heading', { level: 1, name: 'Not available for your role' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Audit' })).toBeNull();
    expect(auditCalls()).toEqual([]);
  });
});

describe('the record of an entry', () => {
  it('is its own screen, the lesson in the schedule, or the list that holds it', () => {
    expect(recordPath({ ...base, entity: 'students', entityId: 4 })).toBe('/students/4');
    expect(recordPath({ ...base, entity: 'events', entityId: 8, changes: { lesson: 9 } })).toBe(
      '/schedule?lesson=9',
    );
    expect(
      recordPath({
        ...base,
        entity: 'studentdocuments',
        action: 'create',
        changes: { student: 4 },
      }),
    ).toBe('/cardocuments/bycar/4');
    expect(
      recordPath({ ...base, entity: 'events', action: 'create', changes: { lessonId: 7 } }),
    ).toBe('/schedule?lesson=7');
    expect(
      recordPath({ ...base, entity: 'studentdocuments', changes: { studentId: [4, 5] } }),
    ).toBe('/cardocuments/bycar/5');
    expect(recordPath({ ...base, entity: 'users', entityId: null })).toBe('/users');
    expect(recordPath({ ...base, entity: 'stages' })).toBe('/settings');
    // the money: the student's page, whose Account holds it
    expect(
      recordPath({ ...base, entity: 'payments', action: 'create', changes: { studentId: 12 } }),
    ).toBe('/students/12');
    expect(
      recordPath({ ...base, entity: 'payments', changes: { voided: [false, true], student: 12 } }),
    ).toBe('/students/12');
    expect(
      recordPath({ ...base, entity: 'adjustments', action: 'create', changes: { student: 4 } }),
    ).toBe('/students/4');
    expect(
      recordPath({ ...base, entity: 'ledger', action: 'create', changes: { student: 4 } }),
    ).toBe('/students/4');
    expect(
      recordPath({ ...base, entity: 'payments', changes: { voided: [false, true] } }),
    ).toBeNull();
    expect(recordPath({ ...base, entity: 'attendancestatuses', entityId: 3 })).toBeNull();
    expect(recordPath({ ...base, action: 'delete' })).toBeNull();
    expect(recordPath({ ...base, entity: 'answers' })).toBeNull();
  });
});
