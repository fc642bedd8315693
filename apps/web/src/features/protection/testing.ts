/** Test answers for the protection calls, each checked by the real contract schema (tests only). */
import { act, screen, within } from '@testing-library/react';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  protectionSession,
  protectionSettings,
  walletBalance,
  type Limit,
  type ProtectionSettings,
  type SessionInfo,
} from '@app/contracts';
import { useUiStore } from '@/lib/ui-store';
import { balanceFixture } from '@/features/wallet/testing';
import { loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

/** Nine rows (kind × period), none set, unless `rows` says otherwise. */
export function settingsFixture(
  rows: Partial<Limit>[] = [],
  overrides: Partial<ProtectionSettings> = {},
): ProtectionSettings {
  const limits = LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      return { kind, period, amount: null, used: 0, pending: null, ...row };
    }),
  );
  return protectionSettings.response.parse({
    limits,
    sessionLimit: { minutes: null, pending: null },
    realityCheckMinutes: null,
    depositLimitPrompt: false,
    trial: false,
    ...overrides,
  });
}

export function sessionFixture(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return protectionSession.response.parse({
    startedAt: '2026-11-27T10:00:00.000Z',
    serverTime: '2026-11-27T10:00:00.000Z',
    netResult: 0,
    previousLogin: null,
    realityCheckMinutes: null,
    endsAt: null,
    ...overrides,
  });
}

/** Signed in as demo01 with the given protection answers. */
export function protectionHandlers(
  settings: () => ProtectionSettings = () => settingsFixture(),
  extra: Record<string, Handler> = {},
): Record<string, Handler> {
  return {
    ...loggedInHandlers({ hasPaymentPassword: true }),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [protectionSettings.path]: () => ok(protectionSettings, settings()),
    ...extra,
  };
}

/** Opens the personal centre on the Responsible gaming page and waits for its heading. */
export async function openProtectionPage(handlers: Record<string, Handler>) {
  const app = renderApp('/index', handlers);
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel('personal', 'protection'));
  const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
  await within(panel).findByRole('heading', { name: 'Responsible gaming', level: 2 }, { timeout: 5_000 });
  return { ...app, panel };
}

/** The JSON bodies sent to `path`. */
export const bodiesOf = (calls: { url: URL; init: RequestInit | undefined }[], path: string) =>
  calls
    .filter((c) => c.url.pathname === path && c.init?.method !== 'GET')
    .map((c) => JSON.parse(String(c.init?.body ?? '{}')) as Record<string, unknown>);
