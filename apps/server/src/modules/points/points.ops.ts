import { formatMinor, parseMajor, POINTS_CATEGORIES, type PointsCategory } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import * as systemRepo from '../system/system.repository.ts';
import { accruePoints } from './accrual.ts';
import * as repo from './points.repository.ts';
import { decideRedemption, nameIn } from './points.service.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const POINTS_OPS_USAGE = `  points list [applying|all]          point-mall redemptions waiting for a decision (all: the latest 200)
  points approve <id> [remark…]       approve a redemption: a cash good's value is paid to the main
                                      wallet (points_cash); notice redeem_approved
  points reject <id> [remark…]        reject it: its points and stock come back; notice redeem_rejected
  points accrue                       count settled bets and deposits now (the job runs every 15 s)
  points rules                        the points ratio of every category
  points rule <category> <unit> <points>
                                      e.g. rule slots 10 1: 1 point per MMK 10 of valid turnover;
                                      rule redeem 10 100: 100 points convert to MMK 10 (0 points: off)
  points goods                        the goods with their price, stock and limit
  points stock <goodsId> <stock>      set a good's stock
  points balance <account>            a member's points`;

const bad = (text: string) => new AppError('BAD_REQUEST', text);
const when = (d: Date | string | null) => (d ? new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z') : '-');

function idArg(raw: string | undefined): string {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) throw bad(`"${raw ?? ''}" is not an id`);
  return raw;
}

async function merchantId(deps: MoneyOpsDeps): Promise<number> {
  const m = await systemRepo.findMerchant(deps.db);
  if (!m) throw new AppError('SERVICE_UNAVAILABLE', 'no merchant: the database is not seeded');
  return m.id;
}

/** The operator commands of points (issue 9): run on the data directory or through a running server. */
export async function pointsOps(deps: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const [action, ...rest] = args;
  const { db } = deps;

  if (action === 'list') {
    const all = rest[0] === 'all';
    if (rest[0] && !all && rest[0] !== 'applying') throw bad('points list needs: applying or all');
    const rows = await db.query<repo.RedemptionRow & { account: string }>(
      `select ${repo.REDEMPTION_COLUMNS}, m.account from points_redemptions r join members m on m.id = r.member_id
        ${all ? '' : `where r.status = 'applying'`} order by r.id desc limit 200`,
    );
    if (rows.length === 0)
      return { message: all ? 'no redemptions' : 'no redemptions waiting for a decision' };
    return {
      message: rows
        .map((r) => {
          const what = r.type === 'convert' ? 'points → cash' : `${nameIn(r.item_name)} × ${r.quantity}`;
          const cash = r.amount === null ? '' : `  ${formatMinor(Number(r.amount))}`;
          const to = r.address ? `  to: ${r.address.replace(/\s+/g, ' ')}` : '';
          return `#${r.id}  ${repo.transactionNo(r.id, new Date(r.created_at))}  ${r.account}  ${what}  ${r.points} points${cash}  ${r.status}  ${when(r.created_at)}${to}`;
        })
        .join('\n'),
    };
  }

  if (action === 'approve' || action === 'reject') {
    const id = idArg(rest[0]);
    const remark = rest.slice(1).join(' ').trim().slice(0, 200) || null;
    const d = await decideRedemption(deps, id, action === 'approve' ? 'approved' : 'rejected', remark);
    const r = d.record;
    return {
      message:
        action === 'approve'
          ? `redemption ${id} (${r.transactionNo}) approved${d.paid > 0 ? `; ${formatMinor(d.paid)} paid to the main wallet` : ''}`
          : `redemption ${id} (${r.transactionNo}) rejected; ${r.points} points returned`,
    };
  }

  if (action === 'accrue') {
    const r = await accruePoints({ db, now: deps.now });
    if (r.skipped) return { message: 'another accrual pass is running; try again in a moment' };
    return { message: `${r.sources} bets and deposits counted; ${r.points} points to ${r.members} members` };
  }

  if (action === 'rules') {
    const rules = repo.rulesOut(await repo.loadRules(db, await merchantId(deps)));
    return {
      message: rules
        .map((r) =>
          r.category === 'redeem'
            ? `redeem   ${r.points > 0 ? `${r.points} points → ${formatMinor(r.betUnit)}` : 'conversion off'}`
            : `${r.category.padEnd(8)} ${r.points > 0 ? `${r.points} per ${formatMinor(r.betUnit)}` : 'earns nothing'}`,
        )
        .join('\n'),
    };
  }

  if (action === 'rule') {
    const [category, unitRaw, pointsRaw] = rest;
    const betUnit = unitRaw ? parseMajor(unitRaw) : null;
    const points = pointsRaw && /^\d{1,9}$/.test(pointsRaw) ? Number(pointsRaw) : null;
    if (
      !(POINTS_CATEGORIES as readonly string[]).includes(category ?? '') ||
      betUnit === null ||
      points === null
    )
      throw bad(
        `points rule needs: <${POINTS_CATEGORIES.join('|')}> <unit in major units, e.g. 10> <points, 0 = off>`,
      );
    await repo.setRule(
      db,
      await merchantId(deps),
      category as PointsCategory,
      { betUnit, points },
      deps.now(),
    );
    return { message: `rule ${category}: ${points} points per ${formatMinor(betUnit)}` };
  }

  if (action === 'goods') {
    const rows = await db.query<repo.GoodsRow>(
      `select g.id, g.kind, g.code, g.name, g.description, g.points::text as points, g.amount::text as amount,
              g.stock, g.per_member_limit, g.icon, g.active
         from points_goods g where g.merchant_id = $1 order by g.points, g.id`,
      [await merchantId(deps)],
    );
    if (rows.length === 0) return { message: 'no goods' };
    return {
      message: rows
        .map(
          (g) =>
            `#${g.id}  ${nameIn(g.name)}  ${g.kind}  ${g.points} points${g.amount === null ? '' : `  ${formatMinor(Number(g.amount))}`}  stock ${g.stock}${g.per_member_limit === null ? '' : `  limit ${g.per_member_limit}`}${g.active ? '' : '  (retired)'}`,
        )
        .join('\n'),
    };
  }

  if (action === 'stock') {
    const id = idArg(rest[0]);
    const stock = rest[1] && /^\d{1,9}$/.test(rest[1]) ? Number(rest[1]) : null;
    if (stock === null) throw bad('points stock needs: <goodsId> <stock, 0 or more>');
    const [row] = await db.query<{ id: number }>(
      'update points_goods set stock = $3 where id = $1 and merchant_id = $2 returning id',
      [id, await merchantId(deps), stock],
    );
    if (!row) throw new AppError('NOT_FOUND', `no good ${id}`);
    return { message: `good ${id}: stock ${stock}` };
  }

  if (action === 'balance') {
    const account = rest[0]?.toLowerCase();
    if (!account) throw bad('points balance needs: <account>');
    const [m] = await db.query<{ id: string }>('select id::text as id from members where account = $1', [
      account,
    ]);
    if (!m) throw new AppError('NOT_FOUND', `no member "${account}"`);
    await accruePoints({ db, now: deps.now }, { memberId: m.id });
    const a = await repo.account(db, m.id);
    return {
      message: `${account}: ${a.balance} points (pending ${a.pending}, earned ${a.earned}, spent ${a.spent})`,
    };
  }

  throw bad(`unknown command "points ${action ?? ''}"\n${POINTS_OPS_USAGE}`);
}
