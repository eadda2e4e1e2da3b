import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { makeClient } from '../../test/clients';
import { calledUrls, lastBody, seed, server } from '../../test/server';
import { jsonResponse, renderApp, setupI18n } from '../../test/utils';

const FULL = makeClient({
  id: 1,
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  tel: '+48 600 100 200',
  price: 1234.5,
  probability: 60,
  dLastContact: '2025-03-10',
  responsibleId: 7,
  project: 5,
  stage: 1,
  language: 2,
  category: 1,
  product: { id: 3, name: 'Group course' },
  source: 12,
  hashCode: 'Zx81_qLmT0aB3cD4eF5gH6',
  dateBirth: '1990-05-17',
  position: 'Manager',
  address: 'ul. Długa 5, Kraków',
  age: 35,
  facebook: 'anna.nowak',
  telegramUsername: 'annanowak',
  timezone: 'Europe/Warsaw',
  lastActivity: null,
  device: 'Android 14',
});

const form = () => screen.findByRole('form', { name: 'Client details' });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

beforeAll(setupI18n);
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('client detail', () => {
  it('loads the client into every field, with lookups selected and read-only facts as text', async () => {
    seed({ clients: [FULL] });
    renderApp('/clients/1');
    expect(await screen.findByText('Loading ...')).toBeInTheDocument();
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Client' })).toBeInTheDocument();
    expect(screen.getByText('Anna Nowak')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to clients' }).getAttribute('href')).toBe(
      '/clients',
    );
    const texts: Record<string, string> = {
      'First name': 'Anna',
      'Last name': 'Nowak',
      'E-mail': 'anna@example.com',
      Phone: '+48 600 100 200',
      Price: '1234.5',
      Probability: '60',
      'Last contact': '2025-03-10',
      'Date of birth': '1990-05-17',
      Age: '35',
      Position: 'Manager',
      Address: 'ul. Długa 5, Kraków',
      Facebook: 'anna.nowak',
      'Telegram username': 'annanowak',
    };
    for (const [label, value] of Object.entries(texts))
      expect(field(label).value, label).toBe(value);
    const chosen: Record<string, string> = {
      Stage: 'Lead',
      Product: 'Group course',
      Source: 'Referral',
      Responsible: 'Anna Kowalska',
      Project: 'Adults',
      Language: 'Ukrainian',
      Category: 'VIP',
      'Time zone': 'Europe/Warsaw',
    };
    for (const [label, name] of Object.entries(chosen)) {
      await waitFor(() =>
        expect(
          screen.getByLabelText<HTMLSelectElement>(label).selectedOptions[0]?.textContent,
        ).toBe(name),
      );
    }
    const facts = screen.getByText('Hash code').closest('dl')!;
    const fact = (term: string) =>
      within(facts).getByText(term).nextElementSibling?.textContent ?? null;
    expect(fact('Hash code')).toBe('Zx81_qLmT0aB3cD4eF5gH6');
    expect(fact('Device')).toBe('Android 14');
    expect(fact('Last activity')).toBe('—');
    expect(fact('Created')).toBe('Feb 1, 2025, 9:30 AM');
    // Read-only: not a form control.
    expect(screen.queryByLabelText('Hash code')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Device')).not.toBeInTheDocument();
  });

  it('saves every field with PUT, says done and keeps the saved values', async () => {
    seed({ clients: [FULL] });
    const user = userEvent.setup();
    renderApp('/clients/1');
    await form();
    await waitFor(() => expect(field('Stage').value).toBe('1'));
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Nowak-Kowal');
    await user.selectOptions(field('Stage'), 'Won');
    await user.selectOptions(field('Time zone'), 'Europe/Kyiv');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully done !')).toBeInTheDocument();
    expect(lastBody('PUT', '/api/clients/1')).toEqual({
      firstName: 'Anna',
      lastName: 'Nowak-Kowal',
      email: 'anna@example.com',
      tel: '+48 600 100 200',
      price: 1234.5,
      probability: 60,
      stage: 2,
      product: 3,
      source: 12,
      responsibleId: 7,
      dLastContact: '2025-03-10',
      project: 5,
      language: 2,
      category: 1,
      dateBirth: '1990-05-17',
      age: 35,
      position: 'Manager',
      facebook: 'anna.nowak',
      telegramUsername: 'annanowak',
      timezone: 'Europe/Kyiv',
      address: 'ul. Długa 5, Kraków',
      // the version the page was opened on (ADR 038)
      version: 1,
    });
    // The header follows the saved record.
    await waitFor(() => expect(screen.getByText('Anna Nowak-Kowal')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(field('Last name').value).toBe('Nowak-Kowal');
    expect(field('Stage').value).toBe('2');
  });

  it('shows the server 400 field messages beside their fields and keeps what was typed', async () => {
    seed({ clients: [FULL] });
    server.use(
      http.put('/api/clients/:id', () =>
        jsonResponse(400, {
          error: 'validation',
          message: 'Invalid input',
          fields: { email: 'is taken', telegramUsername: 'must be at most 5 characters' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/clients/1');
    await form();
    await user.clear(field('Position'));
    await user.type(field('Position'), 'Director');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field('E-mail').getAttribute('aria-invalid')).toBe('true'));
    const emailError = document.getElementById(field('E-mail').getAttribute('aria-describedby')!);
    expect(emailError?.textContent).toBe('This is already taken.');
    const telegram = field('Telegram username');
    expect(document.getElementById(telegram.getAttribute('aria-describedby')!)?.textContent).toBe(
      'At most 5 characters.',
    );
    expect(field('Position').value).toBe('Director');
    expect(screen.getByRole('form', { name: 'Client details' }).hidden).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(field('E-mail')));
    expect(calledUrls('PUT')).toHaveLength(1);
  });

  it('says the client does not exist on a 404, with a link to the list', async () => {
    seed({ clients: [FULL] });
    renderApp('/clients/99');
    expect(
      await screen.findByText('There is no such client. It may have been deleted.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the client list' }).getAttribute('href')).toBe(
      '/clients',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('does not ask the server for an id that cannot exist', async () => {
    seed({ clients: [FULL] });
    renderApp('/clients/abc');
    expect(
      await screen.findByText('There is no such client. It may have been deleted.'),
    ).toBeTruthy();
    expect(calledUrls().some((url) => url.pathname.startsWith('/api/clients'))).toBe(false);
  });

  it('has a History, read only when opened, that says who changed what in words', async () => {
    seed({
      clients: [FULL],
      audit: [
        {
          id: 1,
          at: '2026-11-26T10:00:00.000Z',
          userId: 7,
          userName: 'Anna Kowalska',
          action: 'update',
          entity: 'clients',
          entityId: 1,
          changes: { stage: [1, 2], price: [1000, 1234.5] },
          requestId: null,
        },
      ],
    });
    renderApp('/clients/1');
    await form();
    const toggle = screen.getByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calledUrls().some((url) => url.pathname.endsWith('/history'))).toBe(false);
    await userEvent.click(toggle);
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Changed')).toBeInTheDocument();
    expect(history).toHaveTextContent('Stage: Lead → Won');
    expect(history).toHaveTextContent('Price: 1,000.00 zł → 1,234.50 zł');
  });
});
