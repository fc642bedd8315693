import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The root config runs this project as `server:pglite` (TEST_DB=pglite) and, when
// TEST_DATABASE_URL is set, again as `server:postgres`. Each test file builds its own app.
// `root` is pinned to this folder because the root config extends this file from /work/main.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
