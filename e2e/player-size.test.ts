import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readBuild } from '../scripts/build-manifest.mjs';

/**
 * The player's size check (docs/quality.md, Download size; ADR 030) counts what each page loads:
 * its entry and every chunk the entry imports, whether or not the HTML names them.
 */

const playerDist = fileURLToPath(new URL('../apps/player/dist', import.meta.url));
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A build of two pages sharing a chunk, as Vite's manifest describes it. */
function fakeBuild() {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'player-size-'));
  made.push(dist);
  mkdirSync(path.join(dist, '.vite'));
  const manifest = {
    '_shared.js': { file: 'assets/shared.js', css: ['assets/style.css'] },
    'index.html': { file: 'assets/games.js', isEntry: true, imports: ['_shared.js'] },
    'me.html': {
      file: 'assets/me.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/me.css'],
    },
  };
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return readBuild(dist);
}

describe("the player's size check", () => {
  it('follows the entry into its imports though the HTML names the entry', () => {
    // the HTML names its entry script only, no preload of the shared chunk
    const files = fakeBuild().pageFiles('me.html', ['assets/me.js']);
    expect([...files].sort()).toEqual([
      'assets/me.css',
      'assets/me.js',
      'assets/shared.js',
      'assets/style.css',
    ]);
  });

  it('adds what the HTML names beside the imports', () => {
    const files = fakeBuild().pageFiles('index.html', ['assets/games.js', 'assets/extra.css']);
    expect([...files].sort()).toEqual([
      'assets/extra.css',
      'assets/games.js',
      'assets/shared.js',
      'assets/style.css',
    ]);
  });

  it("counts the built learner's page with the shared chunk", () => {
    const build = readBuild(playerDist);
    const me = build.chunk('me.html');
    const html = readFileSync(path.join(playerDist, 'me.html'), 'utf8');
    expect(html).toContain(me.file);
    const files = build.pageFiles('me.html', [me.file]);
    expect(me.imports?.length).toBeGreaterThan(0);
    for (const key of me.imports ?? []) expect(files).toContain(build.chunk(key).file);
  });
});
