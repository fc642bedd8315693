import { defineConfig } from 'vitest/config';
import type { TestProjectConfiguration } from 'vitest/config';

// One run for every unit and integration suite; each project has its own config beside its code.
// The server suite runs on in-memory PGlite always, and again on PostgreSQL when
// TEST_DATABASE_URL is set (CI starts one; see .ci/run). Each server test app gets its own schema.
const server = (name: string, env: Record<string, string>): TestProjectConfiguration => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, env },
});

const projects: TestProjectConfiguration[] = [
  'packages/contracts',
  server('server:pglite', { TEST_DB: 'pglite' }),
  'apps/web',
  'apps/games',
];
if (process.env.TEST_DATABASE_URL) projects.splice(2, 0, server('server:postgres', { TEST_DB: 'postgres' }));

export default defineConfig({ test: { projects } });
