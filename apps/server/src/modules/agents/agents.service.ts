import {
  EXPORT_MAX,
  INVITE_LINKS_MAX,
  PAGE_SIZE_DEFAULT,
  type agentEndpoints,
  type DownlineKind,
  type ParsedRequestOf,
  type ResponseOf,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { JobLog } from '../../lib/interval-job.ts';
import { hashPassword, isWeakPassword } from '../../lib/password.ts';
import { once } from '../ledger/idempotency.ts';
import { memberAccount, post } from '../ledger/ledger.ts';
import { addNotice, type MoneyRunner } from '../ledger/money-tx.ts';
import { verifyPaymentPassword } from '../ledger/payment-password.ts';
import { MERCHANT_TIME_ZONE } from '../records/records.service.ts';
import { recordRedEnvelopes } from '../rewards/envelopes.ts';
import type { PasswordLimits } from '../session/password-checks.ts';
import type { SessionMember } from '../session/session.service.ts';
import { revokeAllSessions } from '../session/session.service.ts';
import * as repo from './agents.repository.ts';
import { DOWNLINE_TYPES, freshAffiliateCode, inSubtree, refuse } from './team.ts';

export interface AgentsServiceDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  passwordLimits: PasswordLimits;
  log: JobLog & { warn(obj: object, msg: string): void };
}

type E = typeof agentEndpoints;
type In<K extends keyof E> = ParsedRequestOf<E[K]>;
type Out<K extends keyof E> = ResponseOf<E[K]>;

export type Agent = Pick<SessionMember, 'id' | 'account' | 'type' | 'merchantId'>;
/** Where a call came from: the refusal log and the payment-password budget need it. */
export interface CallContext {
  ip: string;
  userAgent?: string | undefined;
  /** `<protocol>://<host>` of the request: invitation links point back at the site the agent uses. */
  origin: string;
}

/** Masks contact fields on the server (contract downlineSchema): 09******78, d***@example.com. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length <= 4) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

const DAY_MS = 86_400_000;
/** Reports cover at most this many days (the chart has one point per day). */
export const REPORT_DAYS_MAX = 366;
const zoneDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: MERCHANT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const badRange = () => new AppError('BAD_REQUEST', 'errors.invalid_value', { from: 'errors.invalid_value' });

const codeUsed = (e: unknown, constraint?: string) =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: unknown }).code === '23505' &&
  (!constraint || String((e as { constraint?: unknown }).constraint ?? '') === constraint);

/** The agent centre (issue 8): team, register centre, downlines, reports. */
export function createAgentsService(deps: AgentsServiceDeps) {
  const { db } = deps;

  /** Spec: a missing range is the last 7 days of the merchant's zone; `to` inclusive. */
  function days(q: { from?: string | undefined; to?: string | undefined }): repo.Days {
    const today = zoneDay.format(deps.now());
    const to = q.to ?? (q.from && q.from > today ? q.from : today);
    const from = q.from ?? addDays(to, -6);
    if (from > to) throw badRange();
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > REPORT_DAYS_MAX) throw badRange();
    return { from, to };
  }

  /** A page, or every row of the filter up to EXPORT_MAX (CSV export). */
  function paging(q: {
    page?: number | undefined;
    pageSize?: number | undefined;
    export?: 'true' | boolean | undefined;
  }) {
    if (q.export) return { page: 1, pageSize: EXPORT_MAX, limit: EXPORT_MAX, offset: 0 };
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
    return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
  }

  /** The member must be in the caller's subtree; otherwise the one refusal (written down). */
  async function member(
    agent: Agent,
    endpoint: keyof E,
    targetId: string | number,
    ctx: CallContext,
  ): Promise<{ level: number }> {
    const found = await inSubtree(db, agent.id, targetId);
    if (found) return found;
    throw await refuse(db, { actorId: agent.id, endpoint, target: targetId, ip: ctx.ip, log: deps.log });
  }

  function linkOut(l: repo.LinkRow, origin: string) {
    return {
      id: Number(l.id),
      code: l.code,
      kind: l.kind,
      url: `${origin}/?affiliateCode=${encodeURIComponent(l.code)}`,
      registrations: Number(l.registrations),
      createdAt: new Date(l.created_at).toISOString(),
    };
  }

  async function checkPaymentPassword(agent: Agent, password: string, path: string, ctx: CallContext) {
    await verifyPaymentPassword(
      db,
      { memberId: agent.id, password, ip: ctx.ip, userAgent: ctx.userAgent, path },
      deps.passwordLimits,
      deps.now(),
    );
  }

  return {
    async teamOverview(agent: Agent, q: In<'agentTeamOverview'>): Promise<Out<'agentTeamOverview'>> {
      return repo.teamOverview(db, agent.id, days(q));
    },

    // ───────────── register centre ─────────────

    async createDownline(
      agent: Agent,
      input: In<'agentCreateDownline'>,
      ctx: CallContext,
    ): Promise<Out<'agentCreateDownline'>> {
      const account = input.account.trim().toLowerCase();
      if (isWeakPassword(input.password))
        throw new AppError('UNPROCESSABLE', 'errors.weak_password', { password: 'errors.weak_password' });
      const exists = () =>
        new AppError('CONFLICT', 'agent.errors.account_exists', { account: 'agent.errors.account_exists' });
      const [taken] = await db.query('select 1 from members where merchant_id = $1 and account = $2', [
        agent.merchantId,
        account,
      ]);
      if (taken) throw exists();
      const type = DOWNLINE_TYPES[input.kind];
      const passwordHash = await hashPassword(input.password);
      const t = deps.now();
      for (let attempt = 0; ; attempt++) {
        const code = type === DOWNLINE_TYPES.agent ? await freshAffiliateCode(db, agent.merchantId) : null;
        try {
          const [row] = await db.query<{ id: string }>(
            `insert into members (merchant_id, account, password_hash, password_changed_at, type, upline_id,
               nickname, affiliate_code, register_ip, register_method, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'AGENT', $4) returning id::text as id`,
            [
              agent.merchantId,
              account,
              passwordHash,
              t,
              type,
              agent.id,
              input.nickname?.trim() || null,
              code,
              ctx.ip,
            ],
          );
          return { id: Number(row!.id), account, type };
        } catch (e) {
          // Two calls for one account: the unique key answers the second one.
          if (codeUsed(e) && !codeUsed(e, 'members_affiliate_code')) throw exists();
          if (!codeUsed(e) || attempt >= 3) throw e;
        }
      }
    },

    async inviteLinks(agent: Agent, ctx: CallContext): Promise<Out<'agentInviteLinks'>> {
      const [links, [me]] = await Promise.all([
        repo.liveLinks(db, agent.id),
        db.query<{ affiliate_code: string | null }>('select affiliate_code from members where id = $1', [
          agent.id,
        ]),
      ]);
      return { items: links.map((l) => linkOut(l, ctx.origin)), affiliateCode: me?.affiliate_code ?? null };
    },

    async createInviteLink(
      agent: Agent,
      kind: DownlineKind,
      ctx: CallContext,
    ): Promise<Out<'agentCreateInviteLink'>> {
      for (let attempt = 0; ; attempt++) {
        const code = await freshAffiliateCode(db, agent.merchantId);
        try {
          const link = await db.withTx(async (tx) => {
            // One agent's creates queue on its own row: the limit holds under concurrent calls.
            await tx.query('select id from members where id = $1 for update', [agent.id]);
            const [live] = await tx.query<{ c: string }>(
              'select count(*) as c from agent_links where member_id = $1 and retired_at is null',
              [agent.id],
            );
            if (Number(live?.c ?? 0) >= INVITE_LINKS_MAX)
              throw new AppError('UNPROCESSABLE', 'agent.errors.link_limit');
            const [row] = await tx.query<repo.LinkRow>(
              `insert into agent_links (merchant_id, member_id, code, kind, created_at) values ($1, $2, $3, $4, $5)
               returning id::text as id, code, kind, created_at, 0 as registrations`,
              [agent.merchantId, agent.id, code, kind, deps.now()],
            );
            return row!;
          });
          return linkOut(link, ctx.origin);
        } catch (e) {
          if (!codeUsed(e, 'agent_links_code') || attempt >= 3) throw e;
        }
      }
    },

    async deleteInviteLink(
      agent: Agent,
      id: number,
      ctx: CallContext,
    ): Promise<Out<'agentDeleteInviteLink'>> {
      const [own] = await db.query<{ id: string }>(
        `update agent_links set retired_at = coalesce(retired_at, $3) where id = $1 and member_id = $2
         returning id::text as id`,
        [id, agent.id, deps.now()],
      );
      if (!own)
        throw await refuse(db, {
          actorId: agent.id,
          endpoint: 'agentDeleteInviteLink',
          target: `link:${id}`,
          ip: ctx.ip,
          log: deps.log,
        });
      return { id: Number(own.id) };
    },

    // ───────────── downlines ─────────────

    async downlines(agent: Agent, q: In<'agentDownlines'>, ctx: CallContext): Promise<Out<'agentDownlines'>> {
      if (q.parentId !== undefined) await member(agent, 'agentDownlines', q.parentId, ctx);
      const p = paging(q);
      const { rows, total } = await repo.downlines(
        db,
        agent.id,
        {
          account: q.account?.trim() || null,
          directOnly: q.level === 'direct',
          status: q.status && q.status !== 'all' ? q.status : null,
          parentId: q.parentId === undefined ? null : String(q.parentId),
        },
        p,
      );
      return {
        items: rows.map((r) => ({
          id: Number(r.id),
          account: r.account,
          nickname: r.nickname,
          type: Number(r.type),
          level: Number(r.level),
          upline: r.upline,
          status: r.status,
          balance: Number(r.balance ?? 0),
          mobile: maskMobile(r.mobile),
          email: maskEmail(r.email),
          directCount: Number(r.direct_count),
          createdAt: new Date(r.created_at).toISOString(),
          lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
        })),
        page: p.page,
        pageSize: p.pageSize,
        total,
      };
    },

    /** Freeze (no sign-in; its sessions end) or unfreeze a member of my subtree. */
    async setDownlineStatus(
      agent: Agent,
      input: In<'agentDownlineStatus'>,
      ctx: CallContext,
    ): Promise<Out<'agentDownlineStatus'>> {
      await member(agent, 'agentDownlineStatus', input.memberId, ctx);
      return db.withTx(async (tx) => {
        const [m] = await tx.query<{ status: 'active' | 'frozen'; frozen_reason: string | null }>(
          'select status, frozen_reason from members where id = $1 for update',
          [input.memberId],
        );
        if (!m) throw new AppError('NOT_FOUND', 'agent.errors.not_in_team');
        if (input.status === 'frozen') {
          // Already frozen (by me, the operator or an unpaid dividend): the reason stays.
          if (m.status === 'active') {
            await tx.query(`update members set status = 'frozen', frozen_reason = 'agent' where id = $1`, [
              input.memberId,
            ]);
          }
          await revokeAllSessions(tx, String(input.memberId), deps.now());
        } else if (m.status === 'frozen') {
          // Only a freeze by an agent is an agent's to lift (an unpaid dividend's, the operator's are not).
          if (m.frozen_reason !== 'agent') throw new AppError('CONFLICT', 'agent.errors.downline_frozen');
          await tx.query(`update members set status = 'active', frozen_reason = null where id = $1`, [
            input.memberId,
          ]);
        }
        return { id: input.memberId, status: input.status };
      });
    },

    async transfer(
      agent: Agent,
      input: In<'agentTransferDownline'>,
      ctx: CallContext,
    ): Promise<Out<'agentTransferDownline'>> {
      await member(agent, 'agentTransferDownline', input.memberId, ctx);
      const [to] = await db.query<{ account: string; status: string }>(
        'select account, status from members where id = $1',
        [input.memberId],
      );
      if (!to || to.status !== 'active') throw new AppError('CONFLICT', 'agent.errors.downline_frozen');
      await checkPaymentPassword(agent, input.paymentPassword, 'agentTransferDownline', ctx);
      const targetId = String(input.memberId);
      // The idempotency body never holds the payment password.
      return once(
        deps.money,
        {
          memberId: agent.id,
          key: input.key,
          scope: 'agentTransferDownline',
          body: { memberId: targetId, amount: input.amount },
        },
        async (tx) => {
          const from = await memberAccount(tx, agent.id);
          const dest = await memberAccount(tx, targetId);
          const posted = await post(tx, {
            type: 'agent_transfer_out',
            memberId: agent.id,
            ref: `agent:${targetId}`,
            memo: { toId: targetId, to: to.account, from: agent.account },
            legs: [
              { account: from, amount: -input.amount },
              { account: dest, amount: input.amount },
            ],
          });
          await addNotice(tx, targetId, 'agent_transfer', { amount: input.amount, from: agent.account });
          tx.balanceChanged(agent.id);
          tx.balanceChanged(targetId);
          return {
            transferId: String(posted.transferId),
            amount: input.amount,
            balance: posted.balances.get(from.id) ?? 0,
            to: to.account,
          };
        },
      );
    },

    /** The same amount to each of several members of my subtree: one transfer, all or nothing. */
    async redEnvelope(
      agent: Agent,
      input: In<'agentRedEnvelope'>,
      ctx: CallContext,
    ): Promise<Out<'agentRedEnvelope'>> {
      const ids = input.memberIds.map(String);
      if (new Set(ids).size !== ids.length)
        throw new AppError('BAD_REQUEST', 'errors.invalid_value', { memberIds: 'errors.invalid_value' });
      const outside: string[] = [];
      for (const id of ids) if (!(await inSubtree(db, agent.id, id))) outside.push(id);
      if (outside.length > 0)
        throw await refuse(db, {
          actorId: agent.id,
          endpoint: 'agentRedEnvelope',
          target: outside.join(','),
          ip: ctx.ip,
          log: deps.log,
        });
      const frozen = await db.query(
        `select 1 from members where id = any($1::bigint[]) and status <> 'active'`,
        [ids],
      );
      if (frozen.length > 0) throw new AppError('CONFLICT', 'agent.errors.downline_frozen');
      await checkPaymentPassword(agent, input.paymentPassword, 'agentRedEnvelope', ctx);
      const message = input.message?.trim() || undefined;
      const total = input.amountEach * ids.length;
      return once(
        deps.money,
        {
          memberId: agent.id,
          key: input.key,
          scope: 'agentRedEnvelope',
          body: { memberIds: ids, amountEach: input.amountEach, message: message ?? null },
        },
        async (tx) => {
          const from = await memberAccount(tx, agent.id);
          const legs = [{ account: from, amount: -total }];
          for (const id of ids) legs.push({ account: await memberAccount(tx, id), amount: input.amountEach });
          const posted = await post(tx, {
            type: 'red_envelope_out',
            memberId: agent.id,
            ref: `red_envelope:${agent.id}`,
            memo: { recipients: ids, amountEach: input.amountEach, ...(message ? { message } : {}) },
            legs,
          });
          // Issue 9: each recipient's envelope, to open in the reward centre (the money is in already).
          await recordRedEnvelopes(tx, {
            transferId: posted.transferId,
            senderId: agent.id,
            recipients: ids,
            amountEach: input.amountEach,
            ...(message ? { message } : {}),
          });
          for (const id of ids) {
            await addNotice(tx, id, 'red_envelope', {
              amount: input.amountEach,
              from: agent.account,
              ...(message ? { message } : {}),
            });
            tx.balanceChanged(id);
          }
          tx.balanceChanged(agent.id);
          return {
            transferId: String(posted.transferId),
            total,
            recipients: ids.length,
            balance: posted.balances.get(from.id) ?? 0,
          };
        },
      );
    },

    // ───────────── reports ─────────────

    async teamBets(agent: Agent, q: In<'agentTeamBets'>): Promise<Out<'agentTeamBets'>> {
      const p = paging(q);
      const r = await repo.teamBets(
        db,
        agent.id,
        {
          ...days(q),
          account: q.account?.trim() || null,
          vertical: q.vertical && q.vertical !== 'all' ? q.vertical : null,
        },
        p,
      );
      return { ...r, items: r.items as Out<'agentTeamBets'>['items'], page: p.page, pageSize: p.pageSize };
    },

    async profitLoss(agent: Agent, q: In<'agentProfitLoss'>): Promise<Out<'agentProfitLoss'>> {
      const p = paging(q);
      const r = await repo.profitLoss(db, agent.id, { ...days(q), account: q.account?.trim() || null }, p);
      return { ...r, page: p.page, pageSize: p.pageSize };
    },

    async revenue(agent: Agent, q: In<'agentRevenue'>): Promise<Out<'agentRevenue'>> {
      const p = paging(q);
      const r = await repo.revenue(db, agent.id, days(q), p);
      return { ...r, page: p.page, pageSize: p.pageSize };
    },

    async transactions(agent: Agent, q: In<'agentTransactions'>): Promise<Out<'agentTransactions'>> {
      const p = paging(q);
      const r = await repo.transactions(
        db,
        agent.id,
        {
          ...days(q),
          account: q.account?.trim() || null,
          type: q.type && q.type !== 'all' ? q.type.trim() || null : null,
        },
        p,
      );
      return { ...r, page: p.page, pageSize: p.pageSize };
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
