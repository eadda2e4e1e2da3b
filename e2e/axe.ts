import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * The axe-core that @axe-core/playwright runs (its own version, which may differ from the
 * newest one installed beside it), so that a scan here finds what AxeBuilder's scan found.
 */
const axe = (() => {
  const here = createRequire(import.meta.url);
  const builder = here.resolve('@axe-core/playwright');
  return createRequire(builder)('axe-core') as { source: string; version: string };
})();

/** WCAG 2.1 A and AA (docs/interface.md, Accessibility). */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeScan {
  /** axe's tags to run (`runOnly` by tag); WCAG 2.1 AA unless `rules` are given */
  tags?: string[];
  /** axe's rules to run (`runOnly` by rule), instead of tags */
  rules?: string[];
  /** rules left out of the tags' */
  disable?: string[];
  /** a CSS selector: only that part of the page is scanned */
  include?: string;
}

/**
 * Runs axe-core in the page itself, as @axe-core/playwright's legacy mode does, but injects
 * axe's source once per document rather than twice per scan, and reports the violations'
 * nodes only (the other results list the rules, without nodes). On a busy two-core machine a
 * scan took 1.4 s through AxeBuilder and 0.4 s so (docs/decisions/037-test-suite-cost.md). The
 * app has no frames: a page with one fails here rather than be scanned without it.
 */
export async function runAxe(page: Page, scan: AxeScan = {}): Promise<AxeResults> {
  if (page.frames().length > 1) throw new Error('the page has frames: axe would not scan them');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly: scan.rules
      ? { type: 'rule', values: scan.rules }
      : { type: 'tag', values: scan.tags ?? WCAG_AA },
    ...(scan.disable
      ? { rules: Object.fromEntries(scan.disable.map((id) => [id, { enabled: false }])) }
      : {}),
  };
  const outcome = await page.evaluate(
    async ({ include, options }) => {
      const found = (window as unknown as { axe: typeof import('axe-core') }).axe;
      try {
        return { results: await found.run(include ?? document, options), error: null };
      } catch (error) {
        return { results: null, error: String(error) };
      }
    },
    { include: scan.include, options },
  );
  if (!outcome.results) throw new Error(`axe: ${outcome.error}`);
  return outcome.results;
}

/** The violations, one line each (`rule: targets`), for an `toEqual([])`. */
export function violationLines(violations: Result[], separator = ' '): string[] {
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(separator)}`);
}
