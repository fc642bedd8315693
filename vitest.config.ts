import { defineConfig } from 'vitest/config';

// One run for every unit/integration suite; each project has its own config beside its code.
// The server suite runs twice when TEST_DATABASE_URL is set: on PGlite and on PostgreSQL.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server/vitest.config.ts', 'apps/web'],
  },
});
