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
 * and the gateway's (docs/architecture.md, "Gateway"):
 *   gateway/<domain>     -> its own folder, gateway/platform/, gateway/suppliers/ (never simulated/), contract/,
 *                           policies/, and another domain ONLY through that domain's service.ts
 *   gateway/platform/    -> platform, the supplier interfaces (the context carries the registry), contract/,
 *                           policies/; never a domain
 *   gateway/settings.ts  -> readable by every part
 *   gateway/suppliers/   -> suppliers (simulated/ included), platform, contract/; nothing outside it imports simulated/
 *   gateway/*.ts         -> the composition root (app, main, cli, modules, settings): anything in the gateway
 */
const ELEMENTS = [
  { type: 'shell', pattern: 'src', partialMatch: false },
  { type: 'plugin', pattern: 'plugins/*', capture: ['name'], partialMatch: false },
  { type: 'contract', pattern: 'contract', partialMatch: false },
  { type: 'policies', pattern: 'policies', partialMatch: false },
  { type: 'gw-simulated', pattern: 'gateway/suppliers/simulated', partialMatch: false },
  { type: 'gw-suppliers', pattern: 'gateway/suppliers', partialMatch: false },
  { type: 'gw-platform', pattern: 'gateway/platform', partialMatch: false },
  { type: 'gw-domain', pattern: 'gateway/*', capture: ['name'], partialMatch: false },
  { type: 'gw-root', pattern: 'gateway', partialMatch: false },
];
/** The shell's two doors: the sdk plugins import, and the registries that import plugins. */
const FILES = [
  { category: 'sdk', pattern: ['src/sdk.ts', 'src/sdk-public.ts'] },
  { category: 'registry', pattern: ['src/plugins.ts', 'src/public-routes.ts'] },
  { category: 'service', pattern: ['gateway/*/service.ts'] },
  { category: 'settings', pattern: ['gateway/settings.ts'] },
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
  { from: { element: { type: 'gw-root' } }, allow: toElements('gw-root', 'gw-domain', 'gw-platform', 'gw-suppliers', 'contract', 'policies') },
  // the platform carries the supplier registry in the module context: it sees the interfaces, never the simulator
  { from: { element: { type: 'gw-platform' } }, allow: toElements('gw-platform', 'gw-suppliers', 'contract', 'policies') },
  // the settings read once at start (gateway/settings.ts) are every part's to read
  { from: { element: { types: { anyOf: ['gw-platform', 'gw-domain', 'gw-suppliers'] } } }, allow: { to: { file: { categories: 'settings' } } } },
  { from: { element: { type: 'gw-suppliers' } }, allow: toElements('gw-suppliers', 'gw-simulated', 'gw-platform', 'contract') },
  { from: { element: { type: 'gw-simulated' } }, allow: toElements('gw-simulated', 'gw-suppliers', 'gw-platform', 'contract') },
  { from: { element: { type: 'gw-domain' } }, allow: toElements('gw-platform', 'gw-suppliers', 'contract', 'policies') },
  { from: { element: { type: 'gw-domain' } }, allow: { to: { element: { type: 'gw-domain', captured: { name: '{{ from.element.captured.name }}' } } } } },
  { from: { element: { type: 'gw-domain' } }, allow: { to: { file: { categories: 'service' } } } },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', '.tmp', '.gateway', 'gateway/platform/db/migrations'] },
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
      // relative imports without extensions, folders by their index file
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/elements': ELEMENTS,
      'boundaries/files': FILES,
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: BOUNDARY_POLICIES }],
    },
  },
  {
    // Signed-in screens read and write through Refine's data provider: the raw api client is for the public
    // pages only (no Refine there), and react-query is reached through Refine's hooks.
    files: ['plugins/**/*.{ts,tsx}'],
    ignores: ['plugins/*/public.ts', 'plugins/bookings/pages/TicketFacePage.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'axios', message: 'Read and write through Refine hooks (the data provider).' }],
        patterns: [
          { group: ['**/src/sdk-public'], importNames: ['api'], message: 'The api client is for public pages; signed-in screens use Refine hooks.' },
          { group: ['@tanstack/react-query'], message: 'Use Refine hooks (useList, useCustom, useCustomMutation, useInvalidate...).' },
        ],
      }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
