import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './env.ts';

/**
 * Announcements helpers (issue 9). `announce(...)` is `npm run ops -- announce …` the way the CLI
 * sends it to the running server (POST /ops/announce on loopback with the token of
 * DATA_DIR/ops.json): the real publish path, without starting a process per call.
 */
export async function announce(...args: string[]): Promise<string> {
  return opsOverLoopback('announce', ...args);
}

/** Any ops command the way the CLI sends it to the running server (fast: no process per call). */
export async function opsOverLoopback(command: string, ...args: string[]): Promise<string> {
  const { token } = JSON.parse(readFileSync(join(E2E_DATA_DIR, 'ops.json'), 'utf8')) as { token: string };
  const res = await fetch(`http://127.0.0.1:${E2E_PORT}/ops/${command}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ args }),
  });
  const body = (await res.json()) as { success: boolean; value?: { message: string }; message?: string };
  if (!res.ok || !body.success)
    throw new Error(`${command} ${args[0]} refused: ${body.message ?? res.status}`);
  return body.value!.message;
}

/** The ops route takes 20 arguments of up to 1000 characters: longer content goes in pieces (+=). */
const PIECE = 900;

/** Publishes one announcement in English; returns its id. */
export async function publish(
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H',
  title: string,
  html: string,
  extra: string[] = [],
): Promise<number> {
  const pieces: string[] = [];
  for (let i = 0; i < html.length; i += PIECE) pieces.push(html.slice(i, i + PIECE));
  const args = [
    'publish',
    type,
    `EN.title=${title}`,
    ...pieces.map((p, i) => `EN.content${i === 0 ? '' : '+'}=${p}`),
    ...extra,
  ];
  if (args.length > 20) throw new Error(`content too long for the ops route: ${html.length} characters`);
  const message = await announce(...args);
  return Number(/published #(\d+)/.exec(message)![1]);
}

export const withdraw = (id: number) => announce('withdraw', String(id));

/** The stored-XSS corpus (e2e/fixtures/xss-payloads.json): wapiti's payloads, then ours. */
export function xssCorpus(): string[] {
  const corpus = JSON.parse(
    readFileSync(join(import.meta.dirname, '../fixtures/xss-payloads.json'), 'utf8'),
  ) as {
    wapiti: string[];
    ours: string[];
  };
  return [...corpus.wapiti, ...corpus.ours];
}

/** The notice line's label by language (locales: notice.title). */
export const NOTICE_TITLE: Record<string, string> = { EN: 'Announcements', MY: 'ကြေညာချက်များ' };

/** The home page's notice line: one button that opens the notice modal. */
export function noticeLine(page: Page, lang = 'EN') {
  return page.getByRole('main').getByRole('button', { name: new RegExp(`^${NOTICE_TITLE[lang]}`) });
}

/** Opens the notice modal from the home page's notice line. */
export async function openNotices(page: Page) {
  await noticeLine(page).click();
  const dialog = page.getByRole('dialog', { name: 'Announcements' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Scrolls down the page a screen at a time, so every section that loads when near has loaded. */
export async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height + 800; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  // Not 'networkidle': a member's page keeps its live stream open.
  await page.waitForTimeout(500);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Nothing executable in what the sanitisers let through. */
export async function expectInert(scope: Locator) {
  const found = await scope.evaluate((root) => {
    const bad: string[] = [];
    for (const el of root.querySelectorAll(
      'script, iframe, frame, object, embed, svg, math, style, form, base, meta, link',
    ))
      bad.push(el.tagName);
    for (const el of root.querySelectorAll('*')) {
      for (const a of el.getAttributeNames())
        // (A style attribute is the carousel's own position; the contents' are removed, unit tests.)
        if (a.startsWith('on') || a === 'srcdoc' || a === 'formaction') bad.push(`${el.tagName}[${a}]`);
      const url = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
      if (/^\s*(javascript|vbscript|data):/i.test(url)) bad.push(`${el.tagName} ${url.slice(0, 40)}`);
    }
    return bad;
  });
  expect(found).toEqual([]);
}
