import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { calledUrls, seed, server } from '../../test/server';
import { jsonResponse, renderApp, setupI18n } from '../../test/utils';

const SESSIONS = [
  {
    id: 1,
    device: 'Chrome on Linux',
    timezone: 'Europe/Warsaw',
    lastActivity: '2025-03-01T10:15:00.000Z',
    createdAt: '2025-02-28T08:00:00.000Z',
    current: true,
  },
  {
    id: 2,
    device: 'Safari on iOS',
    timezone: 'Europe/Kyiv',
    lastActivity: '2025-02-20T18:40:00.000Z',
    createdAt: '2025-02-20T18:00:00.000Z',
    current: false,
  },
];

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('settings: calendar feed', () => {
  it('makes the address, copies it, and makes a new one after saying the old one stops', async () => {
    let token = 0;
    server.use(
      http.get(api.myIcal, () =>
        token === 0
          ? jsonResponse(200, null)
          : jsonResponse(200, {
              token: `t${token}`,
              url: `http://localhost/api/ical/t${token}.ics`,
            }),
      ),
      http.post(api.myIcal, () => {
        token++;
        return jsonResponse(200, {
          token: `t${token}`,
          url: `http://localhost/api/ical/t${token}.ics`,
        });
      }),
    );
    seed({ sessions: SESSIONS });
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Calendar feed' }, { timeout: 5000 });
    await user.click(
      await within(section).findByRole('button', { name: 'Make a calendar address' }),
    );
    expect(
      await within(section).findByText('http://localhost/api/ical/t1.ics'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Copied: http://localhost/api/ical/t1.ics')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'New address' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Make a new calendar address?',
    });
    expect(question).toHaveTextContent('The old address stops working');
    await user.click(within(question).getByRole('button', { name: 'New address' }));
    expect(
      await within(section).findByText('http://localhost/api/ical/t2.ics'),
    ).toBeInTheDocument();
    expect(calledUrls('POST').filter((url) => url.pathname === api.myIcal)).toHaveLength(2);
  });
});
