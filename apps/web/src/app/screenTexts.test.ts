import { describe, expect, it } from 'vitest';
import { SCREEN_PARTS, type ScreenPart } from '../i18n/loggedInTexts';
import { SCREEN_TEXTS, type ScreenName } from './screenTexts';

/**
 * ADR 021: a screen awaits the parts of the screens' texts that it and what it renders use. Read
 * from the source: the modules a screen's module imports (statically or not, transitively) and
 * the keys of the screens' sections that they name (`'games.playable'`, `` `history.action.${…}` ``).
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const texts = import.meta.glob<object>('../i18n/screens/*.en.json', {
  import: 'default',
  eager: true,
});

/** A file's path under src/ (the glob names this folder's files ./x, the others ../folder/x). */
const underSrc = (key: string) => (key.startsWith('./') ? `app/${key.slice(2)}` : key.slice(3));
/** Source files by their path under src/. */
const files = new Map(Object.entries(sources).map(([key, text]) => [underSrc(key), text]));

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}
/** The keys of each part. */
const partKeys = new Map(
  SCREEN_PARTS.map((part) => {
    const dictionary = texts[`../i18n/screens/${part}.en.json`];
    if (!dictionary) throw new Error(`no texts ${part}.en`);
    return [part, leaves(dictionary)];
  }),
);
const sections = [...new Set([...partKeys.values()].flat().map((key) => key.split('.')[0]))];

/** The file an import names, under src/. */
function resolve(from: string, spec: string): string | undefined {
  const path = from.split('/').slice(0, -1);
  for (const piece of spec.split('/')) {
    if (piece === '..') path.pop();
    else if (piece !== '.') path.push(piece);
  }
  const base = path.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) =>
    files.has(file),
  );
}

const IMPORTS =
  /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]*)['"]|import\(\s*['"](\.[^'"]*)['"]\s*\)/g;

/** The module and every module it imports, transitively. */
function closure(file: string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const match of files.get(current)!.matchAll(IMPORTS)) {
      const imported = resolve(current, match[1] ?? match[2]!);
      if (imported) stack.push(imported);
    }
  }
  return seen;
}

const KEY = new RegExp(`['"\`]((?:${sections.join('|')})\\.[\\w.]*)(\\$\\{)?`, 'g');

/** The screens' keys a module names; a key built from a value counts as its fixed start. */
function keysIn(file: string): { key: string; built: boolean }[] {
  return [...files.get(file)!.matchAll(KEY)].map((match) => ({
    key: match[1]!,
    built: match[2] !== undefined,
  }));
}

/** The part keys that a named key stands for (its plural forms, a built key's every ending). */
function covers(known: string, { key, built }: { key: string; built: boolean }): boolean {
  if (built) return known.startsWith(key);
  return known === key || known.startsWith(`${key}_`) || known.startsWith(`${key}.`);
}

function moduleOf(name: string): string {
  const declares = new RegExp(`export (?:function|const) ${name}\\b`);
  const found = [...files].filter(([, text]) => declares.test(text)).map(([file]) => file);
  expect(found, name).toHaveLength(1);
  return found[0]!;
}

function keysUsedFrom(file: string) {
  return [...closure(file)].flatMap((module) =>
    keysIn(module).map((used) => ({ ...used, module })),
  );
}

describe("each screen's texts (ADR 021)", () => {
  it.each(Object.keys(SCREEN_TEXTS) as ScreenName[])(
    '%s awaits the parts with every key it names, and only parts it uses',
    (name) => {
      const awaited: readonly ScreenPart[] = SCREEN_TEXTS[name];
      const known = awaited.flatMap((part) => partKeys.get(part)!);
      const used = keysUsedFrom(moduleOf(name));
      const missing = used.filter((key) => !known.some((item) => covers(item, key)));
      expect(missing.map(({ module, key }) => `${module}: ${key}`)).toEqual([]);
      const unused = awaited.filter(
        (part) => !used.some((key) => partKeys.get(part)!.some((item) => covers(item, key))),
      );
      expect(unused).toEqual([]);
    },
  );

  it('every screen the routes load is listed, and every one listed is a route', () => {
    const routes = files.get('app/routes.tsx')!;
    const named = [...routes.matchAll(/screenNamed\([^;]*?'(\w+)',?\s*\)/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys(SCREEN_TEXTS).sort());
  });

  it("the app shell and the dashboard name none of the screens' keys (they await none)", () => {
    for (const file of ['app/shell/AppShell.tsx', 'features/dashboard/DashboardScreen.tsx']) {
      expect(keysUsedFrom(file).map(({ module, key }) => `${module}: ${key}`)).toEqual([]);
    }
  });

  it('reads the keys of the source (the check sees what it checks)', () => {
    expect(keysUsedFrom(moduleOf('AuditScreen')).map(({ key }) => key)).toContain(
      'history.action.',
    );
    expect(SCREEN_PARTS.every((part) => (partKeys.get(part) ?? []).length > 0)).toBe(true);
  });
});
