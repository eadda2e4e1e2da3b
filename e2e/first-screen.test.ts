import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { api, logInAsAdmin, useBrowser } from './support.js';

/**
 * How soon a returning user's bookmarked screen shows its data on a slow computer: the browser's
 * CPU slowed four times, its cache warm from an earlier visit, the session still valid. A figure
 * printed for docs/quality.md (First screen), not an assertion: a shared machine's timings are
 * noise for a test, so the test asserts only that the data came.
 */
const SLOWDOWN = 4;

interface Figure {
  screen: string;
  ms: number;
  scripts: number;
  scriptKb: number;
  requests: number;
  apiRequests: number;
}

const figures: Figure[] = [];

describe('the first screen of a returning user, CPU slowed 4x', () => {
  const browser = useBrowser();
  let page: Page;
  const course = `First screen ${Date.now().toString(36)}`;
  const lastName = `Bookmark${Date.now().toString(36)}`;

  beforeAll(async () => {
    page = await browser.newPage({ width: 1440, height: 900 });
    await logInAsAdmin(page);
    await api(page, 'POST', '/api/clients', { firstName: 'Returning', lastName });
    const today = new Date().toISOString().slice(0, 10);
    await api(page, 'POST', '/api/lessons', {
      date: today,
      start: '23:00',
      end: '23:30',
      price: 60,
      course,
      force: true,
    });
  });

  afterAll(() => {
    const lines = figures.map(
      (f) =>
        `  ${f.screen.padEnd(10)} data in ${String(f.ms).padStart(5)} ms · ${f.scripts} scripts, ` +
        `${f.scriptKb.toFixed(1)} kB of JavaScript · ${f.requests} requests (${f.apiRequests} to the API) before it`,
    );
    console.log(`First screen of a returning user, CPU ${SLOWDOWN}x slower:\n${lines.join('\n')}`);
  });

  /** Opens `path` as a bookmark: once to warm the cache, then measured with the CPU slowed. */
  async function measure(screen: string, data: (page: Page) => Locator): Promise<void> {
    await page.goto(screen);
    await data(page).first().waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const seen: Request[] = [];
    const onRequest = (request: Request) => seen.push(request);
    page.on('request', onRequest);
    try {
      await page.goto('about:blank');
      seen.length = 0;
      const started = Date.now();
      await page.goto(screen, { waitUntil: 'commit' });
      await data(page).first().waitFor({ timeout: 30_000 });
      const ms = Date.now() - started;
      const before = seen.slice();
      const scripts = before.filter((r) => r.resourceType() === 'script');
      let bytes = 0;
      for (const script of scripts) {
        const response = await script.response();
        bytes += response ? (await response.body()).length : 0;
      }
      figures.push({
        screen,
        ms,
        scripts: scripts.length,
        scriptKb: bytes / 1024,
        requests: before.length,
        apiRequests: before.filter((r) => new URL(r.url()).pathname.startsWith('/api/')).length,
      });
    } finally {
      page.off('request', onRequest);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  }

  it('shows a bookmarked /clients with its rows', async () => {
    await measure('/clients', (p) => p.getByRole('cell', { name: new RegExp(lastName) }));
    expect(figures.at(-1)?.screen).toBe('/clients');
  });

  it('shows a bookmarked /schedule with its lessons', async () => {
    await measure('/schedule', (p) => p.getByRole('button', { name: new RegExp(course) }));
    expect(figures.at(-1)?.screen).toBe('/schedule');
  });

  it('shows a bookmarked /settings with its dictionaries', async () => {
    await measure('/settings', (p) =>
      p.getByRole('region', { name: 'Dictionaries' }).getByRole('cell'),
    );
    expect(figures.at(-1)?.screen).toBe('/settings');
  });
});
