import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { asNewClient, expectLoggedIn, logIn, signOut } from '../support/accounts.ts';
import {
  announce,
  expectInert,
  noticeLine,
  openNotices,
  publish,
  scrollThrough,
  withdraw,
  xssCorpus,
} from '../support/announcements.ts';
import { expectAccessible } from '../support/axe.ts';
import { ops } from '../support/ops.ts';
import { whenInteractive } from '../support/page.ts';

// Issue 9, "Done when" (announcements): the notice modal with more than 7 announcements is read
// page by page, its numbered list going on (8, 9 … on page 2). With it: the home page's banner
// carousel, the popups after a login (once), the popular games for guests and agent01, the
// winners board on a real win; the stored-XSS corpus published through the real path and
// rendered in the notice modal, the popups and the banners with 0 scripts run; axe on the home
// page and the notice modal, light and dark. Screenshots in /tmp/shots/announcements-*.png.
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots';
const DEMO01 = { account: 'demo01', password: 'Demo2026!' };
const PLAYER01 = { account: 'player01', password: 'Player2026!' };
const AGENT01 = { account: 'agent01', password: 'Agent2026!' };

/** Everything this file published, withdrawn at the end (the next spec files see the demo again). */
const published: number[] = [];
test.afterAll(async () => {
  for (const id of published.splice(0)) await withdraw(id).catch(() => undefined);
});

async function english(page: Page, theme: 'light' | 'dark' = 'light') {
  await page.addInitScript((t) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
    localStorage.setItem('theme', t);
  }, theme);
  await asNewClient(page);
}

async function signIn(page: Page, who: { account: string; password: string }) {
  await logIn(page, who.account, who.password);
  await expectLoggedIn(page, who.account);
}

/** The list of one page of the notice modal, and its items. */
async function noticePage(dialog: Locator, n: number) {
  const list = dialog.getByRole('list', { name: `Announcements, page ${n}` });
  await expect(list).toBeVisible();
  return list.getByRole('listitem');
}

test('the notice modal is read page by page: more than 7, the numbered list goes on', async ({ page }) => {
  // One more through the operator's command line (the CLI itself): 11 notices of the player group.
  const out = ops(
    'announce',
    'publish',
    'PL',
    'EN.title=E2E: maintenance tonight',
    'EN.content=<p>From <b>02:00</b> to 03:00.</p>',
  );
  published.push(Number(/published #(\d+)/.exec(out)![1]));
  await english(page);
  await page.goto('/index');
  await expect(noticeLine(page)).toContainText('Welcome to Golden Lotus');
  const dialog = await openNotices(page);
  const first = await noticePage(dialog, 1);
  await expect(first).toHaveCount(7);
  await expect(first.nth(0)).toContainText('1.E2E: maintenance tonight');
  await expect(first.nth(0)).toContainText('From 02:00 to 03:00.');
  await expect(first.nth(0).getByRole('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(first.nth(6)).toContainText(/^7\./);
  await expect(dialog.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await dialog.getByRole('button', { name: 'Next page' }).click();
  const second = await noticePage(dialog, 2);
  await expect(second).toHaveCount(4);
  await expect(second.nth(0)).toContainText(/^8\./);
  await expect(second.nth(3)).toContainText(/^11\./);
  // The second page's first notice is open; another one opens with its title.
  await expect(second.nth(0).getByRole('group')).toBeVisible();
  await second.nth(2).getByText(/^10\./).click();
  await expect(dialog.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await dialog.getByRole('button', { name: 'Previous page' }).click();
  await expect((await noticePage(dialog, 1)).nth(0)).toContainText('1.E2E');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the banners rotate as a carousel, move by buttons and keys, and open their details', async ({
  page,
}) => {
  await english(page);
  await page.goto('/index');
  const region = page.getByRole('region', { name: 'Highlights' });
  await expect(region.getByRole('heading', { name: 'A draw every minute' })).toBeVisible();
  await region.getByRole('button', { name: 'Pause the slides' }).click();
  await region.getByRole('button', { name: 'Next slide' }).click();
  await expect(region.getByRole('heading', { name: 'Live baccarat tables' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(region.getByRole('heading', { name: 'Vietnamese lottery' })).toBeVisible();
  await region.getByRole('button', { name: 'Show slide 1' }).click();
  await expect(region.getByRole('heading', { name: 'A draw every minute' })).toBeVisible();
  await region.getByRole('button', { name: 'Details: A draw every minute' }).click();
  const details = page.getByRole('dialog', { name: 'A draw every minute' });
  await expect(details).toContainText('Lucky 5D, 3D and E-Lotto');
  await details.getByRole('button', { name: 'OK' }).click();
  await expect(details).toBeHidden();
});

test('popular games for a guest and for agent01 (not "No games yet")', async ({ page }) => {
  await english(page);
  await page.goto('/index');
  // Below the fold: the section loads when it comes near.
  await page.getByRole('heading', { name: 'Popular games' }).scrollIntoViewIfNeeded();
  const popular = page.getByRole('list', { name: 'Popular games' });
  await expect(popular.getByRole('button', { name: /^Play / }).first()).toBeVisible();
  const guestCount = await popular.getByRole('button', { name: /^Play / }).count();
  expect(guestCount).toBeGreaterThan(3);
  await signIn(page, AGENT01);
  await page.goto('/index');
  await page.getByRole('heading', { name: 'Popular games' }).scrollIntoViewIfNeeded();
  await expect(popular.getByRole('button', { name: /^Play / })).toHaveCount(guestCount);
  await expect(page.getByText('No games yet')).toHaveCount(0);
});

test('a popup opens after each login, once', async ({ page }) => {
  published.push(await publish('PU', 'E2E: welcome back', '<p>Glad to see you.</p>'));
  await english(page);
  await page.goto('/index');
  // The popup opens over the page as soon as the login has succeeded (the page behind it is
  // hidden from assistive technology until it closes).
  await logIn(page, DEMO01.account, DEMO01.password);
  const popup = page.getByRole('dialog', { name: 'E2E: welcome back' });
  await expect(popup).toContainText('Glad to see you.');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
  // A reload is the same login: no popup (and no call for them).
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('types=PU')) asked.push(r.url());
  });
  await page.reload();
  await expectLoggedIn(page, DEMO01.account);
  await page.waitForTimeout(1_500);
  await expect(popup).toBeHidden();
  expect(asked).toEqual([]);
  await signOut(page, DEMO01.account);
  await logIn(page, DEMO01.account, DEMO01.password);
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await withdraw(published.pop()!);
});

test('the winners board shows a real win, the account masked', async ({ page }) => {
  test.setTimeout(180_000);
  await english(page);
  await page.goto('/index');
  await signIn(page, DEMO01);
  // Real slot rounds through the studio (the vendor protocol), until one wins.
  const won = await page.evaluate(async () => {
    const token = sessionStorage.getItem('token')!;
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    const list = await (
      await fetch('/wps/relay/GLS_gameList?gameType=RNG&q=pharaoh%20treas&pageSize=1', {
        headers: { ...headers, 'X-Module-Id': 'GAM' },
      })
    ).json();
    const gameId = list.value.items[0].id as number;
    const launch = await (
      await fetch(`/wps/game/launchGame?gameId=${gameId}`, { headers: { ...headers, 'X-Module-Id': 'GAM' } })
    ).json();
    const ticket = new URLSearchParams(String(launch.value.game_url).split('?')[1]).get('ticket')!;
    const session = await (await fetch(`/studio/api/session?ticket=${encodeURIComponent(ticket)}`)).json();
    const bet = session.value.betLevels[0] as number;
    for (let i = 0; i < 300; i++) {
      const res = await fetch('/studio/api/spin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ticket, bet, requestId: `e2e-win-${Date.now()}-${i}` }),
      });
      const spin = await res.json();
      if (spin.value && spin.value.totalWin > bet) return spin.value.totalWin - bet;
    }
    return 0;
  });
  expect(won).toBeGreaterThan(0);
  // The board is computed at most once a minute: asked until it has the win.
  await expect
    .poll(
      async () => {
        const r = await page.request.get('/wps/relay/GLS_winnerRankList');
        const body = (await r.json()) as { value: { items: { account: string }[] } };
        return body.value.items.map((w) => w.account);
      },
      { timeout: 90_000, intervals: [2_000, 5_000] },
    )
    .toContain('de***01');
  await page.reload();
  await scrollThrough(page);
  const board = page.getByRole('table', { name: /The biggest wins of the last 7 days/ });
  await board.scrollIntoViewIfNeeded();
  await expect(board.getByRole('row').filter({ hasText: 'de***01' }).first()).toBeVisible();
  await expect(board).not.toContainText('demo01');
});

test('axe: the home page and the notice modal, light and dark: no serious or critical finding', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['EN', 'MY']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(
        ([t, l]) => {
          localStorage.setItem('lang', l!);
          localStorage.setItem('theme', t!);
        },
        [theme, lang],
      );
      await asNewClient(page);
      await page.goto('/index');
      // In MY (light) the server renders the page: the notice line answers once hydrated.
      await whenInteractive(page);
      await expect(page.getByRole('region').first()).toBeVisible();
      await scrollThrough(page);
      await expectAccessible(page, `home ${lang} ${theme}`);
      await noticeLine(page, lang).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
      await expectAccessible(page, `notice modal ${lang} ${theme}`);
      await context.close();
    }
  }
});

/** A page whose scripts could not run without the sanitisers (CSP off) and that counts any that do. */
async function xssPage(browser: Browser) {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    const w = window as unknown as Record<string, unknown>;
    w.__xss = 0;
    const hit = () => {
      w.__xss = Number(w.__xss) + 1;
    };
    window.alert = hit;
    window.confirm = () => (hit(), false);
    window.prompt = () => (hit(), null);
  });
  // Payloads load scripts from elsewhere (wapiti's host) or here: either would count.
  await page.route(/wapiti3\.ovh|xss-probe\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__xss = (window.__xss || 0) + 1;' }),
  );
  await asNewClient(page);
  return {
    page,
    context,
    ran: async () => ({
      scripts: await page.evaluate(() => Number((window as unknown as { __xss?: number }).__xss ?? 0)),
      dialogs,
    }),
  };
}

test('stored XSS: the corpus published through the real path runs no script in the notice modal, the popups or the banners', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const payloads = xssCorpus();
  expect(payloads.length).toBeGreaterThan(100);
  // The title carries the payload too (plain text: React writes it as text).
  const title = (i: number, p: string) => `XSS ${i + 1}: ${p.replace(/\s+/g, ' ').slice(0, 100)}`;
  const content = (i: number, p: string) => `<p>Payload ${i + 1}.</p>${p}`;
  const payloadLabel = (n: number) => `Payload ${n}.`;

  // ── the notice modal: every payload an announcement of the player group
  const notices: number[] = [];
  for (const [i, p] of payloads.entries()) notices.push(await publish('PL', title(i, p), content(i, p)));
  published.push(...notices);
  {
    const { page, context, ran } = await xssPage(browser);
    await page.goto('/index');
    const dialog = await openNotices(page);
    const next = dialog.getByRole('button', { name: 'Next page' });
    const seen: string[] = [];
    for (let n = 1; ; n++) {
      const items = await noticePage(dialog, n);
      await expect(items.first()).toBeVisible();
      // Every notice of the page open (their HTML is in the page either way).
      await dialog.evaluate((d) => d.querySelectorAll('details').forEach((x) => (x.open = true)));
      await page.waitForTimeout(100);
      await expectInert(dialog);
      seen.push(...(await items.allTextContents()));
      if (!(await next.isEnabled())) break;
      await next.click();
    }
    // Every payload was on a page.
    for (let i = 1; i <= payloads.length; i++)
      expect(seen.some((t) => t.includes(payloadLabel(i)))).toBe(true);
    expect(await ran()).toEqual({ scripts: 0, dialogs: 0 });
    await context.close();
  }
  for (const id of notices) await withdraw(id);

  // The popups and the banners render an announcement's HTML through the same component as the
  // notice modal (components/ui/safe-html), which took the whole corpus above: they get every
  // third payload (39 of 116 each, wapiti's and ours alike), which keeps this test within CI's
  // time (the whole corpus on every surface took three minutes). XSS_FULL=1 runs all of them.
  const sample = process.env.XSS_FULL ? payloads : payloads.filter((_, i) => i % 3 === 0);
  const numberOf = (p: string) => payloads.indexOf(p);

  // ── the popups after a login: 20 at a time (what one login opens), one after another
  for (let from = 0; from < sample.length; from += 20) {
    const batch = sample.slice(from, from + 20);
    const ids: number[] = [];
    for (const p of batch) ids.push(await publish('PU', title(numberOf(p), p), content(numberOf(p), p)));
    published.push(...ids);
    const { page, context, ran } = await xssPage(browser);
    await page.goto('/index');
    await logIn(page, PLAYER01.account, PLAYER01.password);
    // Newest first: the batch's last one opens first.
    for (let k = 0; k < batch.length; k++) {
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(payloadLabel(numberOf(batch[batch.length - 1 - k]!) + 1));
      await expectInert(dialog);
      await dialog.getByRole('button', { name: k === batch.length - 1 ? 'OK' : 'Next' }).click();
    }
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(await ran()).toEqual({ scripts: 0, dialogs: 0 });
    await context.close();
    for (const id of ids) await withdraw(id);
  }

  // ── the banners: 10 at a time (what the carousel shows), each slide and its details
  for (let from = 0; from < sample.length; from += 10) {
    const batch = sample.slice(from, from + 10);
    const ids: number[] = [];
    // A high sort puts them before the demo's banners.
    for (const p of batch)
      ids.push(
        await publish(
          'B',
          title(numberOf(p), p),
          `<img src="/img/banners/ocean.svg" alt="">${content(numberOf(p), p)}`,
          ['sort=1000'],
        ),
      );
    published.push(...ids);
    const { page, context, ran } = await xssPage(browser);
    await page.goto('/index');
    const region = page.getByRole('region', { name: 'Highlights' });
    await expect(region).toBeVisible();
    await region.getByRole('button', { name: 'Pause the slides' }).click();
    await expectInert(region);
    for (let k = 0; k < batch.length; k++) {
      await region.getByRole('button', { name: `Show slide ${k + 1}`, exact: true }).click();
      // Only the slide on screen is in the accessibility tree (the others are hidden and inert).
      await region.getByRole('button', { name: /^Details: / }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(payloadLabel(numberOf(batch[batch.length - 1 - k]!) + 1));
      await expectInert(dialog);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
    }
    expect(await ran()).toEqual({ scripts: 0, dialogs: 0 });
    await context.close();
    for (const id of ids) await withdraw(id);
  }
});

test('screenshots of the home page and the notice modal (360 and 1280 px, MY and EN, light and dark)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  // Every combination with SCREENSHOTS=1 (pictures for a person); otherwise the phone in Burmese,
  // dark, which still checks the page and the notice open.
  const combos = process.env.SCREENSHOTS
    ? [360, 1280].flatMap((w) =>
        ['MY', 'EN'].flatMap((l) => ['light', 'dark'].map((t) => [w, l, t] as const)),
      )
    : ([[360, 'MY', 'dark']] as const);
  for (const [width, lang, theme] of combos) {
    const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 } });
    const page = await context.newPage();
    await page.addInitScript(
      ([l, t]) => {
        localStorage.setItem('lang', l!);
        localStorage.setItem('theme', t!);
      },
      [lang, theme],
    );
    await asNewClient(page);
    await page.goto('/index');
    await whenInteractive(page);
    await expect(page.getByRole('region').first()).toBeVisible();
    await scrollThrough(page);
    const tag = `${width}-${lang.toLowerCase()}-${theme}`;
    await page.screenshot({ path: `${SHOTS}/announcements-home-${tag}.png`, fullPage: true });
    await noticeLine(page, lang).click();
    await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/announcements-notice-${tag}.png` });
    await context.close();
  }
  // The operator's view: nothing of the corpus is left in force (each batch was withdrawn).
  expect(await announce('list')).not.toContain('XSS ');
  expect(await announce('list', 'all')).toContain('withdrawn');
});
