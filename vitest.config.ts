import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { DEFAULT_AES_IV, DEFAULT_AES_KEY } from './contract/constants.ts';

/**
 * The unit tests (.test.ts) that need a DOM or the browser's storage: they run in jsdom with the component tests
 * (.test.tsx). Every other .test.ts of tests/unit runs in Node (project unit-node). A new test that reads
 * `window`, `document` or `localStorage`, even through the module it tests, belongs in this list.
 */
const UNIT_DOM_TESTS = [
  'api-client', 'aria-fixes', 'auth-storage', 'bookings-model', 'boot-shell', 'business-day', 'focus-return',
  'i18n-format', 'i18n-loaders', 'public-client', 'signed-in-cache',
].map((name) => `tests/unit/${name}.test.ts`);

/** Test workers per project: CI_TEST_WORKERS when set (.ci/run), else vitest's default (cores − 1). */
const workers = process.env.CI_TEST_WORKERS ? Number(process.env.CI_TEST_WORKERS) : undefined;

export default defineConfig({
  plugins: [react()],
  define: {
    __AES_KEY__: JSON.stringify(DEFAULT_AES_KEY),
    __AES_IV__: JSON.stringify(DEFAULT_AES_IV),
  },
  test: {
    ...(workers ? { maxWorkers: workers } : {}),
    // Under CI a JSON report is written too, so .ci/run can print one closing line for all suites.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: process.env.VITEST_JSON ?? '.tmp/vitest-all.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.tsx', ...UNIT_DOM_TESTS],
          setupFiles: ['tests/unit/setup.ts'],
          // Component tests render the whole signed-in app; on a busy 2-core machine that can take seconds.
          testTimeout: 20_000,
          // Refine's react-router binding through Vite like the tests themselves, so that its hooks and the tests'
          // routers share one react-router (loaded by Node it got another copy, whose hooks found no router)
          server: { deps: { inline: ['@refinedev/react-router'] } },
        },
      },
      // the pure functions (rules, models, protocol): no DOM, so no jsdom to set up for each file (about 1 s each)
      {
        extends: true,
        test: {
          name: 'unit-node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: UNIT_DOM_TESTS,
          testTimeout: 20_000,
          // Isolated, each file with its own modules: tried shared (isolate: false), a file then met the portal's
          // access checker built by an earlier file (policies-decide), and the jsdom project's route guard and
          // i18n state leaked the same way.
        },
      },
      {
        extends: true,
        test: {
          name: 'gateway',
          environment: 'node',
          include: ['tests/gateway/**/*.test.ts'],
          // the migrated and the seeded database made once per run; each file starts from a copy of one
          globalSetup: ['tests/gateway/global-setup.ts'],
          // The files of a worker share one module graph (the gateway's modules are evaluated once per worker, not
          // once per file: about 3 s of each file's time). Each file still builds its own gateway on its own
          // database; what the gateway keeps at module level is keyed by the database (WeakMap<Db, …>) or is the
          // same for every gateway (the simulated schedules and fares, the zone offsets), as when one process
          // serves many requests. No file mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // reliability (docs/reliability.md): PostgreSQL only, gateways as child processes, one file at a time
      {
        extends: true,
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      // security (docs/security.md): the outside client over the encrypted protocol, against one gateway
      {
        extends: true,
        test: {
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/security/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // a journey's steps wait on the gateway and the browser of a loaded 2-core machine (CI runs the
          // PostgreSQL suites beside it): expect.poll waits on a state for up to 20 s instead of vitest's 1 s
          testTimeout: 120_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
    ],
  },
});
