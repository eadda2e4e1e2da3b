import { api } from '@school/contract/paths';
import type { Event } from '@school/contract/schedule';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { rows, seed, sentBodies, server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n, stubLayout } from '../../test/utils';
import { Participants } from './Participants';
import {
  anna,
  bohdan,
  LESSON,
  olena,
  onPhone,
  participation,
  STUDENTS,
} from './participantsFixture';

beforeAll(setupI18n);
beforeEach(() => {
  stubLayout();
  seed({
    students: STUDENTS,
    events: [participation(21, anna), participation(22, bohdan)],
  });
});
afterEach(() => {
  cleanup();
  clearNotices();
  vi.unstubAllGlobals();
});

const studentChoice = () => screen.getByLabelText<HTMLSelectElement>('Add a student');
const offered = (select: HTMLSelectElement) =>
  [...select.options].filter((option) => option.value !== '').map((option) => option.text);

describe('adding a student to a lesson (docs/schedule.md, Participations)', () => {
  it('offers only the students not in the lesson yet', async () => {
    renderWithProviders(<Participants lesson={LESSON} />);
    await screen.findByText('Anna Kowal');
    await waitFor(() => expect(offered(studentChoice())).toEqual(['Olena Shevchenko']));
  });

  it('offers a student again once they have left the lesson', async () => {
    seed({ events: [participation(22, bohdan)] });
    renderWithProviders(<Participants lesson={LESSON} />);
    await screen.findByText('Bohdan Melnyk');
    await waitFor(() =>
      expect(offered(studentChoice())).toEqual(['Anna Kowal', 'Olena Shevchenko']),
    );
  });

  it('says in words when the server still finds the student in the lesson (409)', async () => {
    server.use(
      http.post(api.events, () =>
        jsonResponse(409, {
          error: 'conflict',
          message: 'Invalid student: takes part in this lesson already',
          fields: { student: 'takes part in this lesson already' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<Participants lesson={LESSON} />);
    await screen.findByText('Anna Kowal');
    await waitFor(() => expect(offered(studentChoice())).toContain('Olena Shevchenko'));
    await user.selectOptions(studentChoice(), String(olena.id));
    await user.click(screen.getAllByRole('button', { name: 'Add' })[0] as HTMLElement);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This student takes part in the lesson already.',
    );
  });
});

describe('marking attendance', () => {
  it('on a wide screen keeps the table with a labelled choice per row', async () => {
    onPhone(false);
    renderWithProviders(<Participants lesson={LESSON} />);
    const table = await screen.findByRole('table', { name: 'Participants' });
    expect(within(table).getByLabelText('Attendance of Anna Kowal')).toHaveDisplayValue(
      'Not marked',
    );
    expect(screen.queryByRole('group', { name: 'Attendance of Anna Kowal' })).toBeNull();
  });

  it('on a phone is one tap per participant, saved at once; a second tap takes it back', async () => {
    onPhone(true);
    const user = userEvent.setup();
    renderWithProviders(<Participants lesson={LESSON} />);
    const cards = await screen.findByRole('list', { name: 'Participants' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();

    const annas = screen.getByRole('group', { name: 'Attendance of Anna Kowal' });
    const present = within(annas).getByRole('button', { name: 'Present' });
    expect(present).toHaveAttribute('aria-pressed', 'false');
    await user.click(present);
    expect(present).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(sentBodies('PUT')).toEqual([
        { path: api.event(21), body: { attendence: 1, version: 1 } },
      ]),
    );
    await waitFor(() => expect(rows<Event>('events')[0]?.attendence).toBe(1));

    const bohdans = screen.getByRole('group', { name: 'Attendance of Bohdan Melnyk' });
    await user.click(within(bohdans).getByRole('button', { name: 'Absent' }));
    await waitFor(() =>
      expect(sentBodies('PUT').at(-1)).toEqual({
        path: api.event(22),
        body: { attendence: 2, version: 1 },
      }),
    );

    await user.click(within(annas).getByRole('button', { name: 'Present' }));
    await waitFor(() =>
      // the version the first save answered (ADR 043)
      expect(sentBodies('PUT').at(-1)).toEqual({
        path: api.event(21),
        body: { attendence: 0, version: 2 },
      }),
    );
    expect(within(annas).getByRole('button', { name: 'Present' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('keeps a change still being saved when an earlier change of the row comes back', async () => {
    onPhone(false);
    // each save of Anna's row is answered only when the test lets it
    const gates = new Map<string, () => void>();
    const answered = (field: string) => new Promise<void>((resolve) => gates.set(field, resolve));
    const attendanceSaved = answered('attendence');
    const paidSaved = answered('isPaid');
    server.use(
      http.put(api.event(21), async ({ request }) => {
        const body = (await request.clone().json()) as Partial<Event>;
        await (body.isPaid === undefined ? attendanceSaved : paidSaved);
        const stored = { ...(rows<Event>('events')[0] as Event), ...body };
        rows<Event>('events')[0] = stored;
        return jsonResponse(200, stored);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Participants lesson={LESSON} />);
    const table = await screen.findByRole('table', { name: 'Participants' });
    const annasRow = within(table).getByRole('row', { name: /Anna Kowal/ });
    const paid = () => within(annasRow).getByRole('checkbox');
    await user.selectOptions(within(table).getByLabelText('Attendance of Anna Kowal'), 'Present');
    await user.click(paid());
    expect(paid()).toBeChecked();

    // the attendance is saved and the list read again, the paid mark not saved yet; Bohdan's
    // row, changed meanwhile on the server, shows when the list read again is on the screen
    const bohdansAttendance = () => within(table).getByLabelText('Attendance of Bohdan Melnyk');
    const changeBohdan = (attendence: number) =>
      Object.assign(rows<Event>('events')[1] as Event, { attendence });
    changeBohdan(2);
    gates.get('attendence')?.();
    await waitFor(() => expect(rows<Event>('events')[0]?.attendence).toBe(1));
    await waitFor(() => expect(bohdansAttendance()).toHaveDisplayValue('Absent'));
    expect(paid()).toBeChecked();
    expect(within(table).getByLabelText('Attendance of Anna Kowal')).toHaveDisplayValue('Present');

    changeBohdan(1);
    gates.get('isPaid')?.();
    await waitFor(() => expect(rows<Event>('events')[0]?.isPaid).toBe(true));
    await waitFor(() => expect(bohdansAttendance()).toHaveDisplayValue('Present'));
    expect(paid()).toBeChecked();
  });

  it('on a phone tells a failed save and shows the saved mark again', async () => {
    onPhone(true);
    server.use(http.put(api.event(21), () => jsonResponse(500, { error: 'internal' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<Participants lesson={LESSON} />);
    const annas = await screen.findByRole('group', { name: 'Attendance of Anna Kowal' });
    await user.click(within(annas).getByRole('button', { name: 'Present' }));
    expect(await screen.findByText('Something went wrong !')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(annas).getByRole('button', { name: 'Present' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });
});
