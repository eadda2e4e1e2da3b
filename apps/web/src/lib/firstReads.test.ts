import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requests, server } from '../test/server';
import { jsonResponse } from '../test/utils';

// The module keeps the page's first screen: each test loads it anew (this file has a module
// graph of its own, vitest.config.ts).
async function load() {
  vi.resetModules();
  const firstReads = await import('./firstReads');
  const { request } = await import('./http');
  return { ...firstReads, request };
}

const KEPT = 'firstReads:/things';

function openAt(pathname: string) {
  window.history.replaceState(null, '', pathname);
}

beforeEach(() => {
  // a second into the page's life (the test worker's clock is older than that)
  vi.spyOn(performance, 'now').mockReturnValue(1000);
  localStorage.clear();
  openAt('/things');
  server.use(
    http.get('/api/things', () => jsonResponse(200, [{ id: 1 }])),
    http.get('/api/kinds', () => jsonResponse(200, [{ id: 2 }])),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.querySelectorAll('link[rel=modulepreload]').forEach((link) => link.remove());
  localStorage.clear();
});

const thingsSent = () =>
  requests.all().filter((r) => new URL(r.url).pathname === '/api/things').length;

describe('the first screen opened by address (ADR 050)', () => {
  it('records the reads of the screen it opened, in the order it asked for them', async () => {
    const { sendFirstReads, request } = await load();
    sendFirstReads('/things');
    await request('/api/things');
    await request('/api/kinds');
    await request('/api/things');
    const [paths, files] = JSON.parse(localStorage.getItem(KEPT) ?? '') as string[][];
    expect(paths).toEqual(['/api/things', '/api/kinds']);
    expect(files).toEqual([]);
  });

  it('reads an early answer whole at once, so one the app never takes holds no connection', async () => {
    localStorage.setItem(KEPT, JSON.stringify([['/api/things'], []]));
    let drained = false;
    // nothing is pulled until someone reads
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(new TextEncoder().encode('[{"id":1}]'));
          controller.close();
          drained = true;
        },
      },
      { highWaterMark: 0 },
    );
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const { sendFirstReads } = await load();
    sendFirstReads('/things');
    await vi.waitFor(() => expect(drained).toBe(true));
  });

  it('sends the kept reads at once, and the app takes each answer once', async () => {
    localStorage.setItem(KEPT, JSON.stringify([['/api/things'], []]));
    const { sendFirstReads, request } = await load();
    sendFirstReads('/things');
    await vi.waitFor(() => expect(thingsSent()).toBe(1));
    expect(await request('/api/things')).toEqual([{ id: 1 }]);
    expect(thingsSent()).toBe(1);
    await request('/api/things');
    expect(thingsSent()).toBe(2);
  });

  it('asks for the files the screen loaded last time, unless another build loaded them', async () => {
    const entry = document.createElement('script');
    entry.src = '/assets/index-new.js';
    document.head.prepend(entry);
    const file = `${location.origin}/assets/Things-abc.js`;
    const old = `${location.origin}/assets/index-old.js`;
    localStorage.setItem(KEPT, JSON.stringify([[], [file], old]));
    (await load()).sendFirstReads('/things');
    expect(document.head.querySelector('link[rel=modulepreload]')).toBeNull();

    localStorage.setItem(KEPT, JSON.stringify([[], [file], entry.src]));
    (await load()).sendFirstReads('/things');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel=modulepreload]');
    expect(link?.href).toBe(file);
    entry.remove();
  });

  it('gives no early answer after a write, on another screen, or to a read it did not send', async () => {
    localStorage.setItem(KEPT, JSON.stringify([['/api/things'], []]));
    const { sendFirstReads, takeFirstRead } = await load();
    sendFirstReads('/things');
    expect(takeFirstRead('GET', '/api/kinds')).toBeUndefined();
    expect(takeFirstRead('POST', '/api/kinds')).toBeUndefined();
    expect(takeFirstRead('GET', '/api/things')).toBeUndefined();

    const again = await load();
    again.sendFirstReads('/things');
    openAt('/elsewhere');
    expect(again.takeFirstRead('GET', '/api/things')).toBeUndefined();
  });

  it('gives no early answer once the first seconds are past', async () => {
    localStorage.setItem(KEPT, JSON.stringify([['/api/things'], []]));
    const { sendFirstReads, takeFirstRead, FIRST_READS_MS } = await load();
    sendFirstReads('/things');
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_READS_MS + 1);
    expect(takeFirstRead('GET', '/api/things')).toBeUndefined();
  });

  it('sends the read anew when the early one failed', async () => {
    localStorage.setItem(KEPT, JSON.stringify([['/api/things'], []]));
    const { sendFirstReads, request } = await load();
    const realFetch = globalThis.fetch;
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockImplementation((...args) => realFetch(...args));
    sendFirstReads('/things');
    expect(await request('/api/things')).toEqual([{ id: 1 }]);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing and sends nothing for a page that was not opened by address', async () => {
    const { request } = await load();
    await request('/api/things');
    expect(localStorage.getItem(KEPT)).toBeNull();
  });

  it('ignores what it cannot read', async () => {
    localStorage.setItem(KEPT, '{not json');
    const { sendFirstReads, request } = await load();
    sendFirstReads('/things');
    expect(await request('/api/things')).toEqual([{ id: 1 }]);
  });
});
