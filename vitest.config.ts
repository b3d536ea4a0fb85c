import { defineConfig } from 'vitest/config';

/**
 * Seven projects:
 * - unit: shared and server tests; PostgreSQL when DATABASE_URL is set, PGlite otherwise;
 * - resilience: server processes killed and run side by side, each file in its own worker;
 * - db-pglite: the data-layer suite again on PGlite, so both engines are proven in one run;
 * - components: the admin's screens in happy-dom with Testing Library;
 * - extensions: the Shopify UI extensions in happy-dom with a stand-in for Shopify's extension API;
 * - e2e: user flows in Debian's Chromium against the real server (needs `npm run build`);
 * - timing: browser tests that measure time (interaction latency under a slowed CPU), run after every other
 *   project has finished, alone on the machine, so another file's work is not in their figures.
 * Two files run at a time, whatever their project, on any machine: the tests mostly wait on PostgreSQL, a
 * server or a browser, and each file owns its server, port, job queue schema and browser. (vitest's own
 * default, cores - 1, ran one file at a time on the 2-core CI machine.)
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summaryReporter.ts'],
    maxWorkers: 2,
    // expect.poll waits on something that becomes true (a job ran, a screen updated): give a loaded CI machine
    // time before calling it a failure (vitest's default is 1 s). A passing poll returns as soon as it holds.
    // 20 s: on a 2-core machine running two browser files, each with its server, a screen can take over 10 s.
    expect: { poll: { timeout: 20_000 } },
    globalSetup: ['./server/src/test/globalSetup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts'],
          exclude: ['server/src/resilience/**'],
          // The files share a worker's module graph instead of importing the server anew for each (half the
          // project's time): each file still starts its own server, database scope and job queue.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Processes killed and started beside each other: each file in its own worker.
          name: 'resilience',
          include: ['server/src/resilience/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'db-pglite',
          include: ['server/src/db/**/*.test.ts'],
          env: { QL_TEST_FORCE_PGLITE: '1' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // The admin's screens and forms in a simulated DOM (happy-dom) with Testing Library: each form's
          // rules and each screen's loading, empty and error states, the API answered by a fake fetch.
          name: 'components',
          include: ['web/src/**/*.test.tsx', 'standalone/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['./web/src/admin/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Shopify's UI extensions (extensions/*/src) rendered in happy-dom with a stand-in for the `shopify`
          // global and for fetch: what a buyer sees, what is sent to the app, and what happens when it is slow.
          name: 'extensions',
          include: ['extensions/*/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['standalone/e2e/**/*.e2e.test.ts'],
          // A real browser on a loaded 2-core CI machine: one retry, never on a developer's run.
          retry: process.env.CI ? 1 : 0,
          // The longest flows take 30–60 s on an idle 2-core machine and over twice that beside another browser file.
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'timing',
          include: ['standalone/e2e/**/*.timing.test.ts'],
          // Groups run one after another, lowest first: this one starts when every other project is done.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          retry: process.env.CI ? 1 : 0,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
