import type { FriendStatus, ReferralRule, RewardStatus } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { randomAffiliateCode } from '../agents/team.ts';
import { addNotice, type MoneyTx } from '../ledger/money-tx.ts';

/**
 * Invitations (issue 9; spec §3 referralCode "from URL query"). Every real member has a referral
 * code; its link `<origin>/register?referralCode=<code>` opens the register form, which sends the
 * code, and registration keeps it in members.referral_code. A friend is a member whose
 * referral_code names my code. The merchant's rule (referral_rules) turns a friend's succeeded
 * deposit of at least min_deposit into one claimable reward for me — once per friend (the unique
 * index rewards_referral_friend), whether the job or my opening the page finds it first.
 *
 * A friend who registered from my own network (my registration address or one I signed in from)
 * is ineligible: inviting oneself earns nothing. Agents' invitation links (issue 8, affiliateCode)
 * are another thing and are not touched here.
 */

/** ab***12: the first two and the last two characters (shorter accounts keep only the first). */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

/** The merchant's active rule, or null. */
export async function activeRule(q: Queryable, merchantId: number): Promise<ReferralRule | null> {
  const [r] = await q.query<{ min_deposit: string; reward: string; claim_days: number | null }>(
    `select min_deposit::text as min_deposit, reward::text as reward, claim_days
       from referral_rules where merchant_id = $1 and active`,
    [merchantId],
  );
  return r ? { minDeposit: Number(r.min_deposit), reward: Number(r.reward), claimDays: r.claim_days } : null;
}

/** My referral code, made on first use (8 characters from node:crypto, unique in the merchant). */
export async function ensureReferralCode(
  q: Queryable,
  member: { id: string; merchantId: number },
  now: Date,
): Promise<string> {
  const find = async () =>
    (await q.query<{ code: string }>('select code from referral_codes where member_id = $1', [member.id]))[0]
      ?.code;
  const existing = await find();
  if (existing) return existing;
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await q.query<{ code: string }>(
      `insert into referral_codes (member_id, merchant_id, code, created_at) values ($1, $2, $3, $4)
       on conflict do nothing returning code`,
      [member.id, member.merchantId, randomAffiliateCode(8), now],
    );
    if (row) return row.code;
    // Another call made my code first, or the random code was taken: read, else try another.
    const made = await find();
    if (made) return made;
  }
  throw new Error('no free referral code after 8 tries');
}

/** SQL: the friend `f` registered from the inviter `inv`'s own network (never null). */
const SAME_NETWORK = `coalesce(f.register_ip = inv.register_ip
  or exists (select 1 from known_ips k where k.member_id = inv.id and k.ip = f.register_ip), false)`;

/**
 * Gives the reward of every friend who qualifies and has none yet — of one inviter (page open) or
 * of everyone (the job) — with a referral_reward notice to the inviter. Answers how many.
 */
export async function qualifyFriends(tx: MoneyTx, now: Date, inviterId: string | null): Promise<number> {
  const rows = await tx.query<{ member_id: string; friend: string; amount: string; id: string }>(
    `with q as (
       select f.id as friend_id, f.account as friend, rc.member_id as inviter_id, rc.merchant_id, rule.reward,
              rule.claim_days
         from members f
         join referral_codes rc on rc.merchant_id = f.merchant_id and rc.code = upper(f.referral_code)
         join referral_rules rule on rule.merchant_id = f.merchant_id and rule.active
         join members inv on inv.id = rc.member_id
        where f.referral_code is not null and f.type <> 4 and f.id <> rc.member_id
          and ($2::bigint is null or rc.member_id = $2::bigint)
          and not ${SAME_NETWORK}
          and not exists (select 1 from rewards r where r.source = 'referral' and r.friend_id = f.id)
          and exists (select 1 from deposits d where d.member_id = f.id and d.status = 'succeeded'
                         and coalesce(d.credited, d.amount) >= rule.min_deposit)
     )
     insert into rewards (merchant_id, member_id, source, source_key, amount, friend_id, expires_at, created_at)
     select merchant_id, inviter_id, 'referral', 'referral:' || friend_id, reward, friend_id,
            case when claim_days is null then null else $1::timestamptz + make_interval(days => claim_days) end, $1
       from q
     on conflict do nothing
     returning id::text as id, member_id::text as member_id,
               (select account from members where id = friend_id) as friend, amount::text as amount`,
    [now, inviterId],
  );
  for (const r of rows) {
    await addNotice(tx, r.member_id, 'referral_reward', {
      friend: maskAccount(r.friend),
      amount: Number(r.amount),
      rewardId: Number(r.id),
    });
  }
  return rows.length;
}

export interface FriendRow {
  account: string;
  registeredAt: string;
  status: FriendStatus;
  reward: number | null;
  rewardStatus: RewardStatus | null;
}

/** The members who registered with my code, newest first, with whether they qualified. */
export async function friends(
  q: Queryable,
  inviterId: string,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: FriendRow[]; total: number }> {
  const joins = `from referral_codes rc
    join members inv on inv.id = rc.member_id
    join members f on f.merchant_id = rc.merchant_id and upper(f.referral_code) = rc.code`;
  const where = `where rc.member_id = $1 and f.referral_code is not null and f.id <> rc.member_id and f.type <> 4`;
  const [rows, [count]] = await Promise.all([
    q.query<{
      account: string;
      created_at: Date;
      amount: string | null;
      status: RewardStatus | null;
      expires_at: Date | null;
      same_network: boolean;
    }>(
      `select f.account, f.created_at, r.amount::text as amount, r.status, r.expires_at,
              ${SAME_NETWORK} as same_network
         ${joins}
         left join rewards r on r.source = 'referral' and r.friend_id = f.id and r.member_id = rc.member_id
        ${where}
        order by f.created_at desc, f.id desc limit $2 offset $3`,
      [inviterId, page.limit, page.offset],
    ),
    q.query<{ c: string }>(`select count(*)::text as c ${joins} ${where}`, [inviterId]),
  ]);
  return {
    total: Number(count?.c ?? 0),
    rows: rows.map((r) => ({
      account: maskAccount(r.account),
      registeredAt: new Date(r.created_at).toISOString(),
      status: r.amount !== null ? 'qualified' : r.same_network ? 'ineligible' : 'pending',
      reward: r.amount === null ? null : Number(r.amount),
      rewardStatus:
        r.status === null
          ? null
          : r.status === 'claimable' && r.expires_at && new Date(r.expires_at) <= now
            ? 'expired'
            : r.status,
    })),
  };
}

/** What my invitations brought: friends, those who qualified, rewards claimed and waiting. */
export async function referralTotals(
  q: Queryable,
  inviterId: string,
  now: Date,
): Promise<{ invited: number; qualified: number; earned: number; claimable: number }> {
  const [row] = await q.query<{ invited: string; qualified: string; earned: string; claimable: string }>(
    `select (select count(*) from referral_codes rc
               join members f on f.merchant_id = rc.merchant_id and upper(f.referral_code) = rc.code
              where rc.member_id = $1 and f.referral_code is not null and f.id <> rc.member_id and f.type <> 4
            )::text as invited,
            count(*)::text as qualified,
            coalesce(sum(amount) filter (where status = 'claimed'), 0)::text as earned,
            coalesce(sum(amount) filter (where status = 'claimable' and (expires_at is null or expires_at > $2)), 0)::text
              as claimable
       from rewards where member_id = $1 and source = 'referral'`,
    [inviterId, now],
  );
  return {
    invited: Number(row?.invited ?? 0),
    qualified: Number(row?.qualified ?? 0),
    earned: Number(row?.earned ?? 0),
    claimable: Number(row?.claimable ?? 0),
  };
}
