// Lab INP of three interactions (issue 11), used by `npm run bench:inp` (bench/lobby.mjs --inp):
//  (a) the slot lobby's search, typed key by key (/rng);
//  (b) opening the login modal from the header (/index, a guest);
//  (c) switching pages of the personal centre (demo01 logged in through the header's form; the
//      centre then opened from its address `?panel=personal&page=…`): every entry of its menu,
//      twice round, each switch's figure listed.
// Mobile profile: 360×740, touch, 4× CPU throttling through CDP (Emulation.setCPUThrottlingRate),
// English texts. Each scenario on a fresh page, so its INP is its own interactions'.
// Two figures per scenario: `web-vitals` (its attribution IIFE build injected before the page's
// scripts, `onINP` with reportAllChanges and durationThreshold 16: the page's INP, the worst
// interaction below 50 interactions, with what made it slow: input delay, processing, presentation),
// and the raw Event Timing entries grouped by interactionId (every interaction's duration, its p50).
// Goal: ≤ 100 ms each. Measured, never asserted.
/* global window, document, addEventListener, MutationObserver */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const WEB_VITALS = readFileSync(
  join(dirname(require.resolve('web-vitals')), 'web-vitals.attribution.iife.js'),
  'utf8',
);

/** Installed before any page script: web-vitals' onINP and every Event Timing entry ≥ 16 ms. */
function inpObserver() {
  const w = /** @type {any} */ (window);
  w.__inp = null;
  w.__interactions = new Map();
  w.webVitals.onINP(
    (metric) => {
      const a = metric.attribution ?? {};
      w.__inp = {
        value: metric.value,
        target: a.interactionTarget,
        type: a.interactionType,
        inputDelay: a.inputDelay,
        processing: a.processingDuration,
        presentation: a.presentationDelay,
      };
    },
    { reportAllChanges: true, durationThreshold: 16 },
  );
  // The time of the page's last DOM change, for the caller's `settle` (waits until it is quiet).
  w.__lastMutation = 0;
  addEventListener('DOMContentLoaded', () =>
    new MutationObserver(() => (w.__lastMutation = performance.now())).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    }),
  );
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const id = /** @type {any} */ (e).interactionId;
      if (!id) continue;
      w.__interactions.set(id, Math.max(w.__interactions.get(id) ?? 0, e.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The phone the lab measurements use (360×740, touch), shared with bench/lobby.mjs. */
export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

/**
 * @param {{ browser: import('@playwright/test').Browser, base: string, query: string,
 *   searchBox: (page: import('@playwright/test').Page) => Promise<import('@playwright/test').Locator | null>,
 *   settle: (page: import('@playwright/test').Page) => Promise<void> }} opts
 * @returns {Promise<string[][]>} rows: scenario, web-vitals INP, Event Timing, attribution
 */
export async function measureInp({ browser, base, query, searchBox, settle }) {
  const rows = [];
  async function phone() {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
    });
    // Playwright wraps an init script in a function: the IIFE's `var webVitals` is made global here.
    await context.addInitScript({ content: `${WEB_VITALS}\n;window.webVitals = webVitals;` });
    await context.addInitScript(inpObserver);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return { context, page };
  }
  /** The page's figures once the last interaction has painted (entries arrive after the next frame). */
  async function read(page, label, expected) {
    await page.waitForTimeout(800);
    if (!(await page.evaluate(() => typeof window.webVitals?.onINP === 'function')))
      throw new Error('web-vitals did not load in the page');
    const { inp, durations } = await page.evaluate(() => ({
      inp: window.__inp,
      durations: [...window.__interactions.values()],
    }));
    const sorted = durations.sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)];
    const ms = (n) => `${Math.round(n)} ms`;
    rows.push([
      label,
      inp ? ms(inp.value) : '< 16 ms',
      sorted.length
        ? `${sorted.length} of ${expected} ≥ 16 ms; max ${ms(sorted.at(-1))}, p50 ${ms(p50)}`
        : `0 of ${expected} ≥ 16 ms`,
      inp
        ? `${inp.type} ${inp.target ?? '?'}: delay ${ms(inp.inputDelay)} + processing ${ms(inp.processing)} + presentation ${ms(inp.presentation)}`
        : '',
    ]);
  }

  // (a) The slot lobby's search, key by key at a quick typist's pace.
  {
    const { context, page } = await phone();
    await page.goto(`${base}/rng`, { waitUntil: 'networkidle' });
    await settle(page);
    const box = await searchBox(page);
    if (!box) rows.push(['(a) lobby search keystroke', 'no search box', '', '']);
    else {
      await box.focus();
      for (const k of query) {
        await page.keyboard.press(k);
        await page.waitForTimeout(150);
      }
      await settle(page);
      await read(page, `(a) lobby search, ${query.length} keys "${query}"`, query.length);
    }
    await context.close();
  }

  // (b) The header's "Log in" opens the login modal (its code is loaded on that click).
  for (let i = 1; i <= 3; i++) {
    const { context, page } = await phone();
    await page.goto(`${base}/index`, { waitUntil: 'networkidle' });
    await settle(page);
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor({ timeout: 20_000 });
    await read(page, `(b) open the login modal, visit ${i}`, 1);
    await context.close();
  }

  // (c) The personal centre: log in, open it (from its address), switch pages.
  {
    const { context, page } = await phone();
    await page.goto(`${base}/index`, { waitUntil: 'networkidle' });
    await settle(page);
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill('demo01');
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo2026!');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    const menu = page.getByRole('button', { name: 'Account menu demo01' });
    await menu.waitFor({ timeout: 30_000 });
    await settle(page);
    // A fresh document (the session is the tab's, it stays) that opens the centre from its
    // address: web-vitals then sees the page switches only, not the login's interactions.
    await page.goto(`${base}/index?panel=personal&page=securityCenter`, { waitUntil: 'load' });
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.waitFor({ timeout: 20_000 });
    await settle(page);
    // Every entry of the centre's menu (13 for demo01), in the menu's order, My account (the
    // page it opened on) last; twice round: the first visit loads the page's code, the second is
    // React alone. By position in the menu: a count badge is part of an entry's name.
    const entries = centre.getByRole('navigation').first().getByRole('button');
    const names = (await entries.allInnerTexts()).map((s) => s.split('\n')[0].replace(/\d+$/, '').trim());
    const order = [...names.keys()].slice(1).concat(0);
    const switches = [...order, ...order];
    const each = [];
    for (const i of switches) {
      const seen = await page.evaluate(() => [...window.__interactions.keys()]);
      await entries.nth(i).click();
      await settle(page);
      // This switch's interaction (pointerdown/up, click): its longest entry, none under 16 ms.
      const ms = await page.evaluate(
        (old) =>
          Math.max(0, ...[...window.__interactions].filter(([id]) => !old.includes(id)).map(([, d]) => d)),
        seen,
      );
      each.push(`${names[i]} ${ms ? Math.round(ms) : '<16'}`);
    }
    await read(page, `(c) personal centre, ${switches.length} page switches`, switches.length);
    // Each switch's duration in order: round 1 (a page's code loads on its first visit), round 2.
    const half = each.length / 2;
    rows.push(['    each switch, round 1 (ms)', '', each.slice(0, half).join(', '), '']);
    rows.push(['    each switch, round 2 (ms)', '', each.slice(half).join(', '), '']);
    await context.close();
  }
  return rows;
}
