// `npm run bench:bundle`: builds, starts the real server on a scratch data folder, opens /index in
// Chromium and sums the gzip size of every JavaScript file the page loaded (entry, preloads, the
// lazily loaded `index` page group and the default language's catalogue). Budget: 150 KiB.
// Also lists every page group's chunk so a regression is easy to place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const BUDGET_KIB = 150;
const port = Number(process.env.BENCH_PORT ?? 8191);
const dist = join(root, 'apps/web/dist');

if (!process.argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kib = (n) => (n / 1024).toFixed(1);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
try {
  // Up to 90 s: a first start migrates and seeds (10,000 games since issue 5) on a busy machine.
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const scripts = new Set();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/index`, { waitUntil: 'networkidle' });
  await browser.close();

  let total = 0;
  const rows = [];
  for (const path of [...scripts].sort()) {
    const file = join(dist, path);
    if (!existsSync(file)) continue;
    const size = gz(readFileSync(file));
    total += size;
    rows.push(`  ${kib(size).padStart(7)} KiB  ${basename(path)}`);
  }
  console.log(`\nJavaScript loaded by /index (gzip -9):\n${rows.join('\n')}`);
  console.log(`  ${kib(total).padStart(7)} KiB  total  (budget ${BUDGET_KIB} KiB)\n`);

  const assets = join(dist, 'assets');
  const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
  console.log('Every chunk (gzip -9):');
  for (const f of chunks.sort())
    console.log(`  ${kib(gz(readFileSync(join(assets, f)))).padStart(7)} KiB  ${f}`);
  console.log(`\nindex-page JS: ${kib(total)} KiB of ${BUDGET_KIB} KiB`);
  process.exitCode = total / 1024 <= BUDGET_KIB ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
