/** Opens a contract page of the agent centre in the whole app against mocked calls (tests only). */
import { act, screen, within } from '@testing-library/react';
import {
  agentContractInfo,
  agentContracts,
  agentDownlines,
  dailySalaryRecords,
  realtimeSalaryRecords,
  walletBalance,
} from '@app/contracts';
import { balanceFixture } from '@/features/wallet/testing';
import { useUiStore } from '@/lib/ui-store';
import { loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { contractsPage, downlineFixture, downlinesPage, infoFixture, settlementsPage } from './testing';

export async function openPage(
  handlers: Record<string, Handler> = {},
  page = 'agentDailyWages2',
  title = 'Daily salary',
) {
  const app = renderApp('/index', {
    ...loggedInHandlers(
      { type: 1, account: 'agent01' },
      { status: { flagsOn: ['salary', 'enableCt', 'hourSalary'] } },
    ),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [agentContractInfo.path]: () => ok(agentContractInfo, infoFixture()),
    [agentContracts.path]: () => ok(agentContracts, contractsPage([])),
    [agentDownlines.path]: () =>
      ok(
        agentDownlines,
        downlinesPage([
          downlineFixture({ id: 20, account: 'sub01' }),
          downlineFixture({ id: 21, account: 'player9', type: 3 }),
          downlineFixture({ id: 22, account: 'sub02', nickname: 'ကိုကို' }),
        ]),
      ),
    [dailySalaryRecords.path]: () => ok(dailySalaryRecords, settlementsPage([])),
    [realtimeSalaryRecords.path]: () => ok(realtimeSalaryRecords, settlementsPage([])),
    ...handlers,
  });
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel('agent', page));
  const panel = await screen.findByRole('dialog', { name: 'Agent centre' }, { timeout: 5_000 });
  await within(panel).findByRole('heading', { name: title, level: 2 }, { timeout: 5_000 });
  return { ...app, panel };
}
