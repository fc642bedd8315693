import { formatMinor } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import { decideC2c, decideDeposit, decideWithdrawal, type Decided } from './cashier.decisions.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const CASHIER_OPS_USAGE = `  deposit list                        open deposits (pending bank transfers and gateway payments)
  deposit approve|reject <id>         credit a pending deposit (notice: deposit arrived) or fail it
                                      (notice: deposit failed); a decided deposit is left as it is
  withdrawal list                     open withdrawals (pending, and C2C-matched ones)
  withdrawal approve|reject <id>      pay out a pending withdrawal, or return the held amount to the
                                      member's main wallet; a decided one is left as it is
  c2c list                            C2C payouts awaiting confirmation or disputed
  c2c resolve <withdrawalId> received|not_received
                                      decide a disputed payout: received credits the depositor and
                                      returns the guarantee; not_received returns the withdrawal and
                                      forfeits the guarantee`;

const usage = (command: string) =>
  new AppError(
    'BAD_REQUEST',
    command === 'c2c'
      ? 'c2c needs: list, or resolve <withdrawalId> received|not_received'
      : `${command} needs: list, approve <id> or reject <id>`,
  );

function idArg(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw new AppError('BAD_REQUEST', `"${raw ?? ''}" is not an id`);
  return Number(raw);
}

const mmk = (v: string | number) => formatMinor(Number(v));
const when = (d: Date | string | null) => (d ? new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z') : '-');

function outcome<T>(what: string, id: number, r: Decided<T>, done: string): OpsResult {
  if (!r.changed) throw new AppError('CONFLICT', `${what} ${id}: ${r.reason}; nothing posted`);
  return { message: `${what} ${id} ${done}` };
}

/** The ops commands of this module: deposit, withdrawal and c2c. */
export async function cashierOps(
  deps: MoneyOpsDeps,
  command: string,
  args: readonly string[],
): Promise<OpsResult> {
  const [action, arg, arg2] = args;
  const { db, money } = deps;

  if (command === 'deposit') {
    if (action === 'list') {
      const rows = await db.query<{
        id: string;
        account: string;
        channel: string;
        amount: string;
        status: string;
        created_at: Date;
      }>(
        `select d.id, m.account, d.channel, d.amount, d.status, d.created_at from deposits d join members m on m.id = d.member_id
          where d.status in ('pending', 'disputed') order by d.id limit 200`,
      );
      if (rows.length === 0) return { message: 'no open deposits' };
      return {
        message: rows
          .map(
            (r) =>
              `#${r.id}  ${r.account}  ${r.channel}  ${mmk(r.amount)}  ${r.status}  ${when(r.created_at)}`,
          )
          .join('\n'),
      };
    }
    if (action === 'approve' || action === 'reject') {
      const id = idArg(arg);
      const r = await money((tx) =>
        decideDeposit(tx, id, action === 'approve' ? 'succeeded' : 'failed', deps.now(), {
          channels: ['BANK', 'INSTANT'],
          by: 'operator',
        }),
      );
      return outcome('deposit', id, r, action === 'approve' ? `credited ${mmk(r.value.amount)}` : 'failed');
    }
    throw usage(command);
  }

  if (command === 'withdrawal') {
    if (action === 'list') {
      const rows = await db.query<{
        id: string;
        account: string;
        amount: string;
        status: string;
        bank_name: string;
        account_name: string;
        account_number: string;
        created_at: Date;
      }>(
        `select w.id, m.account, w.amount, w.status, w.bank_name, w.account_name, w.account_number, w.created_at
           from withdrawals w join members m on m.id = w.member_id
          where w.status in ('pending', 'matched') order by w.id limit 200`,
      );
      if (rows.length === 0) return { message: 'no open withdrawals' };
      return {
        message: rows
          .map(
            (r) =>
              `#${r.id}  ${r.account}  ${mmk(r.amount)}  ${r.status}  ${r.bank_name} ${r.account_number} (${r.account_name})  ${when(r.created_at)}`,
          )
          .join('\n'),
      };
    }
    if (action === 'approve' || action === 'reject') {
      const id = idArg(arg);
      const r = await money((tx) =>
        decideWithdrawal(tx, id, action === 'approve' ? 'approved' : 'rejected', deps.now()),
      );
      return outcome(
        'withdrawal',
        id,
        r,
        action === 'approve'
          ? `approved (${mmk(r.value.amount)} paid out)`
          : `rejected (${mmk(r.value.amount)} returned)`,
      );
    }
    throw usage(command);
  }

  if (command === 'c2c') {
    if (action === 'list') {
      const rows = await db.query<{
        id: string;
        account: string;
        depositor: string;
        amount: string;
        disputed: boolean;
        matched_at: Date;
        proofs: string;
      }>(
        `select w.id, m.account, dm.account as depositor, w.amount, w.disputed, w.matched_at,
                (select count(*) from c2c_proofs p where p.withdrawal_id = w.id) as proofs
           from withdrawals w join members m on m.id = w.member_id
           join deposits d on d.id = w.deposit_id join members dm on dm.id = d.member_id
          where w.status = 'matched' order by w.disputed desc, w.id limit 200`,
      );
      if (rows.length === 0) return { message: 'no C2C payouts open' };
      return {
        message: rows
          .map(
            (r) =>
              `#${r.id}  ${r.account} <- ${r.depositor}  ${mmk(r.amount)}  ${r.disputed ? `DISPUTED (${r.proofs} proof images)` : 'awaiting confirmation'}  matched ${when(r.matched_at)}`,
          )
          .join('\n'),
      };
    }
    if (action === 'resolve') {
      const id = idArg(arg);
      if (arg2 !== 'received' && arg2 !== 'not_received') throw usage(command);
      const r = await money((tx) =>
        decideC2c(
          tx,
          id,
          { kind: arg2 === 'received' ? 'operator_received' : 'operator_not_received' },
          deps.now(),
          'disputed',
        ),
      );
      return outcome(
        'c2c withdrawal',
        id,
        r,
        arg2 === 'received'
          ? 'resolved as received: depositor credited, guarantee returned'
          : 'resolved as not received: withdrawal returned, deposit failed, guarantee forfeited',
      );
    }
    throw usage(command);
  }
  throw usage(command);
}
