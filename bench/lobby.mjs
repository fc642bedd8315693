// `npm run bench:lobby`: the slot lobby /rng with the seeded 10,000 games, against the real built
// server on a scratch data folder (issue 5, "Figures to show"):
//  1. Lighthouse mobile (its default: simulated slow 4G, 4× CPU, Moto G-sized screen), median of
//     --runs (5): performance score, TBT, LCP, CLS, FCP. Target: score ≥ 95, TBT ≤ 100 ms.
//     Lighthouse is not a dependency (too heavy for every install): it runs through
//     `npx --yes lighthouse@13.5.0` on CHROME_PATH (/usr/bin/chromium).
//  2. Lab INP of a search keystroke: Chromium at 360×740 with 4× CPU throttling (CDP), the search
//     term typed key by key into the lobby's search box; each key's interaction duration from a
//     PerformanceObserver of type 'event' (durationThreshold 16): the max over the keys is the lab
//     INP, with the p50; and the time from the last key until the results on screen settle.
//     Target: ≤ 100 ms.
//  3. The DOM node count after scrolling to the end of the first pages (never 10,000 tiles).
// Prints a short table and exits 0: figures are measured, never asserted (shared, noisy machines).
// Options: --no-build, --runs N, --query TEXT (default: a word of a seeded game's name),
// --no-lighthouse, --save DIR (keeps each run's Lighthouse JSON there, for the diagnostics),
// BENCH_PORT (default: a free port).
/* global window, document, addEventListener, MutationObserver */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { measureInp, PHONE } from './inp.mjs';

const root = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};
const RUNS = Math.max(1, Number(opt('--runs', 5)));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// --path P measures another page with Lighthouse only (e.g. /lottery, issue 7); the search INP and
// DOM figures are the slot lobby's. --paths A,B,… measures each with Lighthouse in turn and prints
// one table with the goals of issue 11 (`npm run bench:lighthouse`); --no-inp skips the search INP
// and DOM figures.
const PATHS = opt('--paths', opt('--path', '/rng')).split(',').filter(Boolean);
const LOBBY = PATHS[0];
const SLOT_LOBBY = PATHS.includes('/rng') && !argv.includes('--no-inp');
// --inp: the lab INP of issue 11 with web-vitals (bench/inp.mjs: lobby search, login modal, centre
// page switch; `npm run bench:inp` adds --no-lighthouse).
const INP = argv.includes('--inp');
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';

if (!argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

async function freePort() {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const ms = (n) => (n == null || Number.isNaN(n) ? 'n/a' : `${Math.round(n)} ms`);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lobby-'));
// The server bundle is read once at start; the built pages are copied, so a build running in the
// same tree meanwhile (the working tree is shared) cannot swap files under the measurement.
const dists = {};
for (const [dir, env] of [
  ['web/dist', 'WEB_DIST'],
  ['web/dist-ssr', 'WEB_SSR'],
  ['games/dist', 'GAMES_DIST'],
]) {
  const from = join(root, `apps/${dir}`);
  if (!existsSync(from)) continue;
  const to = join(dataDir, dir.replace('/', '-'));
  cpSync(from, to, { recursive: true });
  dists[env] = to;
}
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
  env: {
    ...process.env,
    ...dists,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dataDir, 'data'),
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});

// Ctrl-C or a kill: stop what this bench started (the server, a running Lighthouse) and clean up.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (lighthouse?.pid) {
      try {
        process.kill(-lighthouse.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    server.kill('SIGTERM');
    server.on('exit', () => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

/** A GET of the games API (envelope's value), for the search term and the catalogue's size. */
async function api(path) {
  const res = await fetch(`${base}${path}`, {
    headers: { Accept: 'application/json', 'X-Module-Id': 'GAM' },
  });
  const body = await res.json();
  if (!body.success) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.value;
}

/** The lobby's search box, whatever its label's language. */
async function searchBox(page) {
  const candidates = [
    page.getByRole('searchbox').first(),
    page.locator('main input[type="search"]').first(),
    page.getByRole('textbox', { name: /search/i }).first(),
  ];
  for (let i = 0; i < 100; i++) {
    for (const c of candidates) if (await c.isVisible().catch(() => false)) return c;
    await page.waitForTimeout(100);
  }
  return null;
}

/** The running Lighthouse (its own process group: npx → lighthouse → Chromium), for a clean stop. */
let lighthouse = null;
async function lighthouseRun(i, outDir, path = LOBBY) {
  const out = join(outDir, `lh-${i}.json`);
  const child = spawn(
    'npx',
    [
      '--yes',
      'lighthouse@13.5.0',
      `${base}${path}`,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance',
      '--disable-full-page-screenshot',
      ...(process.env.LH_EXTRA ? process.env.LH_EXTRA.split(' ') : []),
    ],
    {
      cwd: outDir,
      env: { ...process.env, CHROME_PATH: CHROME },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  lighthouse = child;
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const status = await new Promise((r) => child.on('exit', (code) => r(code)));
  lighthouse = null;
  if (status !== 0 || !existsSync(out)) {
    console.error(`lighthouse run ${i} failed (${status}): ${stderr.split('\n').slice(-5).join('\n')}`);
    return null;
  }
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  const save = opt('--save', null);
  if (save) {
    mkdirSync(save, { recursive: true });
    const name = `lh${PATHS.length > 1 ? path.replace(/\W+/g, '-') : ''}-${i}`;
    cpSync(out, join(save, `${name}.json`));
    // With LH_EXTRA=--save-assets, the run's trace too (for a look at its long tasks).
    const trace = out.replace(/\.json$/, '-0.trace.json');
    if (existsSync(trace)) cpSync(trace, join(save, `${name}.trace.json`));
  }
  const a = (id) => lhr.audits[id]?.numericValue;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    tbt: a('total-blocking-time'),
    lcp: a('largest-contentful-paint'),
    cls: a('cumulative-layout-shift'),
    fcp: a('first-contentful-paint'),
    si: a('speed-index'),
    runtimeError: lhr.runtimeError?.code,
  };
}

/** Installed before any page script: every event-timing entry ≥ 16 ms, and DOM mutation times. */
function observeInPage() {
  const w = /** @type {any} */ (window);
  w.__events = [];
  w.__keydowns = [];
  w.__lastMutation = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      w.__events.push({
        name: e.name,
        duration: e.duration,
        interactionId: e.interactionId ?? 0,
        startTime: e.startTime,
      });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  addEventListener('keydown', (e) => w.__keydowns.push({ key: e.key, t: e.timeStamp }), true);
  addEventListener('DOMContentLoaded', () => {
    new MutationObserver(() => (w.__lastMutation = performance.now())).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
  });
}

/** Waits until nothing on the page changed for `quietMs` (results rendered). */
async function settle(page, quietMs = 400, maxMs = 10_000) {
  const t0 = Date.now();
  for (;;) {
    const since = await page.evaluate(() => performance.now() - window.__lastMutation);
    if (since >= quietMs || Date.now() - t0 > maxMs) return;
    await page.waitForTimeout(Math.max(50, quietMs - since));
  }
}

const rows = [];
try {
  for (let i = 0; i < 480; i++) {
    // up to 120 s: the first start migrates and seeds 10,000 games (15-45 s on a busy machine)
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  // The catalogue's size and a search term from a real game name (the seed is deterministic).
  let total = null;
  let query = opt('--query', null);
  try {
    const list = await api('/wps/relay/GLS_gameList?gameType=RNG&pageSize=50');
    total = list.total ?? null;
    if (!query) {
      const words = list.items.flatMap((g) => g.name.split(/\s+/)).filter((w) => /^[A-Za-z]{5,}$/.test(w));
      query = (words[Math.floor(words.length / 2)] ?? 'dragon').toLowerCase();
    }
  } catch (e) {
    console.error(`game list: ${e.message}`);
  }
  query ??= 'dragon';
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  console.log(
    `\n${PATHS.join(', ')}: ${total ?? '?'} slot games in the catalogue${SLOT_LOBBY ? `; search term "${query}"` : ''}`,
  );
  console.log(`load average at start: ${load()} (${availableParallelism()} cores)`);

  // Warm the server (thumbnails, compression caches) with one visit.
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const path of PATHS) {
    const page = await browser.newPage();
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.close();
  }

  // 1. Lighthouse mobile, median of RUNS (one page: the lobby's table; several: one table of all).
  if (!argv.includes('--no-lighthouse') && PATHS.length > 1) {
    const table = [];
    for (const path of PATHS) {
      console.log(`${path}:`);
      const runs = await lighthouseRuns(path);
      if (!runs.length) {
        table.push([path, 'no run recorded', '', '', '', '']);
        continue;
      }
      const m = (k) => median(runs.map((r) => r[k]));
      const mark = (ok) => (ok ? ' ok' : ' MISS');
      table.push([
        path,
        `${m('score')}${mark(m('score') >= 95)}`,
        `${(m('lcp') / 1000).toFixed(2)} s${mark(m('lcp') <= 2000)}`,
        `${ms(m('tbt'))}${mark(m('tbt') <= 100)}`,
        `${m('cls').toFixed(3)}${mark(m('cls') <= 0.02)}`,
        `${(m('fcp') / 1000).toFixed(2)} s`,
        `${runs.length}`,
      ]);
    }
    const head = ['page', 'score', 'LCP', 'TBT', 'CLS', 'FCP', 'runs'];
    const goal = ['goal', '≥ 95', '≤ 2.0 s', '≤ 100 ms', '≤ 0.02', '', ''];
    const w = head.map((h, i) =>
      Math.max(h.length, goal[i].length, ...table.map((r) => (r[i] ?? '').length)),
    );
    const line = (r) => `  ${r.map((x, i) => (x ?? '').padEnd(w[i])).join('  ')}`;
    console.log(`\nLighthouse 13 mobile defaults, median of ${RUNS} recorded runs per page`);
    for (const r of [head, goal, ...table]) console.log(line(r));
  } else if (!argv.includes('--no-lighthouse')) {
    const runs = await lighthouseRuns(LOBBY);
    if (runs.length) {
      const m = (k) => median(runs.map((r) => r[k]));
      rows.push(['Lighthouse mobile score (median)', `${m('score')}`, '≥ 95']);
      rows.push(['Total blocking time (median)', ms(m('tbt')), '≤ 100 ms']);
      rows.push(['Largest contentful paint (median)', ms(m('lcp')), '≤ 2,000 ms']);
      rows.push(['Cumulative layout shift (median)', m('cls').toFixed(3), '≤ 0.02']);
      rows.push(['First contentful paint (median)', ms(m('fcp')), '']);
    }
  }

  // 2. Lab INP of search keystrokes: a phone, 4× CPU throttling (the slot lobby only).
  if (SLOT_LOBBY && !INP) await searchAndScroll();
  if (INP) {
    const inpRows = await measureInp({ browser, base, query, searchBox, settle });
    const head = ['interaction (360×740, 4× CPU)', 'INP web-vitals', 'Event Timing', 'worst interaction'];
    const w = head.map((h, i) => Math.max(h.length, ...inpRows.map((r) => r[i].length)));
    console.log('\nLab INP, goal ≤ 100 ms each');
    for (const r of [head, ...inpRows]) console.log(`  ${r.map((x, i) => x.padEnd(w[i])).join('  ')}`);
  }
  await browser.close();

  /**
   * RUNS recorded Lighthouse loads of `path`. A run that Lighthouse itself could not record
   * (NO_NAVSTART: its trace lost the navigation, seen in about one run of four here) is repeated,
   * up to twice RUNS attempts, so the median is of RUNS recorded loads; the failed attempts are
   * counted in the table.
   */
  async function lighthouseRuns(path) {
    const runs = [];
    let attempts = 0;
    while (runs.length < RUNS && attempts < RUNS * 2) {
      attempts += 1;
      const r = await lighthouseRun(attempts, dataDir, path);
      if (r) {
        if (!r.runtimeError) runs.push(r); // a failed load (NO_FCP …) has no figures
        console.log(
          `  lighthouse ${runs.length}/${RUNS}: score ${r.score}  TBT ${ms(r.tbt)}  LCP ${ms(r.lcp)}  CLS ${r.cls?.toFixed(3)}  FCP ${ms(r.fcp)}${r.runtimeError ? `  (${r.runtimeError})` : ''}`,
        );
      }
    }
    if (attempts > runs.length)
      rows.push([`Lighthouse attempts not recorded (${path})`, `${attempts - runs.length}`, '']);
    return runs;
  }

  const w0 = Math.max(0, ...rows.map((r) => r[0].length));
  const w1 = Math.max(0, ...rows.map((r) => r[1].length));
  console.log('');
  for (const [a, b, c] of rows) console.log(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);
  console.log(`\nload average at the end: ${load()} — a shared, loaded machine inflates TBT and INP`);
  console.log('(Lighthouse simulates a 4x slower CPU on top of what it measures: compare runs)\n');

  async function searchAndScroll() {
    const context = await browser.newContext(PHONE);
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
    });
    await context.addInitScript(observeInPage);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}${LOBBY}`, { waitUntil: 'networkidle' });
    await settle(page);
    const box = await searchBox(page);
    if (!box) {
      rows.push(['Search keystroke INP', 'no search box on the page', '≤ 100 ms']);
    } else {
      await box.focus();
      await page.evaluate(() => (window.__events = []));
      const keys = [...query];
      for (const k of keys) {
        await page.keyboard.press(k);
        await page.waitForTimeout(150); // a quick typist's pace
      }
      await settle(page);
      const lastKeyAt = await page.evaluate(() => window.__keydowns.at(-1)?.t ?? 0);
      const lastMutation = await page.evaluate(() => window.__lastMutation);
      await page.waitForTimeout(500); // event timing entries arrive after the next paint
      const events = await page.evaluate(() => window.__events);
      const byInteraction = new Map();
      for (const e of events) {
        if (!e.interactionId || !/^key/.test(e.name)) continue;
        byInteraction.set(e.interactionId, Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration));
      }
      // A key whose interaction stayed under 16 ms has no entry: count it as 16 (an upper bound).
      const durations = [...byInteraction.values()];
      while (durations.length < keys.length) durations.push(16);
      const shown = await box.inputValue();
      rows.push([
        `Search keystroke INP (max of ${keys.length} keys, 4× CPU, 360 px)`,
        ms(Math.max(...durations)),
        '≤ 100 ms',
      ]);
      rows.push(['Search keystroke p50', byInteraction.size ? ms(pct(durations, 50)) : '< 16 ms', '']);
      rows.push([
        'Last key → results settled on screen',
        lastMutation > lastKeyAt ? ms(lastMutation - lastKeyAt) : 'no change seen',
        '',
      ]);
      if (shown !== query) rows.push(['(search box shows)', JSON.stringify(shown), `typed "${query}"`]);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // 3. DOM nodes after scrolling to the end of the first pages (no search).
    await page.goto(`${base}${LOBBY}`, { waitUntil: 'networkidle' });
    await settle(page);
    for (let i = 0; i < 8; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
      await settle(page, 300, 5_000);
    }
    const dom = await page.evaluate(() => ({
      nodes: document.getElementsByTagName('*').length,
      images: document.querySelectorAll('main img').length,
      height: document.documentElement.scrollHeight,
    }));
    rows.push(['DOM elements after scrolling to the end', `${dom.nodes}`, `of ${total ?? '?'} games`]);
    rows.push(['Images in the lobby at that point', `${dom.images}`, '']);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
