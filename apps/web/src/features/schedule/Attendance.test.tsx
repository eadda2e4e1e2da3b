import { api } from '@school/contract/paths';
import type { Event } from '@school/contract/schedule';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { changeLanguage } from '../../i18n/i18n';
import { calledUrls, LOOKUPS, rows, seed, sentBodies, server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n } from '../../test/utils';
import { Participants } from './Participants';
import { anna, bohdan, LESSON, onPhone, participation, STUDENTS } from './participantsFixture';

// docs/money.md, Attendance statuses: every status of the lookup is offered, in the user's
// language, with whether it charges; on a phone Present and Absent are one tap each and the
// others are in a small menu; every mark sends the participation's version (ADR 043).

const attendanceOf = (name: string) =>
  screen.getByLabelText<HTMLSelectElement>(`Attendance of ${name}`);
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.text);

beforeAll(setupI18n);
beforeEach(() => {
  seed({ students: STUDENTS, events: [participation(21, anna), participation(22, bohdan)] });
});
afterEach(async () => {
  cleanup();
  clearNotices();
  vi.unstubAllGlobals();
  if (i18next.language !== 'en') await changeLanguage('en');
});

describe('the attendance statuses of a participation', () => {
  it.each([
    [
      'en',
      ['Not marked', 'Present', 'Absent', 'Excused', 'Late cancel', 'Cancelled by the school'],
      'Attendance of',
      'charged',
    ],
    [
      'pl',
      [
        'Nieoznaczone',
        'Obecny',
        'Nieobecny',
        'Usprawiedliwiony',
        'Późne odwołanie',
        'Odwołała szkoła',
      ],
      'Obecność:',
      'płatne',
    ],
    [
      'uk',
      [
        'Не відмічено',
        'Присутній',
        'Відсутній',
        'Поважна причина',
        'Пізнє скасування',
        'Скасовано школою',
      ],
      'Відвідування:',
      'платно',
    ],
  ] as const)(
    'are offered from the lookup in %s, with whether the chosen one charges',
    async (language, names, label, charged) => {
      await changeLanguage(language);
      onPhone(false);
      renderWithProviders(<Participants lesson={LESSON} />);
      const select = await screen.findByLabelText<HTMLSelectElement>(`${label} Anna Kowal`);
      await waitFor(() => expect(optionTexts(select)).toEqual(names));
      expect(select).toHaveAccessibleDescription(charged);
      expect(calledUrls().some((url) => url.pathname === api.attendanceStatuses)).toBe(true);
    },
  );

  it('shows a status an admin renamed or added by its own name, and says one does not charge', async () => {
    seed({
      attendancestatuses: [
        ...LOOKUPS.attendancestatuses.filter((status) => status.id !== 3),
        { id: 3, name: 'Sick note', key: null, charge: false, payTeacher: false },
        { id: 6, name: 'Trial', key: null, charge: false, payTeacher: true },
      ],
      events: [{ ...participation(21, anna), attendence: 3 }, participation(22, bohdan)],
    });
    await changeLanguage('pl');
    onPhone(false);
    renderWithProviders(<Participants lesson={LESSON} />);
    const select = await screen.findByLabelText<HTMLSelectElement>('Obecność: Anna Kowal');
    await waitFor(() => expect(optionTexts(select)).toContain('Trial'));
    expect(select).toHaveDisplayValue('Sick note');
    expect(select).toHaveAccessibleDescription('bez opłaty');
  });

  it('saves a status chosen in the table with the version, and the next with the version answered', async () => {
    onPhone(false);
    const user = userEvent.setup();
    renderWithProviders(<Participants lesson={LESSON} />);
    await screen.findByRole('table', { name: 'Participants' });
    await user.selectOptions(attendanceOf('Anna Kowal'), 'Excused');
    expect(attendanceOf('Anna Kowal')).toHaveAccessibleDescription('not charged');
    const row = within(screen.getByRole('table')).getByRole('row', { name: /Anna Kowal/ });
    await user.click(within(row).getByRole('checkbox'));
    await waitFor(() =>
      expect(sentBodies('PUT')).toEqual([
        { path: api.event(21), body: { attendence: 3, version: 1 } },
        { path: api.event(21), body: { isPaid: true, version: 2 } },
      ]),
    );
    await waitFor(() =>
      expect(rows<Event>('events')[0]).toMatchObject({ attendence: 3, isPaid: true }),
    );
  });
});

describe('attendance on a phone', () => {
  it('keeps Present and Absent one tap each; the other statuses are in a menu used by keyboard', async () => {
    onPhone(true);
    const user = userEvent.setup();
    renderWithProviders(<Participants lesson={LESSON} />);
    const annas = await screen.findByRole('group', { name: 'Attendance of Anna Kowal' });
    await user.click(within(annas).getByRole('button', { name: 'Absent' }));
    await waitFor(() =>
      expect(sentBodies('PUT')).toEqual([
        { path: api.event(21), body: { attendence: 2, version: 1 } },
      ]),
    );

    const card = screen.getAllByRole('listitem')[0] as HTMLElement;
    const more = within(card).getByRole('button', { name: 'Other status' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Other attendance statuses of Anna Kowal' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Not markedcharged',
      'Excusednot charged',
      'Late cancelcharged',
      'Cancelled by the schoolnot charged',
    ]);
    // the first item has the focus (none of these is chosen); arrows move it, Enter chooses
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[3]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(more);
    await waitFor(() =>
      expect(sentBodies('PUT').at(-1)).toEqual({
        path: api.event(21),
        body: { attendence: 3, version: 2 },
      }),
    );
    // the button names the chosen status, and says it charges nothing; neither tap is pressed
    await waitFor(() => expect(more).toHaveTextContent('Excused'));
    expect(within(card).getByText('not charged')).toBeInTheDocument();
    expect(within(annas).getByRole('button', { name: 'Absent' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Escape closes the menu without a change, the focus back on its button
    await user.click(more);
    const reopened = screen.getByRole('menu');
    expect(document.activeElement).toBe(
      within(reopened).getByRole('menuitemradio', { name: /Excused/, checked: true }),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(more);
    expect(sentBodies('PUT')).toHaveLength(2);
  });

  it('a mark made on an older version: who changed it and when, Reload, and the list read again', async () => {
    onPhone(true);
    server.use(
      http.put(api.event(21), () =>
        jsonResponse(409, {
          error: 'conflict',
          message: 'The record was changed by someone else since you opened it; nothing was saved',
          changed: ['attendence'],
          by: 'Marta Other',
          at: '2026-11-30T09:15:00.000Z',
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<Participants lesson={LESSON} />);
    const annas = await screen.findByRole('group', { name: 'Attendance of Anna Kowal' });
    const present = within(annas).getByRole('button', { name: 'Present' });
    await user.click(present);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "The change of Anna Kowal's participation was not saved: someone changed it meanwhile.",
    );
    expect(alert.textContent).toContain('Changed meanwhile: Attendance.');
    expect(alert.textContent).toMatch(/By Marta Other, Nov 30, 2026/);
    // the list is read again: the mark shown is the saved one
    await waitFor(() => expect(present).toHaveAttribute('aria-pressed', 'false'));
    const reads = () => calledUrls().filter((url) => url.pathname === api.events).length;
    const before = reads();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
