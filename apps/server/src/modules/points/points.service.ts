import {
  COMPLETE_LANGUAGES,
  MAIN_WALLET,
  PAGE_SIZE_DEFAULT,
  type CompleteLanguage,
  type LocalizedText,
  type ParsedRequestOf,
  type ResponseOf,
  type pointsEndpoints,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { JobLog } from '../../lib/interval-job.ts';
import { idempotencyConflict, once, requestHash, type KeyClaim } from '../ledger/idempotency.ts';
import { memberAccount, post, systemAccount } from '../ledger/ledger.ts';
import { addNotice, type MoneyRunner, type MoneyTx } from '../ledger/money-tx.ts';
import { verifyPaymentPassword } from '../ledger/payment-password.ts';
import type { PasswordLimits } from '../session/password-checks.ts';
import type { SessionMember } from '../session/session.service.ts';
import { accruePoints } from './accrual.ts';
import * as repo from './points.repository.ts';

/**
 * The point mall (issue 9): balance, goods, redemptions (applying → approved | rejected by the
 * operator), exchange records, points details, rules, conversion to cash. Points are integers on
 * points_accounts (never negative: every spend is a conditional update); money moves only through
 * the ledger (points_cash, from the merchant's BONUS account).
 *
 * Lock order, the same in every transaction: the member's points account, then the redemption,
 * then the good. A refused request changes nothing (its transaction rolls back, idempotency claim
 * included).
 */

export interface PointsServiceDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  passwordLimits: PasswordLimits;
  log: JobLog & { warn(obj: object, msg: string): void };
  /** The merchant a guest's call is about (the installation's one). */
  merchantId: () => Promise<number>;
}

type E = typeof pointsEndpoints;
type In<K extends keyof E> = ParsedRequestOf<E[K]>;
type Out<K extends keyof E> = ResponseOf<E[K]>;

export type PointsMember = Pick<SessionMember, 'id' | 'account' | 'type' | 'merchantId'>;
export interface CallContext {
  ip: string;
  userAgent?: string | undefined;
}

const refuse = (key: string, field?: string) =>
  new AppError('UNPROCESSABLE', key, field ? { [field]: key } : undefined);
export const unknownGoods = () => new AppError('NOT_FOUND', 'points.errors.unknown_goods');
export const insufficientPoints = () => refuse('points.errors.insufficient_points');
export const outOfStock = () => refuse('points.errors.out_of_stock', 'quantity');

function paging(q: { page?: number | undefined; pageSize?: number | undefined }) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** The name a notice shows: in the member's language (notice params are plain strings). */
export async function memberLanguage(q: { query: Db['query'] }, memberId: string): Promise<CompleteLanguage> {
  const [m] = await q.query<{ language: string }>('select language from members where id = $1', [memberId]);
  const lang = m?.language ?? 'MY';
  return (COMPLETE_LANGUAGES as readonly string[]).includes(lang) ? (lang as CompleteLanguage) : 'EN';
}

/**
 * The stored answer of a call already done with this key (a repeat answers it before any check
 * that the first call's own effect would now fail: its points are spent, its stock taken).
 */
async function replay<T>(db: Db, c: KeyClaim): Promise<T | undefined> {
  const [row] = await db.query<{ scope: string; request_hash: string; status: string; response: unknown }>(
    'select scope, request_hash, status, response from idempotency_keys where member_id = $1 and key = $2',
    [c.memberId, c.key],
  );
  if (!row) return undefined;
  if (row.scope !== c.scope || row.request_hash !== requestHash(c.scope, c.body)) throw idempotencyConflict();
  return row.status === 'done' ? (row.response as T) : undefined;
}

export interface Decision {
  record: ReturnType<typeof repo.recordOut>;
  /** Cash paid to the main wallet (a cash good approved), minor units. */
  paid: number;
}

/**
 * The operator's decision on a redemption waiting for it: approve (a cash good pays its amount
 * to the main wallet, points_cash) or reject (its points and stock come back). A redemption
 * decided already is refused (409) and nothing changes. Notice redeem_approved / redeem_rejected.
 */
export async function decideRedemption(
  deps: { money: MoneyRunner; now: Clock },
  id: string,
  decision: 'approved' | 'rejected',
  remark: string | null,
): Promise<Decision> {
  return deps.money(async (tx) => {
    const first = await repo.findRedemption(tx, id);
    if (!first) throw new AppError('NOT_FOUND', `no redemption ${id}`);
    await repo.account(tx, first.member_id, true);
    const r = await repo.findRedemption(tx, id, true);
    if (!r || r.status !== 'applying')
      throw new AppError('CONFLICT', `redemption ${id} is ${r?.status ?? 'gone'} already: nothing changed`);
    const at = deps.now();
    const points = Number(r.points);
    let paid = 0;
    let transferId: number | null = null;
    if (decision === 'approved') {
      await tx.query(
        'update points_accounts set pending = pending - $2, updated_at = $3 where member_id = $1',
        [r.member_id, points, at],
      );
      if (r.type === 'cash' && r.amount !== null) {
        paid = Number(r.amount);
        transferId = await payCash(tx, r, paid, `points:redemption:${r.id}`);
      }
    } else {
      const [acc] = await tx.query<{ balance: string }>(
        `update points_accounts set balance = balance + $2, pending = pending - $2, spent = spent - $2, updated_at = $3
          where member_id = $1 returning balance::text as balance`,
        [r.member_id, points, at],
      );
      if (r.goods_id !== null)
        await tx.query('update points_goods set stock = stock + $2 where id = $1', [r.goods_id, r.quantity]);
      await repo.insertEntry(tx, {
        memberId: r.member_id,
        category: 'redeem',
        kind: 'refund',
        points,
        balanceAfter: Number(acc!.balance),
        redemptionId: r.id,
        remark,
        at,
      });
    }
    const [row] = await tx.query<repo.RedemptionRow>(
      `update points_redemptions r set status = $2, decided_at = $3, remark = $4, transfer_id = $5
        where r.id = $1 returning ${repo.REDEMPTION_COLUMNS}`,
      [r.id, decision, at, remark, transferId],
    );
    const lang = await memberLanguage(tx, r.member_id);
    const name = r.item_name ? repo.localized(r.item_name)[lang] : '';
    await addNotice(
      tx,
      r.member_id,
      decision === 'approved' ? 'redeem_approved' : 'redeem_rejected',
      paid > 0 ? { name, amount: paid } : { name },
    );
    return { record: repo.recordOut(row!), paid };
  });
}

/** points_cash: the merchant's BONUS account pays `amount` to the member's main wallet. */
async function payCash(
  tx: MoneyTx,
  r: Pick<repo.RedemptionRow, 'id' | 'member_id' | 'merchant_id' | 'created_at'>,
  amount: number,
  ref: string,
) {
  const main = await memberAccount(tx, r.member_id, MAIN_WALLET);
  const posted = await post(tx, {
    type: 'points_cash',
    memberId: r.member_id,
    ref,
    memo: { redemptionId: r.id, transactionNo: repo.transactionNo(r.id, new Date(r.created_at)) },
    legs: [
      { account: await systemAccount(tx, r.merchant_id, 'BONUS'), amount: -amount },
      { account: main, amount },
    ],
  });
  tx.balanceChanged(r.member_id);
  return posted.transferId;
}

export function createPointsService(deps: PointsServiceDeps) {
  const { db } = deps;

  /** Counts what has settled for this member; a failure only delays it (the job counts it later). */
  async function accrue(memberId: string): Promise<void> {
    try {
      await accruePoints({ db, now: deps.now }, { memberId });
    } catch (err) {
      deps.log.warn({ err }, 'points accrual for a member failed');
    }
  }

  async function checkPassword(m: PointsMember, password: string, path: string, ctx: CallContext) {
    await verifyPaymentPassword(
      db,
      { memberId: m.id, password, ip: ctx.ip, userAgent: ctx.userAgent, path },
      deps.passwordLimits,
      deps.now(),
    );
  }

  async function goodsFor(m: PointsMember | null, rows: repo.GoodsRow[]) {
    const limited = rows.filter((g) => g.per_member_limit !== null).map((g) => g.id);
    const mine = m ? await repo.redeemedCounts(db, m.id, limited) : new Map<number, number>();
    return rows.map((g) =>
      repo.goodsOut(
        g,
        m && g.per_member_limit !== null ? Math.max(0, g.per_member_limit - (mine.get(g.id) ?? 0)) : null,
      ),
    );
  }

  return {
    async config(): Promise<Out<'pointsConfig'>> {
      const rules = await repo.loadRules(db, await deps.merchantId());
      return { rules: repo.rulesOut(rules), expires: false };
    },

    async balance(m: PointsMember): Promise<Out<'pointsBalance'>> {
      await accrue(m.id);
      return repo.account(db, m.id);
    },

    async rewards(m: PointsMember | null, q: In<'pointsRewards'>): Promise<Out<'pointsRewards'>> {
      const p = paging(q);
      const merchantId = m?.merchantId ?? (await deps.merchantId());
      const kind = q.kind && q.kind !== 'all' ? q.kind : null;
      const { rows, total } = await repo.listGoods(db, merchantId, kind, p);
      return { items: await goodsFor(m, rows), page: p.page, pageSize: p.pageSize, total };
    },

    async rewardDetail(m: PointsMember | null, id: number): Promise<Out<'pointsRewardDetail'>> {
      const g = await repo.findGoods(db, m?.merchantId ?? (await deps.merchantId()), id);
      if (!g) throw unknownGoods();
      const [out] = await goodsFor(m, [g]);
      return out!;
    },

    async redeem(m: PointsMember, input: In<'pointsRedeem'>, ctx: CallContext): Promise<Out<'pointsRedeem'>> {
      const address = input.address?.trim() || null;
      const claim: KeyClaim = {
        memberId: m.id,
        key: input.key,
        scope: 'pointsRedeem',
        body: { goodsId: input.goodsId, quantity: input.quantity, address },
      };
      const done = await replay<Out<'pointsRedeem'>>(db, claim);
      if (done) return done;
      // What can be told before the password is checked (no password attempt spent on it).
      const goods = await repo.findGoods(db, m.merchantId, input.goodsId);
      if (!goods) throw unknownGoods();
      if (goods.kind === 'physical' && !address) throw refuse('points.errors.address_required', 'address');
      if (goods.stock < input.quantity) throw outOfStock();
      const total = Number(goods.points) * input.quantity;
      await accrue(m.id);
      if ((await repo.account(db, m.id)).balance < total) throw insufficientPoints();
      await checkPassword(m, input.paymentPassword, 'pointsRedeem', ctx);
      return once(deps.money, claim, async (tx) => {
        const at = deps.now();
        // The member's redemptions queue here: the limit and the balance hold under parallel calls.
        await repo.ensureAccount(tx, m.id, m.merchantId);
        await repo.account(tx, m.id, true);
        const g = await repo.findGoods(tx, m.merchantId, input.goodsId);
        if (!g) throw unknownGoods();
        if (g.per_member_limit !== null) {
          const used = (await repo.redeemedCounts(tx, m.id, [g.id])).get(g.id) ?? 0;
          if (used + input.quantity > g.per_member_limit)
            throw refuse('points.errors.limit_reached', 'quantity');
        }
        const points = Number(g.points) * input.quantity;
        const [acc] = await tx.query<{ balance: string }>(
          `update points_accounts set balance = balance - $2, pending = pending + $2, spent = spent + $2,
                    updated_at = $3
              where member_id = $1 and balance >= $2 returning balance::text as balance`,
          [m.id, points, at],
        );
        if (!acc) throw insufficientPoints();
        const [stock] = await tx.query(
          'update points_goods set stock = stock - $2 where id = $1 and active and stock >= $2 returning stock',
          [g.id, input.quantity],
        );
        if (!stock) throw outOfStock();
        const amountEach = g.amount === null ? null : Number(g.amount);
        const row = await repo.insertRedemption(tx, {
          merchantId: m.merchantId,
          memberId: m.id,
          type: g.kind,
          goodsId: g.id,
          itemName: g.name,
          quantity: input.quantity,
          points,
          amount: amountEach === null ? null : amountEach * input.quantity,
          status: 'applying',
          balanceAfter: Number(acc.balance),
          betUnit: amountEach,
          pointsRatio: Number(g.points),
          address,
          at,
        });
        await repo.insertEntry(tx, {
          memberId: m.id,
          category: 'redeem',
          kind: 'redeem',
          points: -points,
          balanceAfter: Number(acc.balance),
          redemptionId: row.id,
          at,
        });
        return { record: repo.recordOut(row), balance: Number(acc.balance) };
      });
    },

    async redeemList(m: PointsMember, q: In<'pointsRedeemList'>): Promise<Out<'pointsRedeemList'>> {
      const p = paging(q);
      const { rows, total } = await repo.listRedemptions(
        db,
        m.id,
        {
          status: q.status && q.status !== 'all' ? q.status : null,
          type: q.type && q.type !== 'all' ? q.type : null,
          from: q.from ?? null,
          to: q.to ?? null,
        },
        p,
      );
      return { items: rows.map(repo.recordOut), page: p.page, pageSize: p.pageSize, total };
    },

    async convert(
      m: PointsMember,
      input: In<'pointsConvert'>,
      ctx: CallContext,
    ): Promise<Out<'pointsConvert'>> {
      const claim: KeyClaim = {
        memberId: m.id,
        key: input.key,
        scope: 'pointsConvert',
        body: { points: input.points },
      };
      const done = await replay<Out<'pointsConvert'>>(db, claim);
      if (done) return done;
      const rule = (await repo.loadRules(db, m.merchantId)).get('redeem');
      if (!rule || rule.points <= 0) throw refuse('points.errors.convert_disabled');
      if (input.points % rule.points !== 0) throw refuse('points.errors.convert_step', 'points');
      const amount = (input.points / rule.points) * rule.betUnit;
      await accrue(m.id);
      if ((await repo.account(db, m.id)).balance < input.points) throw insufficientPoints();
      await checkPassword(m, input.paymentPassword, 'pointsConvert', ctx);
      return once(deps.money, claim, async (tx) => {
        const at = deps.now();
        await repo.ensureAccount(tx, m.id, m.merchantId);
        const [acc] = await tx.query<{ balance: string }>(
          `update points_accounts set balance = balance - $2, spent = spent + $2, updated_at = $3
              where member_id = $1 and balance >= $2 returning balance::text as balance`,
          [m.id, input.points, at],
        );
        if (!acc) throw insufficientPoints();
        const row = await repo.insertRedemption(tx, {
          merchantId: m.merchantId,
          memberId: m.id,
          type: 'convert',
          goodsId: null,
          itemName: null,
          quantity: 1,
          points: input.points,
          amount,
          status: 'approved',
          balanceAfter: Number(acc.balance),
          betUnit: rule.betUnit,
          pointsRatio: rule.points,
          address: null,
          at,
        });
        const transferId = await payCash(tx, row, amount, `points:convert:${row.id}`);
        await tx.query('update points_redemptions set transfer_id = $2 where id = $1', [row.id, transferId]);
        await repo.insertEntry(tx, {
          memberId: m.id,
          category: 'redeem',
          kind: 'convert',
          points: -input.points,
          balanceAfter: Number(acc.balance),
          redemptionId: row.id,
          at,
        });
        const [main] = await tx.query<{ balance: string }>(
          `select balance::text as balance from ledger_accounts where kind = 'member' and member_id = $1 and wallet = $2`,
          [m.id, MAIN_WALLET],
        );
        return {
          record: repo.recordOut(row),
          balance: Number(acc.balance),
          amount,
          mainBalance: Number(main?.balance ?? 0),
        };
      });
    },

    async transactions(m: PointsMember, q: In<'pointsTransactions'>): Promise<Out<'pointsTransactions'>> {
      const p = paging(q);
      await accrue(m.id);
      const { items, total } = await repo.listEntries(
        db,
        m.id,
        {
          category: q.category && q.category !== 'all' ? q.category : null,
          from: q.from ?? null,
          to: q.to ?? null,
        },
        p,
      );
      return { items, page: p.page, pageSize: p.pageSize, total };
    },
  };
}
export type PointsService = ReturnType<typeof createPointsService>;

/** A name as notices and the ops list show it. */
export const nameIn = (name: Partial<LocalizedText> | null, lang: CompleteLanguage = 'EN') =>
  name ? repo.localized(name)[lang] : '';
