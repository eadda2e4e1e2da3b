import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/** The repository's root, where eslint.config.js is. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The project's ESLint with only `rules` run and no type information, so a check of planted
 * text takes a moment rather than a whole project's load (ADR 014, ADR 036).
 */
export const lintWithOnly = (rules: string[]) =>
  new ESLint({
    cwd: repoRoot,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
    ruleFilter: ({ ruleId }) => rules.includes(ruleId),
  });
