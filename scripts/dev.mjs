// `npm run dev`: the server with hot reload (tsx watch) on API_PORT (8081) and the Vite dev
// server with hot module replacement on PORT (8080), which proxies API paths to the server.
import { ensureDependencies, log, root, spawnChild } from './lib.mjs';
import { join } from 'node:path';

ensureDependencies();
const apiPort = process.env.API_PORT ?? '8081';
const webPort = process.env.PORT ?? '8080';
const bin = (name) => join(root, 'node_modules/.bin', name);

const server = spawnChild(bin('tsx'), ['watch', 'apps/server/src/server.ts'], {
  env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
});
const web = spawnChild(bin('vite'), ['--port', webPort, '--strictPort'], {
  cwd: join(root, 'apps/web'),
  env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}`, WEB_PORT: webPort },
});
log(`dev: open http://localhost:${webPort} (API on ${apiPort}); Ctrl+C stops both`);

const stop = (sig) => {
  server.kill(sig);
  web.kill(sig);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
let exited = 0;
for (const c of [server, web])
  c.on('exit', (code) => {
    exited += 1;
    if (exited === 1) stop('SIGTERM');
    if (exited === 2) process.exit(code ?? 0);
  });
