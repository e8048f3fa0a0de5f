import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  test: {
    // A focused (.only) or skipped test fails the run: a test that does not run proves nothing.
    allowOnly: false,
    reporters: ['default', './scripts/no-skipped-tests.ts'],
    // A safety net, not a time limit: a model-test path or a big render takes about a second on a
    // quiet 2-core machine and 5-7 s on a busy one (load 15+), where vitest's default 5 s timed
    // out (and a timed-out model path's leftovers failed the next ones).
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          include: ['model-tests/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // Empties model-tests/.coverage/ first, so the report reads this run's results only.
          globalSetup: ['model-tests/global-setup.ts'],
          // A walk drives real views in jsdom; on a busy two-core machine one can take more than
          // vitest's default 5 s, and a walk cut short leaves the next one a dirty page.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        // `npm run test:solr` only (Java and Maven): the same answers from a real SolrCloud and
        // the embedded engine, and faults of the cluster. Not part of `npm test`.
        test: {
          name: 'solr',
          include: ['solr/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 900_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
