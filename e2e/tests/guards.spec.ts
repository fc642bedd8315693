import { expect, test } from '@playwright/test';
import { ops, opsQuiet } from '../support/ops.ts';

// Guards run before any page renders (spec §2). State is switched with the operator command line
// against the running server, exactly as an operator would.
const paths = ['/index', '/lottery', '/helpmc', '/register', '/rng?page=2', '/no-such-page'];

test.describe.configure({ mode: 'serial' });

test.afterEach(() => {
  opsQuiet('maintenance', 'off');
  opsQuiet('region', 'unblock', '127.0.0.1');
  opsQuiet('flag', 'loginRequired', 'off');
});

test('maintenance on shows the maintenance page on every path; off restores them', async ({ page }) => {
  ops('maintenance', 'on');
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'စနစ် ပြုပြင်ထိန်းသိမ်းနေသည်' }), path).toBeVisible();
  }
  // The server enforces it too: a guarded call answers 503 MAINTENANCE.
  const res = await page.request.get('/wps/system/countries');
  expect(res.status()).toBe(503);
  expect(await res.json()).toMatchObject({ success: false, code: 'MAINTENANCE' });

  ops('maintenance', 'off');
  await page.goto('/index');
  await expect(page.getByRole('heading', { level: 1, name: /မှ ကြိုဆိုပါသည်/ })).toBeVisible();
  await page.goto('/lottery');
  await expect(page.getByRole('heading', { level: 1, name: 'ထီ' })).toBeVisible();
});

test('the operator’s maintenance note is shown as written', async ({ page }) => {
  ops('maintenance', 'on', 'Back at 14:00 UTC');
  await page.goto('/sports');
  await expect(page.getByRole('heading', { level: 1, name: 'စနစ် ပြုပြင်ထိန်းသိမ်းနေသည်' })).toBeVisible();
  await expect(page.getByText('Back at 14:00 UTC')).toBeVisible();
});

test('a blocked region shows the restricted page on every path; unblock restores them', async ({ page }) => {
  ops('region', 'block', '127.0.0.1');
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'ဝင်ရောက်ခွင့် ကန့်သတ်ထားသည်' }), path).toBeVisible();
  }
  const res = await page.request.get('/wps/system/countries');
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ success: false, code: 'REGION_RESTRICTED' });

  ops('region', 'unblock', '127.0.0.1');
  await page.goto('/index');
  await expect(page.getByRole('heading', { level: 1, name: /မှ ကြိုဆိုပါသည်/ })).toBeVisible();
});

test('a brand that requires login sends every path but the spec’s exceptions to /login', async ({ page }) => {
  ops('flag', 'loginRequired', 'on');
  await page.goto('/index');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/promotions');
  await expect(page).toHaveURL(/\/login$/);
  for (const path of ['/register', '/register.html', '/helpmc', '/download']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace('.', '\\.')}$`));
  }
  ops('flag', 'loginRequired', 'off');
  await page.goto('/promotions');
  await expect(page).toHaveURL(/\/promotions$/);
});
