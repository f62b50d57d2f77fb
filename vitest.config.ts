import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/server/src/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'tools/**/*.test.ts',
      // DOM-free web helpers only
      'apps/web/src/lib/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Migrate and seed once per run; each test file clones the result (apps/server/src/test/template-db.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
