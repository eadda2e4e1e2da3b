import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { calledUrls, DRY_RUN, server } from '../../test/server';
import { setupI18n } from '../../test/utils';
import { deleteWithUndo, dryRunOf } from './deleteWithUndo';
import { clearNotices, useNotices } from './notices';
import { flushCommits, hasPendingCommits } from './pendingCommits';

const LINKED =
  'The element was probably not deleted because other elements are linked to it. First make sure that no element is linked to it.';

beforeAll(setupI18n);
afterEach(async () => {
  await flushCommits();
  clearNotices();
});

const notices = () => renderHook(() => useNotices()).result.current;

/** The set card 7 of a set, answering its dry run and its delete with these statuses. */
function setCard(dryRun: number, remove = 204) {
  server.use(
    http.delete('/api/setcard/:id', ({ request }) =>
      new URL(request.url).searchParams.get('dryRun') === 'true'
        ? dryRun === 204
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({ error: 'linked', message: 'Linked' }, { status: dryRun })
        : new HttpResponse(null, { status: remove }),
    ),
  );
}

const spec = (check: string | null) => ({
  key: '/api/setcard/7',
  send: vi.fn(async () => undefined),
  check,
  text: 'Removed Animals from the set.',
  onSettled: vi.fn(),
});

describe('a delete with Undo, checked first (ADR 025)', () => {
  it('says at once why a linked record cannot be deleted and offers no Undo', async () => {
    setCard(409);
    const remove = spec('/api/setcard/7');
    await deleteWithUndo(i18next.t, remove);
    expect(notices().map(({ text, tone, action }) => ({ text, tone, action }))).toEqual([
      { text: LINKED, tone: 'error', action: undefined },
    ]);
    // nothing was hidden (no delete waits) and nothing will be sent
    expect(hasPendingCommits()).toBe(false);
    expect(remove.send).not.toHaveBeenCalled();
    expect(remove.onSettled).toHaveBeenCalledTimes(1);
    expect(calledUrls(DRY_RUN).map((url) => url.pathname + url.search)).toEqual([
      '/api/setcard/7?dryRun=true',
    ]);
  });

  it('offers Undo for a record that can be deleted, and sends the delete only later', async () => {
    setCard(204);
    const remove = spec('/api/setcard/7');
    await deleteWithUndo(i18next.t, remove);
    const [notice] = notices();
    expect(notice).toMatchObject({ text: 'Removed Animals from the set.', tone: 'info' });
    expect(notice?.action?.label).toBe('Undo');
    expect(hasPendingCommits('/api/setcard/7')).toBe(true);
    expect(remove.send).not.toHaveBeenCalled();
    await flushCommits();
    expect(remove.send).toHaveBeenCalledTimes(1);
  });

  it('says nothing and refreshes when the record is gone already (404)', async () => {
    setCard(404);
    const remove = spec('/api/setcard/7');
    await deleteWithUndo(i18next.t, remove);
    expect(notices()).toEqual([]);
    expect(hasPendingCommits()).toBe(false);
    expect(remove.onSettled).toHaveBeenCalledTimes(1);
  });

  it('asks nothing first where nothing can refuse the delete (check null)', async () => {
    const remove = spec(null);
    await deleteWithUndo(i18next.t, remove);
    expect(calledUrls(DRY_RUN)).toEqual([]);
    expect(notices()[0]?.action?.label).toBe('Undo');
  });

  it('adds the dry run to an address with or without a query', () => {
    expect(dryRunOf('/api/groups/3')).toBe('/api/groups/3?dryRun=true');
    expect(dryRunOf('/api/lessons/3?scope=this')).toBe('/api/lessons/3?scope=this&dryRun=true');
  });
});
