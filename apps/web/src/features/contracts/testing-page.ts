/** Opens a contract page of the agent centre in the whole app against mocked calls (tests only). */
import {
  agentContractInfo,
  agentContracts,
  agentDownlines,
  dailySalaryRecords,
  realtimeSalaryRecords,
  walletBalance,
} from '@app/contracts';
import { balanceFixture } from '@/features/wallet/testing';
import { openCentrePage } from '@/testing/centre';
import { loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { contractsPage, downlineFixture, downlinesPage, infoFixture, settlementsPage } from './testing';

export async function openPage(
  handlers: Record<string, Handler> = {},
  page = 'agentDailyWages2',
  title = 'Daily salary',
) {
  return openCentrePage('agent', page, title, {
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
}
