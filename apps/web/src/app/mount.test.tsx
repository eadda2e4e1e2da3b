import { api } from '@school/contract/paths';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toSession, type Session } from '../lib/sessionCheck';
import { ADMIN, server } from '../test/server';
import { jsonResponse, setupI18n } from '../test/utils';
import { mountApp } from './mount';

/** The lazy modules in the order the app asked for them. */
const imported = vi.hoisted(() => [] as string[]);

vi.mock('./shell/AppShell', async (original) => {
  imported.push('AppShell');
  return original();
});
vi.mock('../features/pipeline/PipelineScreen', async (original) => {
  imported.push('PipelineScreen');
  return original();
});

beforeAll(setupI18n);
afterEach(cleanup);

describe('an app opened by address (docs/quality.md, First screen of a returning user)', () => {
  let root: Root | undefined;
  afterEach(() => act(() => root?.unmount()));

  it('downloads the shell and the screen beside the session check it was given, and asks no second time', async () => {
    let checks = 0;
    server.use(
      http.get(api.islogin, () => {
        checks += 1;
        return jsonResponse(200, ADMIN);
      }),
    );
    window.history.replaceState(null, '', '/pipeline');
    const container = document.body.appendChild(document.createElement('div'));
    let answer: (session: Session) => void = () => undefined;
    const checking = new Promise<Session>((resolve) => (answer = resolve));
    root = createRoot(container);
    act(() => mountApp(root!, checking));

    await waitFor(() => expect(imported).toEqual(['AppShell', 'PipelineScreen']));
    expect(screen.getByText('Loading ...')).toBeInTheDocument();

    answer(toSession(ADMIN));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipeline' })).toBeInTheDocument();
    expect(checks).toBe(0);
  });
});
