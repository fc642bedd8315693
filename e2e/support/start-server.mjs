// Starts the built server for the e2e run on a wiped data folder (env from playwright.config.ts).
import { createWriteStream, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

const dir = process.env.DATA_DIR;
if (!dir || !dir.includes('e2e-data')) throw new Error(`refusing to wipe unexpected DATA_DIR ${dir}`);
rmSync(dir, { recursive: true, force: true });
// The whole log goes to E2E_SERVER_LOG (support/log-check.ts scans it at the end); stderr is
// passed on too (playwright.config.ts shows it).
const log = createWriteStream(process.env.E2E_SERVER_LOG ?? '/dev/null', { flags: 'w' });
const child = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: process.env,
});
child.stdout.pipe(log, { end: false });
child.stderr.on('data', (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
