import { formatMinor, parseMajor } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import { GRANT_DAYS_MAX, GRANT_TITLE_MAX, createRewardsService } from './rewards.service.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const REWARDS_OPS_USAGE = `  rewards grant <account> <amount> [days=N] <title…>   a claimable reward (amount in major units; expires after N days)
  rewards list <account>                  the member's rewards, newest first
  rewards referral-rule                   the invitation rule; set it with: referral-rule <minDeposit> <reward> [days]
  rewards referral-rule off               no invitation rewards from now on
  rewards missions                        the missions with their targets, rewards and state
  rewards mission <code> on|off           switch a mission on or off
  rewards run                             the rewards job once (expiry, missions, invitations)`;

const usage = (text: string) => new AppError('BAD_REQUEST', text);

async function findMember(deps: MoneyOpsDeps, account: string | undefined) {
  if (!account) throw usage('a member account is needed');
  const [m] = await deps.db.query<{ id: string; merchant_id: number; type: number }>(
    'select id::text as id, merchant_id, type from members where account = $1',
    [account.toLowerCase()],
  );
  if (!m) throw new AppError('NOT_FOUND', `no member "${account}"`);
  return m;
}

async function merchantId(deps: MoneyOpsDeps): Promise<number> {
  const [m] = await deps.db.query<{ id: number }>('select id from merchants order by id limit 1');
  if (!m) throw new AppError('NOT_FOUND', 'no merchant');
  return m.id;
}

const days = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= GRANT_DAYS_MAX))
    throw usage(`days must be a whole number from 1 to ${GRANT_DAYS_MAX}`);
  return n;
};

/** The operator commands of rewards (issue 9): run on the data directory or through a running server. */
export async function rewardOps(deps: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const rewards = createRewardsService(deps);
  const [command, ...rest] = args;
  switch (command) {
    case 'grant': {
      const [account, rawAmount, ...more] = rest;
      const amount = rawAmount ? parseMajor(rawAmount) : null;
      const dayArg = more[0]?.startsWith('days=') ? more.shift()!.slice(5) : undefined;
      const title = more.join(' ').trim();
      if (amount === null || !title)
        throw usage('grant needs: <account> <amount in major units, e.g. 12.34> [days=N] <title…>');
      if (title.length > GRANT_TITLE_MAX)
        throw usage(`the title is limited to ${GRANT_TITLE_MAX} characters`);
      const expiry = days(dayArg);
      const m = await findMember(deps, account);
      if (Number(m.type) === 4) throw usage('a trial account (type 4) cannot receive rewards');
      const r = await rewards.grant({
        memberId: m.id,
        merchantId: m.merchant_id,
        amount,
        title,
        days: expiry,
      });
      return {
        message: `reward #${r.id} of ${formatMinor(amount)} for ${account}: "${title}"${r.expiresAt ? `, claimable until ${r.expiresAt}` : ''}`,
      };
    }
    case 'list': {
      const m = await findMember(deps, rest[0]);
      const rows = await deps.db.query<{
        id: string;
        source: string;
        status: string;
        amount: string;
        title: string | null;
        code: string | null;
        expires_at: Date | null;
        created_at: Date;
      }>(
        `select r.id::text as id, r.source, r.status, r.amount::text as amount, r.title, mi.code, r.expires_at, r.created_at
           from rewards r left join missions mi on mi.id = r.mission_id
          where r.member_id = $1 order by r.id desc limit 100`,
        [m.id],
      );
      if (rows.length === 0) return { message: `no rewards for ${rest[0]}` };
      return {
        message: rows
          .map(
            (r) =>
              `#${r.id.padEnd(6)} ${r.source.padEnd(9)} ${r.status.padEnd(10)} ${formatMinor(Number(r.amount)).padStart(12)}  ${r.title ?? r.code ?? ''}  created ${new Date(r.created_at).toISOString()}${r.expires_at ? `  expires ${new Date(r.expires_at).toISOString()}` : ''}`,
          )
          .join('\n'),
      };
    }
    case 'referral-rule': {
      const merchant = await merchantId(deps);
      if (rest.length === 0) {
        const [r] = await deps.db.query<{
          min_deposit: string;
          reward: string;
          claim_days: number | null;
          active: boolean;
        }>(
          'select min_deposit::text as min_deposit, reward::text as reward, claim_days, active from referral_rules where merchant_id = $1',
          [merchant],
        );
        if (!r) return { message: 'no invitation rule' };
        return {
          message: `invitation rule ${r.active ? 'on' : 'off'}: a friend's succeeded deposit of at least ${formatMinor(Number(r.min_deposit))} gives the inviter ${formatMinor(Number(r.reward))}${r.claim_days ? `, claimable for ${r.claim_days} days` : ''}`,
        };
      }
      if (rest[0] === 'off') {
        await deps.db.query(
          'update referral_rules set active = false, updated_at = $2 where merchant_id = $1',
          [merchant, deps.now()],
        );
        return { message: 'invitation rule off' };
      }
      const minDeposit = rest[0] ? parseMajor(rest[0]) : null;
      const reward = rest[1] ? parseMajor(rest[1]) : null;
      if (minDeposit === null || reward === null || rest.length > 3)
        throw usage('referral-rule needs: <minDeposit> <reward> [days] (major units), or off');
      const claimDays = days(rest[2]);
      await deps.db.query(
        `insert into referral_rules (merchant_id, min_deposit, reward, claim_days, active, updated_at)
         values ($1, $2, $3, $4, true, $5)
         on conflict (merchant_id) do update set min_deposit = $2, reward = $3, claim_days = $4, active = true, updated_at = $5`,
        [merchant, minDeposit, reward, claimDays, deps.now()],
      );
      return {
        message: `invitation rule on: a friend's succeeded deposit of at least ${formatMinor(minDeposit)} gives the inviter ${formatMinor(reward)}${claimDays ? `, claimable for ${claimDays} days` : ''}`,
      };
    }
    case 'missions': {
      const rows = await deps.db.query<{
        code: string;
        period: string;
        metric: string;
        vertical: string | null;
        target: string;
        reward: string;
        points: number;
        active: boolean;
        name: string;
      }>(
        `select code, period, metric, vertical, target::text as target, reward::text as reward, points, active,
                names->>'EN' as name
           from missions order by period, sort, id`,
      );
      if (rows.length === 0) return { message: 'no missions' };
      return {
        message: rows
          .map((r) => {
            const amount = r.metric.endsWith('_amount');
            const target = amount ? formatMinor(Number(r.target)) : r.target;
            return `${r.code.padEnd(20)} ${r.period.padEnd(7)} ${(r.active ? 'on' : 'off').padEnd(4)} ${r.metric}${r.vertical ? `/${r.vertical}` : ''} ≥ ${target}  reward ${formatMinor(Number(r.reward))}  ${r.points} pts  ${r.name}`;
          })
          .join('\n'),
      };
    }
    case 'mission': {
      const [code, state] = rest;
      if (!code || (state !== 'on' && state !== 'off')) throw usage('mission needs: <code> on|off');
      const rows = await deps.db.query('update missions set active = $2 where code = $1 returning 1', [
        code.toUpperCase(),
        state === 'on',
      ]);
      if (rows.length === 0) throw new AppError('NOT_FOUND', `no mission "${code}" (see: rewards missions)`);
      return { message: `mission ${code.toUpperCase()} ${state}` };
    }
    case 'run': {
      const r = await rewards.pass();
      if (r.skipped) return { message: 'another instance is running the rewards job; nothing done' };
      return {
        message: `rewards job: ${r.missionRewards} mission rewards, ${r.referralRewards} invitation rewards given, ${r.expired} rewards expired`,
      };
    }
    default:
      throw usage(
        `rewards needs: grant, list, referral-rule, missions, mission or run\n${REWARDS_OPS_USAGE}`,
      );
  }
}
