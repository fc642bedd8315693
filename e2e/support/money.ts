import { expect, type Locator, type Page } from '@playwright/test';
import { openMemberCentre } from './accounts.ts';

/**
 * Money helpers shared by the money specs (issue 4). Balances are read as integer minor units
 * and compared relative to before: several specs move the same demo accounts' money.
 */

/** "1,234.50" (anywhere in the text) → 123450 minor units. */
export function minorIn(text: string): number {
  const m = /(-?)([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no amount in ${JSON.stringify(text)}`);
  const minor = Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]);
  return m[1] === '-' ? -minor : minor;
}

/** The header balance group and its two buttons (spec §2 Header). */
export function headerBalance(page: Page) {
  const group = page.getByRole('banner').getByRole('group', { name: 'Balance' });
  return {
    group,
    refresh: group.getByRole('button', { name: 'Refresh balance' }),
    hide: group.getByRole('button', { name: 'Hide balance' }),
  };
}

/** The header's sumBalance in minor units, once it is shown (not updating, not hidden). */
export async function readHeaderBalance(page: Page): Promise<number> {
  const { refresh } = headerBalance(page);
  // Read and check the same text: it may turn to "Updating…" between a check and a second read.
  let text = '';
  await expect.poll(async () => /\d\.\d{2}$/.test((text = (await refresh.textContent()) ?? ''))).toBe(true);
  return minorIn(text);
}

/** Opens a page of the member centre by its menu label (e.g. "Wallet", "Transfer to upline"). */
export async function openCentrePage(page: Page, account: string, label: string): Promise<Locator> {
  const centre = await openMemberCentre(page, account);
  await expect(centre).toBeVisible();
  await centre.getByRole('navigation').getByRole('button', { name: label, exact: true }).click();
  await expect(centre.getByRole('heading', { name: label, exact: true })).toBeVisible();
  return centre;
}

/** On the wallet page: the balance of one wallet card ("Main wallet", "PG Soft" …). */
export async function walletBalanceOf(centre: Locator, name: string): Promise<number> {
  const card = centre.getByRole('list', { name: 'Wallets' }).getByRole('listitem', { name, exact: true });
  let text = '';
  await expect.poll(async () => /\d\.\d{2}/.test((text = (await card.textContent()) ?? ''))).toBe(true);
  return minorIn(text);
}

/**
 * A GET of the site's API from inside the page with the page's own session (token from session
 * storage), answering the envelope's value. For checks the UI does not show on the same screen.
 */
export async function apiValue<T>(page: Page, path: string, moduleId: string): Promise<T> {
  const body = await page.evaluate(
    async ({ path, moduleId }) => {
      const token = sessionStorage.getItem('token');
      const res = await fetch(path, {
        headers: { Accept: 'application/json', 'X-Module-Id': moduleId, Authorization: `Bearer ${token}` },
      });
      return (await res.json()) as { success: boolean; value?: unknown; message?: string };
    },
    { path, moduleId },
  );
  if (!body.success) throw new Error(`${path}: ${body.message ?? 'failed'}`);
  return body.value as T;
}

/** The main wallet's balance in minor units, read from the server. */
export async function mainBalance(page: Page): Promise<number> {
  const v = await apiValue<{ wallets: { code: string; balance: number }[] }>(
    page,
    '/wps/v2/wallets/balance',
    'WAL',
  );
  return v.wallets.find((w) => w.code === 'MAIN')?.balance ?? 0;
}

/** The inbox's notices of one kind (spec §4: deposit_arrived, withdrawal_approved …), newest first. */
export async function noticesOf(page: Page, kind: string): Promise<{ params: Record<string, unknown> }[]> {
  const v = await apiValue<{ items: { kind: string; params: Record<string, unknown> }[] }>(
    page,
    '/wps/member/messages?pageSize=50',
    'MEM',
  );
  return v.items.filter((m) => m.kind === kind);
}
