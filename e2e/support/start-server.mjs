// Starts the built server for the e2e run on a wiped data folder (env from playwright.config.ts).
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

const dir = process.env.DATA_DIR;
if (!dir || !dir.includes('e2e-data')) throw new Error(`refusing to wipe unexpected DATA_DIR ${dir}`);
rmSync(dir, { recursive: true, force: true });
const child = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
