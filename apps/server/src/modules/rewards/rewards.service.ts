import { randomUUID } from 'node:crypto';
import {
  LEADERBOARD_SIZE,
  PAGE_SIZE_DEFAULT,
  REWARD_TRANSACTION_TYPES,
  catalogueFor,
  type LanguageCode,
  type LocalizedText,
  type MissionPeriod,
  type ParsedRequestOf,
  type ResponseOf,
  type Reward,
  type RewardSource,
  type RewardStatus,
  type rewardEndpoints,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { ModuleDeps } from '../../lib/module.ts';
import { once } from '../ledger/idempotency.ts';
import { memberAccount, post, systemAccount } from '../ledger/ledger.ts';
import { addNotice, type MoneyTx } from '../ledger/money-tx.ts';
import type { SessionMember } from '../session/session.service.ts';
import { listEnvelopes, openEnvelope, unopenedCount } from './envelopes.ts';
import { memberMissions, rewardMissions, syncMemberMissions } from './missions.ts';
import { missionPeriod } from './periods.ts';
import {
  activeRule,
  ensureReferralCode,
  friends,
  maskAccount,
  qualifyFriends,
  referralTotals,
} from './referral.ts';

type E = typeof rewardEndpoints;
type In<K extends keyof E> = ParsedRequestOf<E[K]>;
type Out<K extends keyof E> = ResponseOf<E[K]>;

export type RewardMember = Pick<SessionMember, 'id' | 'account' | 'merchantId'>;

/** The one answer for an id that is not one of my rewards or envelopes (another member's, unknown). */
export const rewardNotFound = () => new AppError('NOT_FOUND', 'rewards.errors.not_found');

/** Operator grants: a title of at most this many characters, an expiry of at most this many days. */
export const GRANT_TITLE_MAX = 200;
export const GRANT_DAYS_MAX = 3650;

interface RewardRow {
  id: string;
  source: RewardSource;
  status: RewardStatus;
  amount: string;
  title: string | null;
  expires_at: Date | null;
  created_at: Date;
  claimed_at: Date | null;
  period_start: Date | null;
  names: LocalizedText | null;
  period: MissionPeriod | null;
  friend: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** A claimable reward past its expiry is expired, whether or not the job has marked it yet. */
const statusAt = (status: RewardStatus, expiresAt: Date | null, now: Date): RewardStatus =>
  status === 'claimable' && expiresAt !== null && new Date(expiresAt) <= now ? 'expired' : status;

const REWARD_SELECT = `select r.id::text as id, r.source, r.status, r.amount::text as amount, r.title, r.expires_at,
    r.created_at, r.claimed_at, r.period_start, m.names, m.period, f.account as friend
  from rewards r left join missions m on m.id = r.mission_id left join members f on f.id = r.friend_id`;
/** $1 member, $2 now. */
const CLAIMABLE = `r.status = 'claimable' and (r.expires_at is null or r.expires_at > $2)`;

function rewardOut(r: RewardRow, now: Date): Reward {
  return {
    id: Number(r.id),
    source: r.source,
    status: statusAt(r.status, r.expires_at, now),
    amount: Number(r.amount),
    title: r.source === 'grant' ? r.title : null,
    mission:
      r.source === 'mission' && r.names && r.period && r.period_start
        ? { names: r.names, period: r.period, periodStart: iso(r.period_start) }
        : null,
    friend: r.source === 'referral' && r.friend ? maskAccount(r.friend) : null,
    expiresAt: isoOrNull(r.expires_at),
    createdAt: iso(r.created_at),
    claimedAt: isoOrNull(r.claimed_at),
  };
}

function paging(q: { page?: number | undefined; pageSize?: number | undefined }) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

export interface PassResult {
  /** Another instance held the job's lock: this pass did nothing. */
  skipped: boolean;
  expired: number;
  missionRewards: number;
  referralRewards: number;
}

/** The reward centre, invitations, missions, the leaderboard and red envelopes (issue 9). */
export function createRewardsService(deps: Pick<ModuleDeps, 'db' | 'money' | 'now'>) {
  const { db, money } = deps;

  /** What the claim says in the account record and bonus details (`reason`), in the member's language. */
  async function claimReason(tx: MoneyTx, r: RewardRow, memberId: string): Promise<string | null> {
    if (r.source === 'grant') return r.title;
    if (r.source === 'referral') return r.friend ? maskAccount(r.friend) : null;
    const [m] = await tx.query<{ language: LanguageCode }>('select language from members where id = $1', [
      memberId,
    ]);
    return r.names ? r.names[catalogueFor(m?.language ?? 'EN')] : null;
  }

  /** Missions reached and friends qualified since the last look: the member sees them at once. */
  async function refresh(member: RewardMember, now: Date): Promise<void> {
    await syncMemberMissions({ db, money }, member, now);
    await money((tx) => qualifyFriends(tx, now, member.id));
  }

  return {
    // ───────────── rewards ─────────────

    async list(member: RewardMember, q: In<'rewardList'>): Promise<Out<'rewardList'>> {
      const now = deps.now();
      const p = paging(q);
      const history = q.view === 'history';
      // Opening the claimable list gives what is due now (a mission reached, a friend qualified).
      if (!history && p.page === 1) await refresh(member, now);
      const where = history ? `r.member_id = $1 and not (${CLAIMABLE})` : `r.member_id = $1 and ${CLAIMABLE}`;
      const order = history
        ? 'coalesce(r.claimed_at, r.expires_at, r.created_at) desc, r.id desc'
        : 'r.expires_at asc nulls last, r.id desc';
      const [rows, [sums]] = await Promise.all([
        db.query<RewardRow>(`${REWARD_SELECT} where ${where} order by ${order} limit $3 offset $4`, [
          member.id,
          now,
          p.limit,
          p.offset,
        ]),
        db.query<{ total: string; claimable: string }>(
          `select count(*) filter (where ${where})::text as total,
                  coalesce(sum(r.amount) filter (where ${CLAIMABLE}), 0)::text as claimable
             from rewards r where r.member_id = $1`,
          [member.id, now],
        ),
      ]);
      return {
        items: rows.map((r) => rewardOut(r, now)),
        page: p.page,
        pageSize: p.pageSize,
        total: Number(sums?.total ?? 0),
        claimableAmount: Number(sums?.claimable ?? 0),
      };
    },

    /**
     * Pays one of my rewards into my main wallet, once: the reward row is locked and must still
     * be claimable; the same key repeats the first answer (concurrent claims of one reward with
     * other keys get 409 already_claimed). A refusal writes nothing (the key's claim rolls back).
     */
    async claim(member: RewardMember, input: In<'rewardClaim'>): Promise<Out<'rewardClaim'>> {
      return once(
        money,
        { memberId: member.id, key: input.key, scope: 'rewardClaim', body: { rewardId: input.rewardId } },
        async (tx) => {
          const now = deps.now();
          const [r] = await tx.query<RewardRow>(
            `${REWARD_SELECT} where r.id = $1 and r.member_id = $2 for update of r`,
            [input.rewardId, member.id],
          );
          if (!r) throw rewardNotFound();
          if (r.status === 'claimed') throw new AppError('CONFLICT', 'rewards.errors.already_claimed');
          if (statusAt(r.status, r.expires_at, now) === 'expired')
            throw new AppError('CONFLICT', 'rewards.errors.expired');
          const amount = Number(r.amount);
          const type = REWARD_TRANSACTION_TYPES[r.source];
          const main = await memberAccount(tx, member.id);
          const reason = await claimReason(tx, r, member.id);
          const posted = await post(tx, {
            type,
            memberId: member.id,
            ref: `reward:${r.id}`,
            memo: { rewardId: Number(r.id), source: r.source, ...(reason ? { reason } : {}) },
            legs: [
              { account: await systemAccount(tx, member.merchantId, 'BONUS'), amount: -amount },
              { account: main, amount },
            ],
          });
          await tx.query(
            `update rewards set status = 'claimed', claimed_at = $2, transfer_id = $3 where id = $1`,
            [r.id, now, posted.transferId],
          );
          tx.balanceChanged(member.id);
          return {
            rewardId: Number(r.id),
            amount,
            type,
            transferId: String(posted.transferId),
            balance: posted.balances.get(main.id) ?? 0,
          };
        },
      );
    },

    /**
     * The badges, read only (opening the centre writes nothing): a mission reached in its current
     * period counts at once, before the job or the missions page has written its reward.
     */
    async summary(member: RewardMember): Promise<Out<'rewardSummary'>> {
      const now = deps.now();
      const [missions, [row], envelopes] = await Promise.all([
        memberMissions(db, member, now),
        db.query<{ claimable: string; amount: string; missions: string }>(
          `select count(*)::text as claimable, coalesce(sum(r.amount), 0)::text as amount,
                  count(*) filter (where r.source = 'mission')::text as missions
             from rewards r where r.member_id = $1 and ${CLAIMABLE}`,
          [member.id, now],
        ),
        unopenedCount(db, member.id),
      ]);
      const reached = missions.filter((m) => m.reward_id === null && BigInt(m.progress) >= BigInt(m.target));
      return {
        claimable: Number(row?.claimable ?? 0) + reached.length,
        claimableAmount: Number(row?.amount ?? 0) + reached.reduce((sum, m) => sum + Number(m.reward), 0),
        missions: Number(row?.missions ?? 0) + reached.length,
        envelopes,
      };
    },

    /** An operator's grant (`ops rewards grant`): a claimable reward and a reward_available notice. */
    async grant(g: {
      memberId: string;
      merchantId: number;
      amount: number;
      title: string;
      days: number | null;
    }): Promise<{ id: number; expiresAt: string | null }> {
      const now = deps.now();
      const expiresAt = g.days === null ? null : new Date(now.getTime() + g.days * 86_400_000);
      return money(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          `insert into rewards (merchant_id, member_id, source, source_key, amount, title, expires_at, created_at)
           values ($1, $2, 'grant', $3, $4, $5, $6, $7) returning id::text as id`,
          [g.merchantId, g.memberId, `grant:${randomUUID()}`, g.amount, g.title, expiresAt, now],
        );
        const id = Number(row!.id);
        await addNotice(tx, g.memberId, 'reward_available', {
          name: g.title,
          amount: g.amount,
          rewardId: id,
        });
        return { id, expiresAt: isoOrNull(expiresAt) };
      });
    },

    // ───────────── referral ─────────────

    async referralInfo(member: RewardMember, origin: string): Promise<Out<'referralInfo'>> {
      const now = deps.now();
      const code = await ensureReferralCode(db, member, now);
      await money((tx) => qualifyFriends(tx, now, member.id));
      const [rule, totals] = await Promise.all([
        activeRule(db, member.merchantId),
        referralTotals(db, member.id, now),
      ]);
      return {
        code,
        url: `${origin}/register?referralCode=${encodeURIComponent(code)}`,
        rule,
        ...totals,
      };
    },

    async referralFriends(member: RewardMember, q: In<'referralFriends'>): Promise<Out<'referralFriends'>> {
      const now = deps.now();
      await money((tx) => qualifyFriends(tx, now, member.id));
      const p = paging(q);
      const r = await friends(db, member.id, now, p);
      return { items: r.rows, page: p.page, pageSize: p.pageSize, total: r.total };
    },

    // ───────────── missions ─────────────

    async missions(member: RewardMember): Promise<Out<'missionList'>> {
      const now = deps.now();
      const rows = await syncMemberMissions({ db, money }, member, now);
      return {
        items: rows.map((m) => {
          const period = missionPeriod(m.period, now);
          const target = Number(m.target);
          return {
            id: Number(m.id),
            code: m.code,
            names: m.names,
            period: m.period,
            metric: m.metric,
            vertical: m.vertical as Out<'missionList'>['items'][number]['vertical'],
            target,
            progress: Math.min(Number(m.progress), target),
            reward: Number(m.reward),
            points: m.points,
            status:
              m.reward_status === null ? 'in_progress' : statusAt(m.reward_status, m.reward_expires_at, now),
            rewardId:
              m.reward_id !== null &&
              statusAt(m.reward_status ?? 'claimed', m.reward_expires_at, now) === 'claimable'
                ? Number(m.reward_id)
                : null,
            periodStart: iso(period.start),
            periodEnd: iso(period.end),
          };
        }),
      };
    },

    /** This week's top members by the points of the missions they completed, and my own rank. */
    async leaderboard(member: RewardMember): Promise<Out<'missionLeaderboard'>> {
      const week = missionPeriod('weekly', deps.now());
      const rows = await db.query<{
        member_id: string;
        account: string;
        points: number;
        missions: number;
        rank: string;
        pos: string;
      }>(
        `with week as (
           select member_id, sum(points)::int as points, count(*)::int as missions, max(created_at) as last_at
             from rewards
            where merchant_id = $1 and source = 'mission' and period_start >= $2 and period_start < $3
            group by member_id
         ), ranked as (
           select w.*, rank() over (order by points desc) as rank,
                  row_number() over (order by points desc, missions desc, last_at, member_id) as pos
             from week w where points > 0
         )
         select r.member_id::text as member_id, m.account, r.points, r.missions, r.rank::text as rank,
                r.pos::text as pos
           from ranked r join members m on m.id = r.member_id
          where r.pos <= $4 or r.member_id = $5
          order by r.pos`,
        [member.merchantId, week.start, week.end, LEADERBOARD_SIZE, member.id],
      );
      const mine = rows.find((r) => r.member_id === member.id);
      return {
        weekStart: iso(week.start),
        weekEnd: iso(week.end),
        items: rows
          .filter((r) => Number(r.pos) <= LEADERBOARD_SIZE)
          .map((r) => ({
            rank: Number(r.rank),
            account: maskAccount(r.account),
            points: r.points,
            missions: r.missions,
            me: r.member_id === member.id,
          })),
        me: mine
          ? { rank: Number(mine.rank), points: mine.points, missions: mine.missions }
          : { rank: null, points: 0, missions: 0 },
      };
    },

    // ───────────── red envelopes ─────────────

    async envelopes(member: RewardMember, q: In<'redEnvelopeList'>): Promise<Out<'redEnvelopeList'>> {
      const p = paging(q);
      const r = await listEnvelopes(db, member.id, p);
      return { ...r, page: p.page, pageSize: p.pageSize };
    },

    async openEnvelope(member: RewardMember, input: In<'redEnvelopeOpen'>): Promise<Out<'redEnvelopeOpen'>> {
      const opened = await openEnvelope(db, member.id, input.id, deps.now());
      if (!opened) throw rewardNotFound();
      return opened;
    },

    // ───────────── the job ─────────────

    /**
     * One pass of the rewards job: claimable rewards past their expiry are marked expired,
     * missions reached in the current or the previous period are rewarded, friends who
     * qualified are rewarded. Under a transaction-scoped advisory lock, so with several instances
     * one pass runs at a time; every step is idempotent (a second pass finds nothing to do).
     */
    async pass(): Promise<PassResult> {
      const now = deps.now();
      return money(async (tx) => {
        const [lock] = await tx.query<{ ok: boolean }>(
          `select pg_try_advisory_xact_lock(hashtext('rewards-job:' || current_schema())) as ok`,
        );
        if (!lock?.ok) return { skipped: true, expired: 0, missionRewards: 0, referralRewards: 0 };
        const expired = await tx.query(
          `update rewards set status = 'expired' where status = 'claimable' and expires_at <= $1 returning 1`,
          [now],
        );
        const missionRewards = await rewardMissions(tx, now);
        const referralRewards = await qualifyFriends(tx, now, null);
        return { skipped: false, expired: expired.length, missionRewards, referralRewards };
      });
    },
  };
}
export type RewardsService = ReturnType<typeof createRewardsService>;
