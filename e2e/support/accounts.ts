import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './env.ts';

/**
 * Each test presents its own client address (the e2e server trusts loopback as a proxy). The
 * counter lives in the run's data folder (wiped at each run's start), not in this module: after a
 * failed test Playwright starts a new worker, and a counter in memory would start again at 1 and
 * hand out addresses the accounts already know (no new-IP step where a test expects one).
 */
const COUNTER = join(E2E_DATA_DIR, 'e2e-client-counter');
function nextClient(): number {
  const n = existsSync(COUNTER) ? Number(readFileSync(COUNTER, 'utf8')) || 1 : 1;
  writeFileSync(COUNTER, String(n + 1));
  return n;
}
export async function asNewClient(page: Page): Promise<string> {
  const next = nextClient();
  const ip = `198.18.${Math.floor(next / 250) % 256}.${(next % 250) + 1}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}

export function loginDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Log in' });
}

export async function openLogin(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function logIn(
  page: Page,
  username: string,
  password: string,
  opts: { remember?: boolean } = {},
) {
  const dialog = await openLogin(page);
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (opts.remember) await dialog.getByRole('checkbox', { name: 'Remember me' }).check();
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  return dialog;
}

export function accountMenu(page: Page, account: string) {
  return page.getByRole('button', { name: `Account menu ${account}` });
}

export async function expectLoggedIn(page: Page, account: string) {
  await expect(accountMenu(page, account)).toBeVisible();
}

/**
 * After a registration: the deposit-limit prompt of issue 10 opens for the new member; "Not now"
 * answers it (the protection spec sets a limit there instead). Then the member is logged in.
 */
export async function afterRegistration(page: Page, account: string) {
  const prompt = page.getByRole('dialog', { name: 'Set a deposit limit?' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
  await expectLoggedIn(page, account);
}

/** Opens the member centre from the account menu; answers the centre's dialog. */
export async function openMemberCentre(page: Page, account: string) {
  await accountMenu(page, account).click();
  await page
    .getByRole('menuitem', { name: 'Member centre' })
    .or(page.getByRole('button', { name: 'Member centre' }))
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Member centre' });
}

export async function signOut(page: Page, account: string) {
  await accountMenu(page, account).click();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .first()
    .click();
  const confirm = page.getByRole('dialog', { name: 'Sign out' });
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
}
