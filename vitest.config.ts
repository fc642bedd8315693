import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectConfiguration } from 'vitest/config';

// One run for every unit and integration suite; each project has its own config beside its code.
// The server suite runs on in-memory PGlite always, and again on PostgreSQL when
// TEST_DATABASE_URL is set (CI starts one; see .ci/run). Each server test app gets its own schema.
const server = (
  name: string,
  env: Record<string, string>,
  exclude: string[] = [],
): TestProjectConfiguration => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, env, exclude: ['**/node_modules/**', ...exclude] },
});
// Tests that never open a database (game engines, their RTP simulations: `*.pure.test.ts` and
// the slot engine's folder) run once, on the PGlite pass; running them again proves nothing.
const DATABASE_FREE = ['src/**/*.pure.test.ts', 'src/vendors/studio/slots/**'];
// The bad-input matrix (every endpoint × hundreds of junk requests, 570 tests) checks the HTTP
// layer's answers, which do not depend on the engine; once, on PGlite, keeps CI under its
// 30 minutes. The PostgreSQL pass keeps every test of a race or a query.
// The schema fuzz of issue 11 (plugins/fuzz.test.ts, a seeded sample of requests per endpoint)
// likewise: its full form is `npm run bench:fuzz`.
const ENGINE_FREE = ['src/plugins/errors.test.ts', 'src/plugins/fuzz.test.ts'];

const projects: TestProjectConfiguration[] = [
  'packages/contracts',
  server('server:pglite', { TEST_DB: 'pglite' }),
  'apps/web',
  'apps/games',
];
if (process.env.TEST_DATABASE_URL)
  projects.splice(
    2,
    0,
    server('server:postgres', { TEST_DB: 'postgres' }, [...DATABASE_FREE, ...ENGINE_FREE]),
  );

// Two files at a time even on a 2-core machine: the server suites wait on PostgreSQL, child
// processes and timers a good part of their time (measured: 15.4 → 11.4 min for the whole run).
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({ test: { projects, maxWorkers } });
