import { expect, test, type Page } from '@playwright/test';

/** Collects console errors and failed page scripts, so a broken page cannot pass quietly. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('/ lands on /index in Burmese; English is kept across a reload @phone', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.getByRole('heading', { level: 1, name: /မှ ကြိုဆိုပါသည်/ })).toBeVisible();

  // On a phone the switcher sits in the header menu.
  const menu = page.getByRole('button', { name: 'မီနူး', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('combobox', { name: 'ဘာသာစကား' }).selectOption('EN');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual([
    'EN',
    'MY',
  ]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(errors).toEqual([]);
});

test.describe('in English', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
    });
  });

  // Spec §2: every route, with the layout areas it should have.
  const routes: Array<[path: string, heading: RegExp, layout: 'full' | 'header' | 'bare']> = [
    ['/index', /^Welcome to /, 'full'],
    ['/pointMall', /^Point mall$/, 'full'],
    ['/lottery?gameCode=X&playType=Y', /^Lottery$/, 'header'],
    ['/vnlottery', /^Vietnamese lottery$/, 'header'],
    ['/elott', /^E-Lottery$/, 'full'],
    ['/sports', /^Sports$/, 'full'],
    ['/promotions', /^Promotions$/, 'full'],
    ['/promoDetail', /^Promotion details$/, 'full'],
    ['/seamless', /^Games$/, 'header'],
    ['/help', /^Help centre$/, 'full'],
    ['/down', /^App download$/, 'full'],
    ['/join', /^Join us$/, 'full'],
    ['/game', /^Game$/, 'header'],
    ['/helpmc', /^Help centre$/, 'bare'],
    ['/rng', /^Slots$/, 'full'],
    ['/pvp', /^Card games$/, 'full'],
    ['/fish', /^Fishing$/, 'full'],
    ['/live', /^Live casino$/, 'full'],
    ['/no-such-page', /^Page not found$/, 'full'],
  ];
  for (const [path, heading, layout] of routes) {
    test(`${path} renders its page (${layout} layout)`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const banner = page.getByRole('banner');
      const footer = page.getByRole('contentinfo');
      await expect(banner).toHaveCount(layout === 'bare' ? 0 : 1);
      await expect(footer).toHaveCount(layout === 'full' ? 1 : 0);
      if (path.startsWith('/lottery')) await expect(page).toHaveURL(/gameCode=X&playType=Y/);
      expect(errors).toEqual([]);
    });
  }

  test('/register and /register.html open the register modal over home', async ({ page }) => {
    for (const path of ['/register', '/register.html']) {
      await page.goto(path);
      const dialog = page.getByRole('dialog', { name: 'Register' });
      await expect(dialog).toBeVisible();
      // Home stays underneath (hidden from assistive tech while the modal is open).
      await expect(page.locator('h1', { hasText: /^Welcome to / })).toBeAttached();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('top navigation: ELOTT and LOTT go to /elott; clicking the current path does nothing', async ({
    page,
  }) => {
    await page.goto('/index');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Lottery', exact: true }).click();
    await expect(page).toHaveURL(/\/elott$/);
    await nav.getByRole('link', { name: 'Live casino' }).click();
    await expect(page).toHaveURL(/\/live$/);

    const entries = await page.evaluate(() => history.length);
    await nav.getByRole('link', { name: 'Live casino' }).click();
    await expect(page).toHaveURL(/\/live$/);
    expect(await page.evaluate(() => history.length)).toBe(entries);
  });

  test('the help centre shows the server’s articles, sanitised, with the footer help menu', async ({
    page,
  }) => {
    await page.goto('/index');
    const footer = page.getByRole('contentinfo');
    // The footer's help menu loads when the footer comes near (the home page is long since issue 9).
    await footer.scrollIntoViewIfNeeded();
    const firstHelpLink = footer
      .getByRole('navigation', { name: 'Help', exact: true })
      .getByRole('link')
      .first();
    await expect(firstHelpLink).toBeVisible();
    await firstHelpLink.click();
    await expect(page).toHaveURL(/\/help/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('the side bar opens on a phone with customer service, download and promotions @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/index');
    await page.getByRole('button', { name: 'Open side menu' }).click();
    const side = page.getByRole('complementary', { name: 'Side menu' });
    await expect(
      side
        .getByRole('button', { name: /^Customer service/ })
        .or(side.getByRole('link', { name: /^Customer service/ }))
        .first(),
    ).toBeVisible();
    await expect(side.getByRole('link', { name: 'App download' })).toBeVisible();
    await expect(side.getByRole('link', { name: 'Promotions' })).toBeVisible();
    await page.getByRole('button', { name: 'Close side menu' }).click();
    await expect(page.getByRole('button', { name: 'Open side menu' })).toBeVisible();
  });

  test('the theme toggle switches to dark and is kept', async ({ page }) => {
    await page.goto('/index');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    const before = await page.locator('html').getAttribute('data-theme');
    await toggle.click();
    const after = await page.locator('html').getAttribute('data-theme');
    expect(after).not.toBe(before);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', after ?? '');
  });

  test('a page group that fails to load shows a translated screen with Retry, not a blank page', async ({
    page,
  }) => {
    await page.goto('/index');
    await page.route(/\/assets\/sports-[\w-]+\.js$/, (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sports' })
      .click();
    await expect(
      page.getByRole('heading', { name: 'This part of the site could not be loaded' }),
    ).toBeVisible();
    await page.unroute(/\/assets\/sports-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
  });

  test('a network failure says the link is abnormal and retry recovers', async ({ page }) => {
    let fail = true;
    await page.route('**/wps/system/status', (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/index');
    await expect(page.getByText('Connection problem, please retry.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  });

  test('an answer that is not ours says the domain check failed', async ({ page }) => {
    await page.route('**/wps/system/status', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html>parked domain</html>' }),
    );
    await page.goto('/index');
    await expect(page.getByText('Domain check failed, please contact customer service.')).toBeVisible();
  });
});
