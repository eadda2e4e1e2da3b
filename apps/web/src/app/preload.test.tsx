import { api } from '@school/contract/paths';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, server } from '../test/server';
import { jsonResponse, renderApp, setupI18n } from '../test/utils';

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

describe('route code', () => {
  it('downloads the shell and the screen while the session check is still waiting', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.use(http.get(api.islogin, () => new Promise<Response>((resolve) => (answer = resolve))));
    renderApp('/pipeline');

    await waitFor(() => expect(imported).toEqual(['AppShell', 'PipelineScreen']));
    expect(screen.getByText('Loading ...')).toBeInTheDocument();

    answer(jsonResponse(200, ADMIN));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipeline' })).toBeInTheDocument();
  });
});
