// Helpers shared by start.mjs, test.mjs and dev.mjs. Only Node built-ins here: these scripts run
// on a fresh clone before any dependency is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function log(msg) {
  process.stdout.write(`\x1b[36m[${new Date().toISOString().slice(11, 19)}]\x1b[0m ${msg}\n`);
}

/** Runs a command in the repo root, streaming its output; exits the process when it fails. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    if (opts.allowFailure) return r.status ?? 1;
    process.stderr.write(`\ncommand failed (${r.status ?? r.signal}): ${cmd} ${args.join(' ')}\n`);
    process.exit(r.status ?? 1);
  }
  return 0;
}

export function npmRun(args, opts) {
  return run(npm, args, opts);
}

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const marker = join(root, 'node_modules', '.package-lock.json');
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  log('installing dependencies (npm ci) …');
  npmRun(['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}

/** Builds the web client and the server bundle (a few seconds each). */
export function build() {
  log('building the web client and the server …');
  npmRun(['run', 'build', '--silent']);
}

/** Finds a Chromium/Chrome to drive; on Debian as root installs the `chromium` package if none. */
export function ensureBrowser() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const debian = existsSync('/etc/debian_version');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (debian && isRoot) {
    log('no browser found: installing Debian chromium (apt-get) …');
    run('apt-get', ['update', '-qq']);
    run(
      'apt-get',
      ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-core', 'fonts-noto-cjk'],
      {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      },
    );
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  process.stderr.write(
    'No Chromium or Chrome found. Install one (Debian: apt-get install chromium) or set CHROME_PATH to its binary.\n',
  );
  process.exit(1);
}

/** Spawns a long-running child that shares our terminal; resolves its exit code. */
export function spawnChild(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return child;
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}
