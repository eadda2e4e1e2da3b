// A `composes:` naming a class its file does not have builds without a word and styles nothing,
// so every composition of the web app's and the player's CSS modules is checked here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apps = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function cssModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssModules(full);
    return entry.name.endsWith('.module.css') ? [full] : [];
  });
}

const hasClass = (css: string, name: string) =>
  new RegExp(`\\.${name}(?![\\w-])`).test(css.replace(/composes:[^;]*;/g, ''));

/** Every class a module composes, with the file it says holds it. */
function compositions(file: string): { name: string; from: string }[] {
  const css = readFileSync(file, 'utf8');
  return [...css.matchAll(/composes:\s*([\w\s-]+?)(?:\s+from\s+'([^']+)')?\s*;/g)].flatMap(
    ([, names = '', from]) =>
      names
        .split(/\s+/)
        .filter(Boolean)
        .map((name) => ({ name, from: from ? path.resolve(path.dirname(file), from) : file })),
  );
}

describe('CSS modules', () => {
  const files = ['web', 'player'].flatMap((app) => cssModules(path.join(apps, app, 'src')));

  it('are found', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('compose only classes that exist', () => {
    const missing = files.flatMap((file) =>
      compositions(file)
        .filter(({ name, from }) => !hasClass(readFileSync(from, 'utf8'), name))
        .map(
          ({ name, from }) =>
            `${path.relative(apps, file)}: ${name} from ${path.relative(apps, from)}`,
        ),
    );
    expect(missing).toEqual([]);
  });
});
