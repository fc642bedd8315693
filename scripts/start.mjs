// `npm start`: make a fresh clone work, then serve the site and the API on one origin.
// Installs dependencies if missing, builds, and starts the server; the server migrates and seeds
// the embedded database (./data) on its first run.
import { build, ensureDependencies, log, root, spawnChild } from './lib.mjs';
import { join } from 'node:path';

ensureDependencies();
if (!process.argv.includes('--no-build')) build();

const port = process.env.PORT ?? '8080';
const child = spawnChild(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
  env: { ...process.env, PORT: port },
});

const url = `http://localhost:${port}`;
const started = Date.now();
const poll = setInterval(async () => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    if (!res.ok) return;
    clearInterval(poll);
    log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.stdout.write(
      [
        '',
        `  The site is up:   ${url}`,
        `  API reference:    ${url}/docs   (OpenAPI: ${url}/openapi.json)`,
        `  Operator tools:   npm run ops -- help`,
        `  Data directory:   ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : (process.env.DATA_DIR ?? join(root, 'data'))}`,
        '',
        '  Demo accounts:    demo01 / Demo2026!     (member)',
        '                    agent01 / Agent2026!   (agent, downlines agent02 and player01)',
        '                    weak01 / 123456        (forced password change)',
        '                    expired01 / Expired2026! (expired password)',
        `  SMS and e-mail:   ${url}/dev/outbox   (codes land here in development)`,
        '',
        '  Stop with Ctrl+C.',
        '',
      ].join('\n'),
    );
  } catch {
    /* not up yet */
  }
}, 250);

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  clearInterval(poll);
  process.exit(code ?? (signal ? 0 : 1));
});
