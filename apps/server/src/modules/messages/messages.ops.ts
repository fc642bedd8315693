import { MAIN_WALLET, parseMajor, formatMinor } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { memberAccount, post, systemAccount } from '../ledger/ledger.ts';
import { addNotice } from '../ledger/money-tx.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const MESSAGES_OPS_USAGE = `  mail <account> <title> <body…>      send a mail to a member's inbox (platform information)
  bonus <account> <amount> [reason…]  credit a bonus to the main wallet, amount in major units (12.34)`;

async function findMember(deps: MoneyOpsDeps, account: string | undefined) {
  if (!account) throw new AppError('BAD_REQUEST', 'a member account is needed');
  const [m] = await deps.db.query<{ id: string; merchant_id: number }>(
    'select id, merchant_id from members where account = $1',
    [account.toLowerCase()],
  );
  if (!m) throw new AppError('NOT_FOUND', `no member "${account}"`);
  return m;
}

/** The ops commands of this module: mail, bonus. */
export async function messagesOps(
  deps: MoneyOpsDeps,
  command: string,
  args: readonly string[],
): Promise<OpsResult> {
  if (command === 'mail') {
    const [account, title, ...rest] = args;
    const body = rest.join(' ').trim();
    if (!title?.trim() || !body) throw new AppError('BAD_REQUEST', 'mail needs: <account> <title> <body…>');
    if (title.length > 200 || body.length > 5000)
      throw new AppError('BAD_REQUEST', 'mail title is limited to 200 characters, the body to 5000');
    const m = await findMember(deps, account);
    await deps.money(async (tx) => addNotice(tx, m.id, 'mail', {}, { title: title.trim(), body }));
    return { message: `mail sent to ${account}` };
  }
  if (command === 'bonus') {
    const [account, rawAmount, ...rest] = args;
    const amount = rawAmount ? parseMajor(rawAmount) : null;
    if (amount === null)
      throw new AppError(
        'BAD_REQUEST',
        'bonus needs: <account> <amount in major units, e.g. 12.34> [reason…]',
      );
    const m = await findMember(deps, account);
    const reason = rest.join(' ').trim().slice(0, 200) || null;
    const balance = await deps.money(async (tx) => {
      const main = await memberAccount(tx, m.id, MAIN_WALLET);
      const posted = await post(tx, {
        type: 'bonus',
        memberId: m.id,
        ref: 'ops:bonus',
        memo: reason ? { reason } : {},
        legs: [
          { account: await systemAccount(tx, m.merchant_id, 'BONUS'), amount: -amount },
          { account: main, amount },
        ],
      });
      tx.balanceChanged(m.id);
      return posted.balances.get(main.id) ?? 0;
    });
    return {
      message: `bonus ${formatMinor(amount)} credited to ${account}; main balance ${formatMinor(balance)}`,
    };
  }
  throw new AppError('BAD_REQUEST', `unknown command "${command}"`);
}
