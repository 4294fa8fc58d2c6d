import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * The architecture's arrows (docs/architecture.md), checked on every import:
 *   plugins/<x>  -> src/sdk.ts (src/sdk-public.ts, its public pages' part), contract/, policies/, plugins/<x>
 *                   itself (never another plugin, never other src/)
 *   src/         -> src/, contract/, policies/; only the registries (src/plugins.ts, src/public-routes.ts) import plugins
 *   contract/, policies/ -> each other only
 *   the portal (src/, plugins/) never imports gateway/
 */
const ELEMENTS = [
  { type: 'shell', pattern: 'src', partialMatch: false },
  { type: 'plugin', pattern: 'plugins/*', capture: ['name'], partialMatch: false },
  { type: 'contract', pattern: 'contract', partialMatch: false },
  { type: 'policies', pattern: 'policies', partialMatch: false },
  { type: 'gateway', pattern: 'gateway', partialMatch: false },
];
/** The shell's two doors: the sdk plugins import, and the registries that import plugins. */
const FILES = [
  { category: 'sdk', pattern: ['src/sdk.ts', 'src/sdk-public.ts'] },
  { category: 'registry', pattern: ['src/plugins.ts', 'src/public-routes.ts'] },
];

const toElements = (...types) => ({ to: { element: { types: { anyOf: types } } } });

const BOUNDARY_POLICIES = [
  // packages (react, antd, refine...) and Node's own modules stay open
  { allow: { to: { module: { origin: ['external', 'core'] } } } },
  { from: { element: { type: 'plugin' } }, allow: toElements('contract', 'policies') },
  { from: { element: { type: 'plugin' } }, allow: { to: { file: { categories: 'sdk' } } } },
  { from: { element: { type: 'plugin' } }, allow: { to: { element: { type: 'plugin', captured: { name: '{{ from.element.captured.name }}' } } } } },
  { from: { element: { type: 'shell' } }, allow: toElements('shell', 'contract', 'policies') },
  { from: { file: { categories: 'registry' } }, allow: toElements('plugin') },
  { from: { element: { type: 'contract' } }, allow: toElements('contract', 'policies') },
  { from: { element: { type: 'policies' } }, allow: toElements('policies', 'contract') },
  { from: { element: { type: 'gateway' } }, allow: toElements('gateway', 'contract', 'policies') },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', '.tmp', 'gateway/platform/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['{src,plugins,contract,policies,gateway}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: ['tsconfig.json', 'gateway/tsconfig.json'], noWarnOnMultipleProjects: true } },
      'boundaries/elements': ELEMENTS,
      'boundaries/files': FILES,
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: BOUNDARY_POLICIES }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
