import {
  isAgentType,
  PAGE_SIZE_DEFAULT,
  type ContractKind,
  type ContractTier,
  type contractEndpoints,
  type ParsedRequestOf,
  type ResponseOf,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { JobLog } from '../../lib/interval-job.ts';
import { addNotice, type MoneyRunner, type MoneyTx } from '../ledger/money-tx.ts';
import type { SessionMember } from '../session/session.service.ts';
import * as repo from './contracts.repository.ts';
import { addDays, zoneDay } from './periods.ts';
import { startSettleJob } from './settle.job.ts';
import {
  contractLock,
  loadContract,
  settleLocked,
  settleNow,
  settlePass,
  type SettleDeps,
} from './settlement.ts';

export interface ContractsServiceDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  log: JobLog & { warn?(obj: object, msg: string): void };
}

type E = typeof contractEndpoints;
type In<K extends keyof E> = ParsedRequestOf<E[K]>;
type Out<K extends keyof E> = ResponseOf<E[K]>;
export type ContractActor = Pick<SessionMember, 'id' | 'account' | 'type' | 'merchantId'>;
/** Where a call came from (the refusal log). */
export interface ContractCallContext {
  ip: string | null;
}

/** The tier fields each kind takes: thresholds, then what it pays (the contract's tier semantics). */
export const TIER_FIELDS: Record<ContractKind, readonly (keyof ContractTier)[]> = {
  dividend: ['minBets', 'minProfitLoss', 'minActive', 'ratio'],
  daily: ['minBets', 'minActive', 'amount'],
  hourly: ['minBets', 'ratio'],
  realtime: ['minBets', 'ratio'],
};
const RATIO_KINDS: readonly ContractKind[] = ['dividend', 'hourly', 'realtime'];

const notFound = () => new AppError('NOT_FOUND', 'contracts.errors.not_found');
const badTiers = () =>
  new AppError('BAD_REQUEST', 'contracts.errors.bad_tiers', { tiers: 'contracts.errors.bad_tiers' });
const REPORT_DAYS_MAX = 366;

/** Checks the tiers of an offer: each takes only its kind's fields and pays something. */
export function checkTiers(
  kind: ContractKind,
  period: string | undefined,
  tiers: readonly ContractTier[],
): number {
  if ((kind === 'dividend') !== (period !== undefined)) throw badTiers();
  const allowed = TIER_FIELDS[kind];
  const pays = kind === 'daily' ? 'amount' : 'ratio';
  let maxRatio = 0;
  for (const t of tiers) {
    for (const [k, v] of Object.entries(t))
      if (v !== undefined && !allowed.includes(k as keyof ContractTier)) throw badTiers();
    const pay = t[pays];
    if (pay === undefined || pay <= 0) throw badTiers();
    maxRatio = Math.max(maxRatio, t.ratio ?? 0);
  }
  return maxRatio;
}

const uniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/** Contracts and their settlement (issue 8; spec §3, §4). */
export function createContractsService(deps: ContractsServiceDeps) {
  const { db } = deps;
  const settleDeps: SettleDeps = { db: deps.db, money: deps.money, now: deps.now, log: deps.log };

  /** The one refusal of an id the caller may not see: written down, then 404 (same as unknown). */
  async function refuse(
    actor: ContractActor,
    endpoint: keyof E,
    target: string | number,
    ctx: ContractCallContext,
  ) {
    await db.query(
      'insert into agent_access_denials (member_id, endpoint, target, ip) values ($1, $2, $3, $4)',
      [actor.id, endpoint, String(target).slice(0, 100), ctx.ip],
    );
    deps.log.warn?.({ memberId: actor.id, endpoint, target }, 'contract call outside the parties refused');
    return notFound();
  }

  /** A contract the caller is a party to; anyone else (or an unknown id) gets the one refusal. */
  async function partyContract(
    actor: ContractActor,
    endpoint: keyof E,
    id: number,
    ctx: ContractCallContext,
  ) {
    const c = await repo.contractById(db, id);
    if (!c || (c.upline_id !== actor.id && c.downline_id !== actor.id))
      throw await refuse(actor, endpoint, `contract:${id}`, ctx);
    return c;
  }

  const params = (
    c: repo.ContractRecord,
    otherAccount: string,
    extra: Record<string, string | number> = {},
  ) => ({
    kind: c.kind,
    contractId: Number(c.id),
    account: otherAccount,
    ...extra,
  });

  /**
   * Ends an active or pending contract inside the caller's transaction: an active one is settled up
   * to now first (the current period closed early, nothing earned is lost). Takes the contract's
   * settlement lock and row lock in that order (the job's order).
   */
  async function endContract(
    tx: MoneyTx,
    id: string,
    reason: string,
    now: Date,
  ): Promise<repo.ContractRecord | null> {
    await contractLock(tx, id, true);
    const c = await loadContract(tx, id, true);
    if (!c || (c.status !== 'active' && c.status !== 'pending')) return null;
    if (c.status === 'active') await settleLocked(tx, c, now, { close: true, now });
    await tx.query(
      `update agent_contracts set status = 'terminated', request = null, ended_at = $2, end_reason = $3 where id = $1`,
      [id, now, reason],
    );
    return repo.contractById(tx, id);
  }

  return {
    /** Starts the settlement job; the answer stops it (and waits for a pass in flight). */
    start(): () => Promise<void> {
      return startSettleJob(settleDeps, deps.log);
    },
    /** One pass of the job (tests, ops `contracts settle`). */
    pass: () => settlePass(settleDeps),
    /** Every active contract settled up to now (ops `contracts settle-now`). */
    settleNow: () => settleNow(settleDeps),
    deps: settleDeps,

    async info(actor: ContractActor): Promise<Out<'agentContractInfo'>> {
      const rows = await repo.partyContracts(db, actor.id);
      const out = (r: repo.ContractRecord) => repo.contractOut(r, actor.id);
      // Waiting for my answer: offers to me and termination requests of my upline.
      const req = (kind: ContractKind) =>
        rows
          .filter(
            (r) =>
              r.kind === kind &&
              r.downline_id === actor.id &&
              (r.status === 'pending' || (r.status === 'active' && r.request === 'terminate')),
          )
          .map(out);
      const mine = (kind: ContractKind) =>
        rows.filter((r) => r.kind === kind && r.downline_id === actor.id && r.status === 'active').map(out);
      return {
        dailysalreqtype: req('daily'),
        divtypereq: req('dividend'),
        contracthoursalreq: req('hourly'),
        realtimesalreqtype: req('realtime'),
        contractmrdailysalinfotype: rows
          .filter((r) => r.kind === 'daily' && r.upline_id === actor.id)
          .map(out),
        contracthoursalinfo: mine('hourly'),
        dailysalinfotype: mine('daily'),
        realtimesalinfotype: mine('realtime'),
        divtypeinfo: mine('dividend'),
      };
    },

    async list(actor: ContractActor, input: In<'agentContracts'>): Promise<Out<'agentContracts'>> {
      const page = input.page ?? 1;
      const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await repo.listContracts(
        db,
        actor.id,
        {
          kind: input.kind ?? null,
          role: input.role ?? null,
          status: !input.status || input.status === 'all' ? null : input.status,
        },
        { limit: pageSize, offset: (page - 1) * pageSize },
      );
      return { items: rows.map((r) => repo.contractOut(r, actor.id)), page, pageSize, total };
    },

    async offer(
      actor: ContractActor,
      input: In<'agentContractOffer'>,
      ctx: ContractCallContext,
    ): Promise<Out<'agentContractOffer'>> {
      const [target] = await db.query<{
        id: string;
        upline_id: string | null;
        type: number;
        account: string;
      }>(
        'select id::text as id, upline_id::text as upline_id, type, account from members where id = $1 and merchant_id = $2',
        [input.downlineId, actor.merchantId],
      );
      if (!target || target.id === actor.id)
        throw await refuse(actor, 'agentContractOffer', `member:${input.downlineId}`, ctx);
      if (target.upline_id !== actor.id) {
        // Deeper in my team: said plainly; outside it: the one refusal.
        const [deeper] = await db.query(
          `with recursive up (id, upline_id, depth) as (
             select id, upline_id, 0 from members where id = $2
             union all
             select m.id, m.upline_id, up.depth + 1 from members m join up on m.id = up.upline_id
              where up.depth < 64 and up.upline_id <> $1
           ) select 1 from up where upline_id = $1 limit 1`,
          [actor.id, target.id],
        );
        if (deeper) throw new AppError('UNPROCESSABLE', 'contracts.errors.not_direct_downline');
        throw await refuse(actor, 'agentContractOffer', `member:${input.downlineId}`, ctx);
      }
      if (!isAgentType(Number(target.type)))
        throw new AppError('UNPROCESSABLE', 'contracts.errors.not_agent');
      const maxRatio = checkTiers(input.kind, input.period, input.tiers);
      const now = deps.now();
      try {
        return await deps.money(async (tx) => {
          const [pending] = await tx.query(
            `select 1 from agent_contracts where downline_id = $1 and kind = $2 and status = 'pending'`,
            [target.id, input.kind],
          );
          if (pending) throw new AppError('CONFLICT', 'contracts.errors.already_pending');
          if (RATIO_KINDS.includes(input.kind)) {
            const [own] = await tx.query<{ max_ratio: number }>(
              `select max_ratio from agent_contracts where downline_id = $1 and kind = $2 and status = 'active'`,
              [actor.id, input.kind],
            );
            if (own && maxRatio > Number(own.max_ratio))
              throw new AppError('UNPROCESSABLE', 'contracts.errors.ratio_above_own');
          }
          const [row] = await tx.query<{ id: string }>(
            `insert into agent_contracts (merchant_id, upline_id, downline_id, kind, period, tiers, max_ratio, status, request, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, 'pending', 'new', $8) returning id::text as id`,
            [
              actor.merchantId,
              actor.id,
              target.id,
              input.kind,
              input.period ?? null,
              JSON.stringify(input.tiers),
              maxRatio,
              now,
            ],
          );
          const c = (await repo.contractById(tx, row!.id))!;
          await addNotice(tx, target.id, 'contract_offered', params(c, actor.account));
          return repo.contractOut(c, actor.id);
        });
      } catch (e) {
        // Two offers at once: the partial unique index lets one through.
        if (uniqueViolation(e)) throw new AppError('CONFLICT', 'contracts.errors.already_pending');
        throw e;
      }
    },

    /** The upline withdraws its offer, or asks to end an active contract. */
    async terminate(
      actor: ContractActor,
      input: In<'agentContractTerminate'>,
      ctx: ContractCallContext,
    ): Promise<Out<'agentContractTerminate'>> {
      const seen = await partyContract(actor, 'agentContractTerminate', input.contractId, ctx);
      if (seen.upline_id !== actor.id) throw new AppError('UNPROCESSABLE', 'contracts.errors.not_yours');
      return deps.money(async (tx) => {
        const now = deps.now();
        await contractLock(tx, seen.id, true);
        const c = (await repo.contractById(tx, seen.id, true))!;
        if (c.status === 'pending') {
          const ended = (await endContract(tx, c.id, 'withdrawn', now))!;
          await addNotice(
            tx,
            c.downline_id,
            'contract_terminated',
            params(c, c.upline_account, { reason: 'withdrawn' }),
          );
          return repo.contractOut(ended, actor.id);
        }
        if (c.status !== 'active') throw new AppError('CONFLICT', 'contracts.errors.not_active');
        if (c.request === 'terminate') throw new AppError('CONFLICT', 'contracts.errors.already_pending');
        await tx.query(`update agent_contracts set request = 'terminate' where id = $1`, [c.id]);
        await addNotice(tx, c.downline_id, 'contract_terminate_requested', params(c, c.upline_account));
        return repo.contractOut((await repo.contractById(tx, c.id))!, actor.id);
      });
    },

    /** The downline accepts or rejects a request, or terminates an active contract itself. */
    async respond(
      actor: ContractActor,
      input: In<'agentContractRespond'>,
      ctx: ContractCallContext,
    ): Promise<Out<'agentContractRespond'>> {
      const seen = await partyContract(actor, 'agentContractRespond', input.contractId, ctx);
      if (seen.downline_id !== actor.id) throw new AppError('UNPROCESSABLE', 'contracts.errors.not_yours');
      return deps.money(async (tx) => {
        const now = deps.now();
        const terminated: number[] = [];
        // Settlement lock before the row lock, as the job takes them.
        await contractLock(tx, seen.id, true);
        const c = (await repo.contractById(tx, seen.id, true))!;
        const answer = async () => ({
          contract: repo.contractOut((await repo.contractById(tx, c.id))!, actor.id),
          terminated,
        });
        const offer = c.status === 'pending';
        const termination = c.status === 'active' && c.request === 'terminate';

        if (input.action === 'terminate') {
          if (c.status !== 'active') throw new AppError('CONFLICT', 'contracts.errors.not_active');
          await endContract(tx, c.id, 'terminated_by_downline', now);
          await addNotice(
            tx,
            c.upline_id,
            'contract_terminated',
            params(c, c.downline_account, { reason: 'terminated_by_downline' }),
          );
          return answer();
        }
        if (!offer && !termination) throw new AppError('CONFLICT', 'contracts.errors.not_pending');

        if (input.action === 'reject') {
          if (offer)
            await tx.query(
              `update agent_contracts set status = 'rejected', request = null, ended_at = $2, end_reason = 'rejected' where id = $1`,
              [c.id, now],
            );
          else await tx.query(`update agent_contracts set request = null where id = $1`, [c.id]);
          await addNotice(
            tx,
            c.upline_id,
            'contract_rejected',
            params(c, c.downline_account, { request: offer ? 'new' : 'terminate' }),
          );
          return answer();
        }

        // accept
        if (termination) {
          await endContract(tx, c.id, 'terminated_by_upline', now);
          await addNotice(
            tx,
            c.upline_id,
            'contract_accepted',
            params(c, c.downline_account, { request: 'terminate' }),
          );
          return answer();
        }
        // A new contract: the active one of the kind is superseded (settled up to now first).
        const [current] = await tx.query<{ id: string }>(
          `select id::text as id from agent_contracts where downline_id = $1 and kind = $2 and status = 'active'`,
          [c.downline_id, c.kind],
        );
        // Spec §4: my own downlines' contracts of this kind above my new ratio end automatically.
        const above = RATIO_KINDS.includes(c.kind)
          ? await tx.query<{ id: string }>(
              `select id::text as id from agent_contracts
                where upline_id = $1 and kind = $2 and status in ('active', 'pending') and max_ratio > $3 order by agent_contracts.id`,
              [c.downline_id, c.kind, c.max_ratio],
            )
          : [];
        // Every settlement lock first, in id order, before any money moves (fewer lock waits with the job).
        for (const id of [current?.id, ...above.map((a) => a.id)]
          .filter((x): x is string => !!x)
          .sort((a, b) => Number(a) - Number(b)))
          await contractLock(tx, id, true);
        if (current) {
          const old = await endContract(tx, current.id, 'superseded', now);
          if (old && old.upline_id !== c.upline_id)
            await addNotice(
              tx,
              old.upline_id,
              'contract_terminated',
              params(old, old.downline_account, { reason: 'superseded' }),
            );
        }
        await tx.query(
          `update agent_contracts set status = 'active', request = null, accepted_at = $2, settled_until = $2 where id = $1`,
          [c.id, now],
        );
        await addNotice(
          tx,
          c.upline_id,
          'contract_accepted',
          params(c, c.downline_account, { request: 'new' }),
        );
        for (const a of above) {
          const ended = await endContract(tx, a.id, 'ratio_above_upline', now);
          if (!ended) continue;
          terminated.push(Number(ended.id));
          const p = { reason: 'ratio_above_upline' };
          await addNotice(
            tx,
            ended.upline_id,
            'contract_terminated',
            params(ended, ended.downline_account, p),
          );
          await addNotice(
            tx,
            ended.downline_id,
            'contract_terminated',
            params(ended, ended.upline_account, p),
          );
        }
        return answer();
      });
    },

    /** Relays of the settlement records of one kind (dividend, daily, hourly, realtime). */
    async records(
      actor: ContractActor,
      kind: ContractKind,
      input: In<'dividendRecords'>,
    ): Promise<Out<'dividendRecords'>> {
      const today = zoneDay(deps.now());
      const to = input.to ?? (input.from && input.from > today ? input.from : today);
      const from = input.from ?? addDays(to, -6);
      const span = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
      if (from > to || span > REPORT_DAYS_MAX)
        throw new AppError('BAD_REQUEST', 'errors.invalid_value', { from: 'errors.invalid_value' });
      const page = input.page ?? 1;
      const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
      const r = await repo.listSettlements(
        db,
        actor.id,
        { kind, role: input.role ?? 'all', from, to },
        { limit: pageSize, offset: (page - 1) * pageSize },
      );
      return { ...r, page, pageSize };
    },
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;
