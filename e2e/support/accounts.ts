import { expect, type Page } from '@playwright/test';

/** Each test presents its own client address (the e2e server trusts loopback as a proxy). */
let next = 1;
export async function asNewClient(page: Page): Promise<string> {
  const ip = `198.18.${Math.floor(next / 250)}.${(next % 250) + 1}`;
  next += 1;
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
