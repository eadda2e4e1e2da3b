import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** Import boundaries (ADR 014, docs/architecture.md, Import rules). */
const otherFeature = {
  group: ['../*/**', '!../../**'],
  message: 'A feature does not import another feature: move what both need to components/ or lib/.',
};
const otherModule = {
  group: ['../*/**', '!../../**', '!../*/*.shared.js'],
  message: "A module imports another module only through that module's <name>.shared.ts file.",
};
/** The server's layers (docs/architecture.md): server.ts -> app.ts -> modules -> plugins -> db -> config. */
const modulesOrDemo = (message) => ({
  group: ['modules', 'demo'].flatMap((dir) => [`**/${dir}`, `**/${dir}/**`]),
  message,
});
const pluginsBelow = modulesOrDemo(
  'Plugins do not import modules or the demo data: the SQL a plugin runs lives next to it or in db/.',
);
const dbBelow = modulesOrDemo(
  'db/ and config.ts are the lowest layers: they import neither modules nor the demo data.',
);
const aboveModules = {
  group: ['**/demo', '**/demo/**', '**/app.js', '**/server.js'],
  message:
    'A module does not import the demo data nor the app or server that assemble the modules.',
};
const upward = {
  group: ['../../features/**', '../features/**', '../../app/**', '../app/**'],
  message: 'Shared code flows one way: components and lib -> features -> app.',
};

/** Named exports only (docs/architecture.md, Writing); repeated wherever no-restricted-syntax is set again. */
const namedExports = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

/**
 * Tests wait for the condition a pause stands for, never for a fixed time (docs/architecture.md,
 * Tests; ADR 036): a pause is too short on a busy machine and too long everywhere else.
 */
const noSleep =
  'A fixed sleep in a test: wait for the condition instead (vi.waitFor, expect.poll, a locator).';
const fixedSleeps = [
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: noSleep },
  ...['setTimeout', 'setInterval'].flatMap((timer) => [
    {
      selector: `NewExpression[callee.name='Promise'] CallExpression[callee.name='${timer}'][arguments.length>=2]`,
      message: noSleep,
    },
    {
      selector: `NewExpression[callee.name='Promise'] CallExpression[callee.property.name='${timer}'][arguments.length>=2]`,
      message: noSleep,
    },
  ]),
  {
    selector:
      'ImportDeclaration[source.value=/^(node:)?timers\\u002Fpromises$/] ImportSpecifier[imported.name=/^(setTimeout|setInterval)$/]',
    message: noSleep,
  },
  {
    selector: 'ImportDeclaration[source.value=/\\u002Ftest\\u002Ftimers(\\.js)?$/]',
    message: 'A test waits for a condition; test/timers.ts is for the fakes in test/ only.',
  },
];
/** Tests and their helpers: where a fixed sleep is looked for. */
const testFiles = ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'];

/** Browser dialogs block the page, cannot be styled or translated by the app, and are hard to test. */
const browserDialogs = ['alert', 'confirm', 'prompt'];
const noDialog =
  'Use askConfirm or showNotice from components/feedback instead of a browser dialog.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description' },
      ],
      'no-restricted-syntax': ['error', namedExports],
    },
  },
  {
    // A long file does several things; split it by what each part does (docs/architecture.md,
    // Writing; ADR 036). Tests, their helpers and migrations are exempt.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [...testFiles, '**/migrations/**'],
    rules: {
      'max-lines': ['error', { max: 350, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: testFiles,
    ignores: ['apps/server/test/timers.ts'],
    rules: { 'no-restricted-syntax': ['error', namedExports, ...fixedSleeps] },
  },
  {
    // Type-aware rules for the TypeScript sources; each file is checked with its own tsconfig.
    files: ['apps/**/*.{ts,tsx}', 'e2e/**/*.ts', 'packages/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    // outside every tsconfig: the contract's tests and the root tool files
    files: ['packages/contract/src/**/*.test.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The app's own dialog and notices replace the browser's (ADR 013).
      'no-restricted-globals': [
        'error',
        ...browserDialogs.map((name) => ({ name, message: noDialog })),
      ],
      'no-restricted-properties': [
        'error',
        ...browserDialogs.flatMap((property) =>
          ['window', 'globalThis', 'self'].map((object) => ({
            object,
            property,
            message: noDialog,
          })),
        ),
      ],
    },
  },
  {
    // the player (ADR 020): plain TypeScript in the browser, without browser dialogs either
    files: ['apps/player/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-globals': [
        'error',
        ...browserDialogs.map((name) => ({ name, message: 'Show it on the page instead.' })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['apps/web/**/*.tsx'],
    rules: {
      // A scrolling region takes focus so it scrolls with the keyboard (WCAG 2.1.1).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['apps/web/src/features/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherFeature, upward] }] },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upward] }] },
  },
  {
    files: ['apps/server/src/modules/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModule, aboveModules] }] },
  },
  {
    // a module's tests build the whole app
    files: ['apps/server/src/modules/*/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModule] }] },
  },
  {
    files: ['apps/server/src/plugins/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pluginsBelow] }] },
  },
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/config.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [dbBelow] }] },
  },
  {
    // tool configuration files need a default export
    files: ['**/*.config.{ts,js,mjs}', '**/vitest.config.ts', '**/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
