import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { asNewClient, expectLoggedIn, logIn } from '../support/accounts.ts';
import { expectInert, opsOverLoopback, xssCorpus } from '../support/announcements.ts';
import { expectAccessible } from '../support/axe.ts';
import { mainBalance, openCentrePage, readHeaderBalance } from '../support/money.ts';
import { noSidewaysScroll } from '../support/lottery.ts';
import { E2E_PORT } from '../support/env.ts';
import { ops } from '../support/ops.ts';

// Issue 9, "Done when" (promotions): demo01 applies for a promotion with two images (a real PNG
// and a real JPEG, drawn on a canvas in the test), the operator approves the application with the
// ops command, demo01 claims the bonus: the main balance grows by exactly the bonus and the
// account record lists it as a promotion bonus. Also: stored-XSS payloads saved as promotion
// content through the ops command run nothing, and axe finds nothing serious on /promotions,
// /promoDetail and the claim hall, light and dark. Screenshots into /tmp/shots/promotions-*.png.
test.describe.configure({ mode: 'serial' });

const DEMO = { account: 'demo01', password: 'Demo2026!' };
const PLAYER = { account: 'player01', password: 'Player2026!' };
const SHOTS = '/tmp/shots';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
});

async function signIn(page: Page, who: { account: string; password: string }) {
  await asNewClient(page);
  await page.goto('/index');
  await logIn(page, who.account, who.password);
  await expectLoggedIn(page, who.account);
}

/** A new activity through the operator's command line; its id. */
function createActivity(code: string, ...settings: string[]): number {
  const out = ops('promo', 'create', code, ...settings);
  const id = /created activity #(\d+)/.exec(out)?.[1];
  if (!id) throw new Error(`no activity id in: ${out}`);
  return Number(id);
}

/** A real image file of `type`, drawn on a canvas by the browser (so its bytes are a real encoder's). */
async function canvasImage(
  page: Page,
  type: 'image/png' | 'image/jpeg',
  w: number,
  h: number,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ type, w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, w, h);
      grad.addColorStop(0, '#1e3a8a');
      grad.addColorStop(1, '#f5b50a');
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#fff';
      g.font = '24px sans-serif';
      g.fillText('e2e screenshot', 12, 40);
      const url = canvas.toDataURL(type, 0.9);
      return url.slice(url.indexOf(',') + 1);
    },
    { type, w, h },
  );
  return Buffer.from(base64, 'base64');
}

test('issue 9: apply with two images, the operator approves, the bonus is claimed once into the main wallet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const code = `E2EAPP${Date.now().toString(36).toUpperCase()}`;
  const id = createActivity(
    code,
    'download',
    'title=E2E app reward',
    'summary=Send us two screenshots',
    'bonus=88.00',
    'approval=on',
  );

  await signIn(page, DEMO);
  await page.goto(`/promoDetail?id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E app reward' })).toBeVisible();
  const action = page.getByRole('region', { name: 'Take part' });
  await expect(action).toContainText('Send an application: our team reviews it.');

  const form = action.getByRole('form', { name: 'Application' });
  await form.getByRole('textbox', { name: 'Comment' }).fill('Installed on my phone, two screenshots.');
  const png = await canvasImage(page, 'image/png', 320, 200);
  const jpg = await canvasImage(page, 'image/jpeg', 300, 180);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(jpg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  await form.getByLabel('Images').setInputFiles([
    { name: 'home.png', mimeType: 'image/png', buffer: png },
    { name: 'signed-in.jpg', mimeType: 'image/jpeg', buffer: jpg },
  ]);
  await expect(form.getByRole('list', { name: 'Chosen images' }).getByRole('img')).toHaveCount(2);
  await expectAccessible(page, 'the application form, two images chosen');
  await page.screenshot({ path: `${SHOTS}/promotions-apply-1280.png`, fullPage: true });
  await form.getByRole('button', { name: 'Send application' }).click();

  await expect(action).toContainText('Your application is being reviewed.');
  const sent = page.getByRole('list', { name: 'Images you sent' });
  await expect(sent.getByRole('img', { name: 'Image 1 you sent' })).toHaveJSProperty('complete', true);
  await expect(sent.getByRole('img')).toHaveCount(2);
  // The images came back re-encoded, to their member only: decoded by the browser at their size.
  expect(
    await sent
      .getByRole('img', { name: 'Image 1 you sent' })
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(320);
  expect(
    await sent
      .getByRole('img', { name: 'Image 2 you sent' })
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(300);

  // The operator approves it from the command line (another process).
  const waiting = ops('promo', 'applications', code);
  const entry =
    /#(\d+) \S+ demo01 amount 88\.00 .* images \d+,\d+ comment "Installed on my phone, two screenshots\."/.exec(
      waiting,
    )?.[1];
  expect(entry, waiting).toBeTruthy();
  expect(ops('promo', 'approve', entry!)).toContain('approved: 88.00 ready to claim');

  await page.reload();
  await expect(action).toContainText('Your bonus is ready.');
  await expect(page.getByText('Issued', { exact: true })).toBeVisible();
  const before = await mainBalance(page);
  const headerBefore = await readHeaderBalance(page);
  await action.getByRole('button', { name: 'Claim MMK 88.00' }).click();
  await expect(action.getByRole('status')).toHaveText('MMK 88.00 is in your main wallet.');
  await expect(action).toContainText('You claimed MMK 88.00.');
  expect(await mainBalance(page)).toBe(before + 8_800);
  await expect.poll(() => readHeaderBalance(page)).toBe(headerBefore + 8_800);
  await page.screenshot({ path: `${SHOTS}/promotions-claimed-1280.png`, fullPage: true });

  // Once: a second claim of the same entry pays nothing.
  const again = await page.evaluate(async (entryId) => {
    const res = await fetch('/wps/promo/claim', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Module-Id': 'PRO',
        Authorization: `Bearer ${sessionStorage.getItem('token')}`,
      },
      body: JSON.stringify({ entryId: Number(entryId), key: crypto.randomUUID() }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }, entry!);
  expect(again).toEqual({
    status: 409,
    body: expect.objectContaining({ message: 'promotions.errors.already_claimed' }),
  });
  expect(await mainBalance(page)).toBe(before + 8_800);

  // The account record lists it as a promotion bonus.
  const centre = await openCentrePage(page, DEMO.account, 'Account record');
  await centre.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Promotion bonus' });
  const table = centre.getByRole('table', { name: 'Movements' });
  await expect(table.getByRole('row').nth(1)).toContainText('Promotion bonus');
  await expect(table.getByRole('row').nth(1)).toContainText('88.00');
});

test('stored XSS: payloads saved as promotion content through the ops command run nothing', async ({
  page,
}) => {
  const code = `E2EXSS${Date.now().toString(36).toUpperCase()}`;
  const id = createActivity(code, 'gaming', 'title=E2E content check', 'bonus=1.00');
  const payloads = [
    '<p>Read the rules.</p>',
    '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
    '<a href="javascript:window.__xss=(window.__xss||0)+1">click me</a>',
    '<a href="JaVaScRiPt&colon;window.__xss=1">also me</a>',
    '<svg onload="window.__xss=(window.__xss||0)+1"><circle r="4"/></svg>',
    '<iframe srcdoc="<script>parent.__xss=(parent.__xss||0)+1</script>"></iframe>',
    '<script>window.__xss=(window.__xss||0)+1</script>',
    '<details open ontoggle="window.__xss=(window.__xss||0)+1">x</details>',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  ];
  const saved = ops('promo', 'content', String(id), 'EN', payloads.join(''));
  expect(saved).toContain('markup that is not allowed was removed');

  // Anything that tries to run is seen: dialogs, CSP refusals, the flag the payloads set.
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.sample}`),
    );
  });
  await page.goto(`/promoDetail?id=${id}`);
  const content = page.getByRole('region', { name: 'About this activity' });
  await expect(content.getByText('Read the rules.')).toBeVisible();
  // The javascript: link lost its address on the server: clicking its text goes nowhere.
  await content.getByText('click me').click();
  await page.waitForTimeout(500);
  const found = await content.evaluate((el) => ({
    dangerous: el.querySelectorAll('script, iframe, svg, math, style, [onerror], [onload], [ontoggle]')
      .length,
    scriptLinks: [...el.querySelectorAll('a')].filter((a) =>
      /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
    ).length,
    xss: (window as unknown as { __xss?: number }).__xss ?? 0,
    csp: (window as unknown as { __csp: string[] }).__csp,
  }));
  expect(found).toEqual({ dangerous: 0, scriptLinks: 0, xss: 0, csp: [] });
  expect(dialogs).toEqual([]);

  // The client does not rely on the server: the same payloads, unsanitised in the answer (as if
  // the database held them), are stripped by DOMPurify before they reach the page.
  await page.route('**/wps/promo/activity?*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { value: { content: string } };
    body.value.content = payloads.join('');
    await route.fulfill({ response: res, json: body });
  });
  await page.reload();
  await expect(content.getByText('Read the rules.')).toBeVisible();
  await content.getByText('click me').click();
  await page.waitForTimeout(500);
  const raw = await content.evaluate((el) => ({
    dangerous: el.querySelectorAll('script, iframe, svg, math, style, [onerror], [onload], [ontoggle]')
      .length,
    scriptLinks: [...el.querySelectorAll('a')].filter((a) =>
      /javascript:/i.test(a.getAttribute('href') ?? ''),
    ).length,
    xss: (window as unknown as { __xss?: number }).__xss ?? 0,
  }));
  // (Chrome reports CSP refusals here: DOMPurify parses the raw HTML in an inert DOMParser
  // document, where the browser refuses to compile the handlers and styles. Nothing runs.)
  expect(raw).toEqual({ dangerous: 0, scriptLinks: 0, xss: 0 });
  expect(dialogs).toEqual([]);
});

test("stored XSS: the whole corpus (wapiti's payloads and ours) as promotion content runs nothing", async ({
  browser,
}) => {
  const corpus = xssCorpus();
  expect(corpus.length).toBeGreaterThan(100);
  const code = `E2EXSSC${Date.now().toString(36).toUpperCase()}`;
  const id = createActivity(code, 'gaming', 'title=E2E corpus check', 'bonus=1.00');
  // Each payload saved on its own through the real save path (a payload like an unclosed
  // <textarea> takes in everything after it, in the browser as on the server), then what the
  // server kept of all of them saved again as one page: every payload is on the rendered page.
  const kept: string[] = [];
  for (const [i, p] of corpus.entries()) {
    await opsOverLoopback('promo', 'content', String(id), 'EN', `<p>Payload ${i + 1}.</p>${p}`);
    const res = await fetch(`http://127.0.0.1:${E2E_PORT}/wps/promo/activity?id=${id}&language=EN`);
    kept.push(((await res.json()) as { value: { content: string } }).value.content);
  }
  expect(kept.filter((k, i) => !k.includes(`Payload ${i + 1}.`))).toEqual([]);
  await opsOverLoopback('promo', 'content', String(id), 'EN', kept.join('\n'));

  // The site's own CSP stays on: a script it had to block is counted as a failure too.
  const context = await browser.newContext();
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
    w.__csp = [];
    const hit = () => {
      w.__xss = Number(w.__xss) + 1;
    };
    window.alert = hit;
    window.confirm = () => (hit(), false);
    window.prompt = () => (hit(), null);
    document.addEventListener('securitypolicyviolation', (e) => {
      if (/^script-src/.test(e.effectiveDirective))
        (w.__csp as string[]).push(`${e.effectiveDirective} ${e.sample}`);
    });
  });
  // Payloads load scripts from elsewhere (wapiti's host) or here: either would count.
  await page.route(/wapiti3\.ovh|xss-probe\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__xss = (window.__xss || 0) + 1;' }),
  );
  await asNewClient(page);
  await page.goto(`/promoDetail?id=${id}`);
  const content = page.getByRole('region', { name: 'About this activity' });
  await expect(content.getByText(`Payload ${corpus.length}.`)).toBeVisible();
  // A moment for timers and late-loading images' handlers; no link may lead to script (below).
  await page.waitForTimeout(1_000);
  await expectInert(content);
  const found = await page.evaluate(() => {
    const w = window as unknown as { __xss: number; __csp: string[] };
    return { scripts: w.__xss, csp: w.__csp };
  });
  expect(found).toEqual({ scripts: 0, csp: [] });
  expect(dialogs).toBe(0);
  await context.close();
});

test('axe: no serious or critical findings on /promotions, /promoDetail and the claim hall, light and dark', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, PLAYER);
  const list = await page.evaluate(async () => {
    const res = await fetch('/wps/promo/activities?language=EN&pageSize=50');
    return ((await res.json()) as { value: { items: { id: number; code: string }[] } }).value.items;
  });
  const slots = list.find((c) => c.code === 'SLOTSDAILY')!.id;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((theme) => localStorage.setItem('theme', theme), theme);
    await page.goto('/promotions');
    await expect(page.getByRole('list', { name: 'Activities' }).getByRole('article').first()).toBeVisible();
    await expectAccessible(page, `/promotions ${theme}`);
    await page.goto(`/promoDetail?id=${slots}`);
    await expect(page.getByRole('region', { name: 'My progress' })).toBeVisible();
    await expectAccessible(page, `/promoDetail ${theme}`);
    await page.goto('/promotions?view=claims');
    await expect(page.getByRole('list', { name: 'Bonuses ready to claim' })).toBeVisible();
    await expectAccessible(page, `claim hall ${theme}`);
    await page.screenshot({ path: `${SHOTS}/promotions-claims-${theme}-1280.png`, fullPage: true });
  }
  // player01's approved application: issued, with its claim button.
  const app = list.find((c) => c.code === 'APPSHARE')!.id;
  await page.goto(`/promoDetail?id=${app}`);
  await expect(page.getByRole('button', { name: 'Claim MMK 88.00' })).toBeVisible();
  await expectAccessible(page, '/promoDetail issued (dark)');

  // A phone, in Burmese (the default language): nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => localStorage.setItem('lang', 'MY'));
  const ready: [string, () => ReturnType<Page['getByRole']>][] = [
    ['/promotions', () => page.getByRole('article').first()],
    [`/promoDetail?id=${slots}`, () => page.getByRole('progressbar').first()],
    [`/promoDetail?id=${app}`, () => page.getByRole('region').first()],
    ['/promotions?view=claims', () => page.getByRole('listitem').getByRole('button').first()],
  ];
  for (const [path, shown] of ready) {
    await page.goto(path);
    await expect(shown()).toBeVisible();
    await noSidewaysScroll(page);
    await expectAccessible(page, `${path} at 360 px, MY, dark`);
  }
  await page.screenshot({ path: `${SHOTS}/promotions-claims-360-my-dark.png`, fullPage: true });
});
