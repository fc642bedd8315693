import { expect, test, type Page } from '@playwright/test';
import { asNewClient, expectLoggedIn, logIn } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { noSidewaysScroll } from '../support/lottery.ts';
import { ops, opsQuiet } from '../support/ops.ts';

// Issue 9 (content), "Done when": a member sends feedback and the operator's reply shows under My
// feedback; the help centre is searched; the blog and an article open; /join; /down with the
// install tutorials; the IP-blocked page against `npm run ops -- region block <ip>`; the site is an
// installable PWA whose service worker serves the offline page and leaves API calls to the network.
// axe-core: 0 serious/critical on every page of the part, light and dark.

const DEMO01 = { account: 'demo01', password: 'Demo2026!' };

async function signIn(page: Page, who: { account: string; password: string }) {
  await asNewClient(page);
  await page.goto('/index');
  await logIn(page, who.account, who.password);
  await expectLoggedIn(page, who.account);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
});

test('a member sends feedback; bad input is refused; the operator’s reply shows under My feedback', async ({
  page,
}) => {
  await signIn(page, DEMO01);
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Feedback' });
  const send = form.getByRole('button', { name: 'Send feedback' });

  // Empty: both problems named, nothing sent.
  await send.click();
  await expect(form.getByRole('alert').filter({ hasText: 'Choose a question type' })).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: 'Please write your message' })).toBeVisible();
  // Too short for the merchant's bounds (10–500, read from the server).
  await form.getByLabel('Question type').selectOption({ label: 'Withdrawal' });
  await form.getByLabel('Your message').fill('too short');
  await send.click();
  await expect(
    form.getByRole('alert').filter({ hasText: 'Length between 10 and 500 characters' }),
  ).toBeVisible();

  const text = `My withdrawal ${Date.now()} is still pending after two days.`;
  await form.getByLabel('Your message').fill(text);
  await form.getByLabel('Contact (optional)').fill('telegram @demo01');
  await send.click();
  await expect(
    form.getByRole('status').filter({ hasText: 'Thank you! Your feedback was sent.' }),
  ).toBeVisible();
  const mine = page.getByRole('region', { name: 'My feedback' });
  await expect(mine.getByText(text)).toBeVisible();
  await expect(mine.getByText('Waiting for a reply').first()).toBeVisible();

  // The operator lists it and answers.
  const line = ops('content', 'feedback', 'list')
    .split('\n')
    .find((l) => l.includes(text.slice(0, 40)));
  const id = /^#(\d+)/.exec(line ?? '')?.[1];
  expect(id, 'the feedback in ops content feedback list').toBeTruthy();
  expect(line).toContain('demo01');
  expect(
    ops('content', 'feedback', 'reply', id!, 'Paid out this morning, please check your card.'),
  ).toContain(`feedback #${id} answered`);
  await page.reload();
  const item = page
    .getByRole('region', { name: 'My feedback' })
    .getByRole('listitem')
    .filter({ hasText: text });
  await expect(item.getByText('Answered')).toBeVisible();
  await expect(item.getByText('Paid out this morning, please check your card.')).toBeVisible();

  // The server's own refusal (too many in a minute) is shown on the form and nothing is written.
  const counts = await page.evaluate(async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch('/wps/feedback', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Module-Id': 'FBK',
          Authorization: `Bearer ${sessionStorage.getItem('token')}`,
        },
        body: JSON.stringify({ questionType: 'other', content: 'A message long enough to pass.' }),
      });
      statuses.push(res.status);
    }
    return statuses;
  });
  expect(counts).toEqual([200, 200, 429]);
  await form.getByLabel('Question type').selectOption({ label: 'Other' });
  await form.getByLabel('Your message').fill('One more message that is long enough.');
  await send.click();
  await expect(form.getByRole('alert').filter({ hasText: 'Too many messages in a minute' })).toBeVisible();
});

test('the help centre finds articles as you type, in titles and bodies, with an empty state', async ({
  page,
}) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search the help centre' });
  await search.fill('receipt');
  // "receipt" is only in bodies: two deposit articles and the withdrawal confirmation.
  const results = page.getByRole('region', { name: /Results for “receipt”/ });
  await expect(results.getByRole('heading', { name: 'Results for “receipt”: 3' })).toBeVisible();
  await expect(results.getByRole('link', { name: /My deposit has not arrived/ })).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText(/receipt/i);
  await search.fill('forgot password');
  await expect(page.getByRole('heading', { name: 'Results for “forgot password”: 1' })).toBeVisible();
  await page
    .getByRole('region', { name: /Results for/ })
    .getByRole('link', { name: /I forgot my password/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'I forgot my password' })).toBeVisible();
  await expect(page).toHaveURL(/article=/);

  await search.fill('zzqx nothing');
  await expect(page.getByText('Nothing matches “zzqx nothing”.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: "Didn't find an answer? Send us feedback" }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();

  // In Burmese too (the reader's language).
  await page.evaluate(() => localStorage.setItem('lang', 'MY'));
  await page.goto('/helpmc');
  await page.getByRole('searchbox').fill('ငွေသွင်း');
  await expect(page.getByRole('region').getByRole('link').first()).toBeVisible();
});

test('the blog lists posts and opens an article; the footer links there', async ({ page }) => {
  await page.goto('/index');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const posts = page.getByRole('main').getByRole('listitem');
  await expect(posts).toHaveCount(3);
  await page.getByRole('link', { name: 'Five habits for playing responsibly' }).click();
  await expect(page).toHaveURL(/\/blog\/play-responsibly$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Five habits for playing responsibly' }),
  ).toBeVisible();
  await expect(page.getByRole('article').getByRole('link', { name: 'help centre' })).toHaveAttribute(
    'href',
    '/help',
  );
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await page.goto('/blog/no-such-post');
  await expect(page.getByText('This article does not exist or was removed')).toBeVisible();
});

test('join us shows the agent programme and stores a guest’s application for the operator', async ({
  page,
}) => {
  await asNewClient(page);
  await page.goto('/join');
  await expect(page.getByRole('heading', { level: 1, name: 'Join us' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What agents earn' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily wages' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Apply to become an agent' });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Enter your name (up to 60 characters)')).toBeVisible();
  const name = `Ko Content ${Date.now()}`;
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Phone, e-mail or Telegram').fill('+95 9 555 0101');
  await form.getByLabel('About you (optional)').fill('I run a football club with 40 members.');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Thank you! We will contact you within one working day.')).toBeVisible();
  expect(ops('content', 'join', 'list')).toContain(`${name} <+95 9 555 0101>`);
});

test('/down shows the downloads and the iOS and lite install tutorials with QR codes of the site', async ({
  page,
}) => {
  await page.goto('/down?platform=lite');
  await expect(page.getByRole('heading', { level: 1, name: 'App download' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Install guides' })).toBeVisible();
  const ios = page.getByRole('article', { name: 'iPhone and iPad' });
  const lite = page.getByRole('article', { name: 'Lite version (Android and other phones)' });
  await expect(ios.getByRole('listitem')).toHaveCount(4);
  await expect(lite.getByRole('listitem')).toHaveCount(3);
  await expect(ios.getByText('Tap the Share button at the bottom of the screen.')).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(ios.getByRole('img', { name: `QR code of ${origin}/down?platform=ios` })).toBeVisible();
  await expect(lite.getByRole('img', { name: `QR code of ${origin}/down?platform=lite` })).toBeVisible();
  // ?platform=lite puts the lite tutorial first.
  const titles = await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
  expect(titles[0]).toBe('Lite version (Android and other phones)');
  await noSidewaysScroll(page);
});

test('an IP blocked by the operator sees the IP-blocked page; unblocking restores the site', async ({
  page,
}) => {
  const ip = await asNewClient(page);
  try {
    ops('region', 'block', ip);
    for (const path of ['/index', '/blog', '/feedback']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Access restricted' }), path).toBeVisible();
      await expect(page.getByText('Access from your network address is blocked.')).toBeVisible();
    }
    await expectAccessible(page, 'IP-blocked page');
    const res = await page.request.get('/wps/feedback/setting', { headers: { 'x-forwarded-for': ip } });
    expect(res.status()).toBe(403);
  } finally {
    opsQuiet('region', 'unblock', ip);
  }
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
});

test('every page of the part has no serious or critical axe finding, light and dark, at 360 px too', async ({
  page,
}) => {
  // Eight pages in two themes, axe on each (about 1.5 s a run on this machine).
  test.setTimeout(180_000);
  await signIn(page, DEMO01);
  const pages: [string, string][] = [
    ['/help', 'Help centre'],
    ['/helpmc', 'Help centre'],
    ['/down', 'App download'],
    ['/join', 'Join us'],
    ['/blog', 'Blog'],
    ['/blog/check-a-lottery-draw', 'How to check a lottery draw yourself'],
    ['/guide', 'Beginner guide'],
    ['/feedback', 'Feedback'],
  ];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // Loaded: no loading line left (the signed-in page keeps its live stream open: no network idle).
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      await expectAccessible(page, `${path} ${theme}`);
    }
  }
  // The feedback form with its errors showing, and the help search's results.
  await page.goto('/feedback');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Please write your message')).toBeVisible();
  await expectAccessible(page, 'feedback errors dark');
  await page.goto('/help');
  await page.getByRole('searchbox').fill('deposit');
  await expect(page.getByRole('heading', { name: /Results for “deposit”/ })).toBeVisible();
  await expectAccessible(page, 'help search dark');

  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    await noSidewaysScroll(page);
  }
});

test('the beginner guide walks through the four steps with links to the real pages', async ({ page }) => {
  await page.goto('/guide');
  const steps = page.getByRole('main').getByRole('list').first().getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Browse games' })).toHaveAttribute('href', '/rng');
  // A guest is asked to sign in for the money steps.
  await expect(page.getByRole('button', { name: 'Sign in first' })).toHaveCount(2);
  await signIn(page, DEMO01);
  await page.goto('/guide');
  await steps.filter({ hasText: 'Make a deposit' }).getByRole('link', { name: 'Deposit' }).click();
  await expect(page.getByRole('dialog', { name: 'Member centre' })).toBeVisible();
});

test('the profile shows the Zalo bonus hint (spec §9)', async ({ page }) => {
  await signIn(page, DEMO01);
  await page.goto('/index?panel=personal&page=securityCenter');
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await expect(centre.getByText('Bind your Zalo and get a bonus of up to 131K')).toBeVisible();
});

test.describe('installable site (PWA)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the manifest is valid, its icons load, the theme colours are set', async ({ page, request }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/index', display: 'standalone', scope: '/' });
    expect(manifest.name.length).toBeGreaterThan(0);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.headers()['content-type']).toBe('image/png');
      const body = await png.body();
      // The PNG header's width and height are the declared size.
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([body.readUInt32BE(16), body.readUInt32BE(20)], icon.src).toEqual([w, h]);
    }
    await page.goto('/index');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
    // The strict CSP allows the worker and the manifest from this origin.
    const csp = (await request.get('/index')).headers()['content-security-policy'] ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const sw = await request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  test('the service worker registers, serves the offline page offline, and leaves API calls to the network', async ({
    page,
    context,
  }) => {
    await page.goto('/index');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Controlled once it has claimed the page (a reload makes sure).
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Online: an API answer comes from the network, never from the worker.
    const [status] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/wps/blog')),
      page.goto('/blog'),
    ]);
    expect(status.fromServiceWorker()).toBe(false);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => /^\/(wps|lgw|lotto|vendor|ops|dev|studio|img)\b/.test(u))).toEqual([]);
    // No page document is stored (they may carry per-request state).
    expect(cached.filter((u) => ['/index', '/blog', '/rng', '/lottery'].includes(u))).toEqual([]);

    await context.setOffline(true);
    try {
      await page.goto('/feedback');
      await expect(page.getByRole('heading', { level: 1, name: 'အင်တာနက် ချိတ်ဆက်မှု မရှိပါ' })).toBeVisible();
      await expect(page.getByText('You are offline. Try again when you are back online.')).toBeVisible();
      // An API call offline fails: no stored answer stands in for it.
      const api = await page.evaluate(async () => {
        try {
          await fetch('/wps/feedback/setting', { headers: { 'X-Module-Id': 'FBK' } });
          return 'answered';
        } catch {
          return 'failed';
        }
      });
      expect(api).toBe('failed');
      await expectAccessible(page, 'offline page');
    } finally {
      await context.setOffline(false);
    }
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });
});
