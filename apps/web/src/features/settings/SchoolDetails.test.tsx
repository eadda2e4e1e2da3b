import { api } from '@school/contract/paths';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, lastBody, seed, setSession } from '../../test/server';
import { renderApp, setupI18n } from '../../test/utils';

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  setSession(ADMIN);
});

const section = async () => screen.findByRole('region', { name: 'School details' });

describe('Settings → School details (ADR 040)', () => {
  it('an admin fills them in; a wrong IBAN or NIP is refused in the form, in words', async () => {
    const user = userEvent.setup();
    seed({ school: [] });
    renderApp('/settings');
    const card = await section();
    const form = await within(card).findByRole('form', { name: 'School details' });
    await user.type(within(form).getByLabelText(/^Name/), 'Szkoła Języków Sp. z o.o.');
    await user.type(within(form).getByLabelText(/Tax id/), '526-000-12-47');
    await user.type(within(form).getByLabelText(/IBAN/), 'PL61 1090 1014 0000 0712 1981 2875');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(form).findByText('The check digits do not match: look for a typo.'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText("The NIP's check digit does not match: look for a typo."),
    ).toBeInTheDocument();
    expect(lastBody('PUT', api.schoolDetails)).toBeUndefined();

    await user.clear(within(form).getByLabelText(/IBAN/));
    await user.type(within(form).getByLabelText(/IBAN/), 'pl61 1090 1014 0000 0712 1981 2874');
    await user.clear(within(form).getByLabelText(/Tax id/));
    await user.type(within(form).getByLabelText(/Tax id/), '526-000-12-46');
    await user.selectOptions(within(form).getByLabelText(/Currency/), 'EUR (euro)');
    await user.type(
      within(form).getByLabelText(/VAT exemption/),
      'Zwolnienie z VAT na podstawie art. 43 ust. 1 pkt 26 lit. a ustawy o VAT',
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await expect
      .poll(() => lastBody('PUT', api.schoolDetails))
      .toMatchObject({
        name: 'Szkoła Języków Sp. z o.o.',
        // normalised as the server keeps them
        taxId: '5260001246',
        iban: 'PL61109010140000071219812874',
        currency: 'EUR',
        version: 1,
      });
  });

  it('a manager reads them, a teacher does not see them', async () => {
    seed({
      school: [
        {
          id: 1,
          name: 'Szkoła Języków',
          address: 'ul. Długa 1\n00-001 Warszawa',
          taxId: '5260001246',
          iban: 'PL61109010140000071219812874',
          currency: 'PLN',
          vatExemption: '',
          version: 3,
        },
      ],
    });
    setSession({ ...ADMIN, role: 'manager' });
    renderApp('/settings');
    const card = await section();
    expect(card).toHaveTextContent('Only an admin changes the school');
    expect(await within(card).findByText('PL61109010140000071219812874')).toBeInTheDocument();
    expect(within(card).getByText('PLN (Polish złoty)')).toBeInTheDocument();
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    cleanup();
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/settings');
    await screen.findByRole('region', { name: 'Sessions' });
    expect(screen.queryByRole('region', { name: 'School details' })).not.toBeInTheDocument();
  });
});
