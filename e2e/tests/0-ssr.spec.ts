import { expect, test, type Page } from '@playwright/test';
import { NOTICE_TITLE, noticeLine } from '../support/announcements.ts';
import { lobbySearch } from '../support/games.ts';
import { setLanguage } from '../support/lottery.ts';
import { whenInteractive } from '../support/page.ts';

// The pages the server renders first (apps/web/src/entry-server.tsx, the server's static-web
// plugin): a guest in the default language gets /rng, /lottery, /index and /promotions already rendered in the
// document, and the client hydrates that markup without a mismatch (React would otherwise throw
// the page away and render it again). A person with another language gets the browser's render.
// Screenshots of the server's markup alone (no script) at 360 and 1280 px to /tmp/shots/ssr-*.png.

/** Errors on the page: a hydration mismatch is reported as an uncaught error or a console error. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** The document as the server sent it. */
async function documentOf(page: Page, path: string): Promise<string> {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  return (await res?.text()) ?? '';
}

test('a guest gets the slot lobby rendered by the server, and the page hydrates and works', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const html = await documentOf(page, '/rng');
  expect(html).toContain('id="ssr-state"');
  // The first tiles, with their thumbnails' addresses, are in the document itself.
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  expect(root.match(/<li class="_tile_/g)?.length ?? 0).toBeGreaterThanOrEqual(12);
  expect(root).toMatch(/<img src="\/img\/games\/\d+\.svg"[^>]*fetchpriority="high"/i);
  expect(root).not.toContain('<script');

  // Hydrated: the state block has been read, the document says so, and the lobby answers typing.
  await expect(page.locator('#ssr-state')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-ssr', '');
  await whenInteractive(page);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await lobbySearch(page).pressSequentially('pharaoh treas', { delay: 30 });
  await expect(page.getByText('Pharaoh Treasure', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/q=pharaoh/);
  expect(errors).toEqual([]);
});

test('a guest gets /lottery rendered by the server; the countdown runs after hydration', async ({ page }) => {
  const errors = watchErrors(page);
  const html = await documentOf(page, '/lottery?gameCode=LUCKY5D_5M');
  expect(html).toContain('id="ssr-state"');
  expect(html).toContain('Lucky 5D 5 Min');
  await expect(page.locator('#ssr-state')).toHaveCount(0);
  // (In the last seconds of a period it says "drawing" until the next one opens.)
  const time = page.locator('main time').first();
  await expect(time).toBeVisible({ timeout: 20_000 });
  const first = await time.textContent();
  await expect(time).not.toHaveText(first ?? '', { timeout: 5_000 });
  expect(errors).toEqual([]);
});

test('a guest gets /index and /promotions rendered by the server; both hydrate without a mismatch and work', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // Home: the banner carousel (its first picture in the document, fetched at high priority) and
  // the notice line are in the server's markup; once hydrated the notice line opens the notices.
  const home = await documentOf(page, '/index');
  expect(home).toContain('id="ssr-state"');
  const root = home.slice(home.indexOf('<div id="root">'), home.indexOf('<script type="application/json"'));
  expect(root).toMatch(/<img [^>]*src="\/img\/banners\/[\w-]+\.svg"[^>]*fetchpriority="high"/i);
  expect(root).toContain(NOTICE_TITLE.MY);
  // The document may not carry a style attribute (the CSP has no 'unsafe-inline' for styles).
  expect(root).not.toMatch(/ style="/);
  expect(root).not.toContain('<script');
  await whenInteractive(page);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await noticeLine(page, 'MY').click();
  await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Promotions: the activities and their filters are in the document; a filter, once hydrated,
  // is the client's navigation (the page is not loaded again).
  const promotions = await documentOf(page, '/promotions');
  expect(promotions).toContain('id="ssr-state"');
  expect(promotions).toMatch(/<article[^>]*>/);
  await whenInteractive(page);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
  const category = page.locator('main a[href*="category="]').first();
  await category.click();
  await expect(page).toHaveURL(/category=/);
  await expect(category).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  expect(errors).toEqual([]);
});

test('another language: the browser renders the page (no server render once it has said so)', async ({
  page,
}) => {
  await setLanguage(page, 'EN');
  await page.goto('/rng');
  await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
  // The browser has told the server its language: the next visit is not rendered in MY.
  const html = await documentOf(page, '/rng');
  expect(html).not.toContain('id="ssr-state"');
  await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`the server's markup alone (no script) is the styled page at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const path of ['/rng', '/lottery?gameCode=LUCKY5D_5M', '/index', '/promotions']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      // Styled: the inline styles apply (the grid is laid out, not a bare list).
      expect(await page.locator('main').evaluate((m) => getComputedStyle(m).display)).not.toBe('inline');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/shots/ssr-${path.slice(1, 4)}-${width}.png` });
    }
    await context.close();
  });
}
