// `npm run bench:bundle`: builds, starts the real server on a scratch data folder and measures, in
// headless Chromium at 360×740, the gzip size (-9) of every JavaScript file each page loads on a
// first visit (a fresh browser context: empty cache, no service worker):
//  1. /index: entry, preloads, the lazily loaded `index` page group and the default language's
//     catalogue. Budget: 150 KiB (the exit code is 1 over it).
//  2. One address per lazy page group of apps/web/src/app/router.tsx (the groups' chunks are
//     named after them), the same way: the table shows each address's total, what it loads beyond
//     /index's files, and its largest own chunk.
//  3. The personal centre's pages (apps/web/src/config/centres.ts): logged in as demo01, each page
//     opened from its address `/index?panel=personal&page=<page>` (how the payment gateway's return
//     address opens one); the figure beyond /index is what opening that page costs a member.
// Measured by what the browser really fetched (not the Vite chunk graph): a page's data-driven
// imports (a language catalogue, a modal's code) count when the first load triggers them.
// Lists every chunk at the end so a regression is easy to place. `--no-build`, `--no-groups`
// (only /index), BENCH_PORT (8191).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const BUDGET_KIB = 150;
const port = Number(process.env.BENCH_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;
const dist = join(root, 'apps/web/dist');
const argv = process.argv.slice(2);

/** Page group of router.tsx → the address that loads it. */
const GROUPS = [
  ['index', '/index'],
  ['index (login)', '/login'],
  ['egame', '/rng'],
  ['egame', '/live'],
  ['lottery', '/lottery'],
  ['vnlottery', '/vnlottery'],
  ['elott', '/elott'],
  ['sports', '/sports'],
  ['promo', '/promotions'],
  ['promoDetail', '/promoDetail?id=1'],
  ['pointMall', '/pointMall'],
  ['seamless', '/seamless'],
  ['help', '/help'],
  ['download', '/download'],
  ['joinus', '/join'],
  ['content', '/blog'],
  ['content', '/guide'],
];
/** The personal centre's pages (centres.ts PERSONAL_CENTRE_PAGES), transferUpline aside (demo01 has no upline). */
const CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'protection',
];

if (!argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const gzCache = new Map();
/** gzip -9 size of a built file by its URL path (0 for a file not in dist, e.g. a game studio's). */
const gz = (path) => {
  if (!gzCache.has(path)) {
    const file = join(dist, path);
    gzCache.set(path, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
  }
  return gzCache.get(path);
};
const kib = (n) => (n / 1024).toFixed(1);
const sum = (paths) => [...paths].reduce((a, p) => a + gz(p), 0);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
let browser;
try {
  // Up to 90 s: a first start migrates and seeds (10,000 games since issue 5) on a busy machine.
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const contextOptions = { viewport: { width: 360, height: 740 }, serviceWorkers: 'block' };

  /** The built JS files a first visit of `address` fetched (a fresh context each time). */
  async function firstLoad(address, { storageState, session, settle } = {}) {
    const context = await browser.newContext({ ...contextOptions, storageState });
    if (session)
      await context.addInitScript((items) => {
        for (const [k, v] of Object.entries(JSON.parse(items))) sessionStorage.setItem(k, v);
      }, session);
    const page = await context.newPage();
    const scripts = new Set();
    let lastAt = Date.now();
    page.on('response', (res) => {
      lastAt = Date.now();
      const url = new URL(res.url());
      if (url.origin === base && url.pathname.endsWith('.js') && existsSync(join(dist, url.pathname)))
        scripts.add(url.pathname);
    });
    // A member's page keeps its live event stream open (never "network idle"): load, then until
    // no response for 1.5 s (at most 20 s).
    const quiet = async () => {
      const t0 = Date.now();
      while (Date.now() - lastAt < 1500 && Date.now() - t0 < 20_000) await page.waitForTimeout(250);
    };
    await page.goto(`${base}${address}`, { waitUntil: 'load' });
    await quiet();
    if (settle) await settle(page);
    await quiet();
    await context.close();
    return scripts;
  }

  // 1. /index, with every file listed.
  const index = await firstLoad('/index');
  const total = sum(index);
  console.log(`\nJavaScript loaded by /index (gzip -9):`);
  for (const path of [...index].sort()) console.log(`  ${kib(gz(path)).padStart(7)} KiB  ${basename(path)}`);
  console.log(`  ${kib(total).padStart(7)} KiB  total  (budget ${BUDGET_KIB} KiB)\n`);

  if (!argv.includes('--no-groups')) {
    // 2. Each page group's address.
    const rows = [];
    for (const [group, address] of GROUPS) {
      const files = await firstLoad(address);
      const beyond = [...files].filter((p) => !index.has(p));
      const own = beyond.sort((a, b) => gz(b) - gz(a))[0];
      rows.push([group, address, sum(files), sum(beyond), own ? `${basename(own)} ${kib(gz(own))}` : '']);
    }

    // 3. The personal centre: one login (the browser's own form), then each page from its address.
    const context = await browser.newContext({ ...contextOptions, locale: 'en-US' });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
    });
    const page = await context.newPage();
    await page.goto(`${base}/index`, { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill('demo01');
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo2026!');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu demo01' }).waitFor({ timeout: 30_000 });
    // The session lives in sessionStorage (a tab's): copied into each fresh context before its scripts.
    const storageState = await context.storageState();
    const session = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    await context.close();
    const indexMember = await firstLoad('/index', { storageState, session });
    rows.push([
      '(member)',
      '/index',
      sum(indexMember),
      sum([...indexMember].filter((p) => !index.has(p))),
      '',
    ]);
    for (const p of CENTRE_PAGES) {
      const files = await firstLoad(`/index?panel=personal&page=${p}`, {
        storageState,
        session,
        settle: (pg) =>
          pg
            .locator('section[aria-labelledby="centre-page-title"]')
            .waitFor({ timeout: 20_000 })
            .catch(() => undefined),
      });
      const beyond = [...files].filter((f) => !indexMember.has(f));
      const own = beyond.sort((a, b) => gz(b) - gz(a))[0];
      rows.push([
        'centre',
        `?page=${p}`,
        sum(files),
        sum(beyond),
        own ? `${basename(own)} ${kib(gz(own))}` : '',
      ]);
    }

    const head = ['group', 'address', 'first load', 'beyond /index', 'largest own chunk (KiB)'];
    const cells = rows.map(([g, a, t, b, o]) => [g, a, `${kib(t)} KiB`, `${kib(b)} KiB`, o]);
    const w = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
    const line = (c) =>
      `  ${c.map((x, i) => (i === 2 || i === 3 ? x.padStart(w[i]) : x.padEnd(w[i]))).join('  ')}`;
    console.log("JavaScript per page group, first load (gzip -9; centre pages: beyond a member's /index):");
    console.log(line(head));
    for (const c of cells) console.log(line(c));
    console.log('');
  }

  const assets = join(dist, 'assets');
  const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
  console.log('Every chunk (gzip -9):');
  for (const f of chunks.sort()) console.log(`  ${kib(gz(`/assets/${f}`)).padStart(7)} KiB  ${f}`);
  console.log(`\nindex-page JS: ${kib(total)} KiB of ${BUDGET_KIB} KiB`);
  process.exitCode = total / 1024 <= BUDGET_KIB ? 0 : 1;
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
