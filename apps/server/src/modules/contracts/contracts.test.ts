import type { Contract, ContractInfo } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import { as, denials, node, notices, type Node } from './testing.ts';

/**
 * Contract lifecycle (issue 8; spec §4): offers, answers, termination requests, superseding, the
 * automatic termination of higher ratios below, every refusal, and the IDOR cells of contract ids.
 */
let app: FastifyInstance;
const clock = testClock(new Date('2026-11-24T10:02:00Z'));

const OFFER = '/wps/agent/contracts';
const TERMINATE = '/wps/agent/contracts/terminate';
const RESPOND = '/wps/agent/contracts/respond';

// R (agent) → A (agent) → B, C (agents), P (player); X (a foreign agent) → Y.
let R: Node, A: Node, B: Node, C: Node, P: Node, X: Node, Y: Node;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  R = await node(app, 1, null);
  A = await node(app, 2, R.id);
  B = await node(app, 2, A.id);
  C = await node(app, 2, A.id);
  P = await node(app, 3, A.id);
  X = await node(app, 1, null);
  Y = await node(app, 2, X.id);
});
afterAll(async () => app.close());

const dividend = (ratio: number) => ({
  kind: 'dividend',
  period: 'monthly',
  tiers: [{ minProfitLoss: 0, ratio }],
});
const daily = { kind: 'daily', tiers: [{ minBets: 1000, amount: 500 }] };

async function offer(from: Node, to: Node | string, body: Record<string, unknown>) {
  return as<Contract>(app, from, 'POST', OFFER, {
    downlineId: Number(typeof to === 'string' ? to : to.id),
    ...body,
  });
}
async function respond(who: Node, id: number, action: 'accept' | 'reject' | 'terminate') {
  return as<{ contract: Contract; terminated: number[] }>(app, who, 'POST', RESPOND, {
    contractId: id,
    action,
  });
}
async function contractCount(): Promise<number> {
  const [r] = await app.services.db.query<{ c: string }>('select count(*)::text as c from agent_contracts');
  return Number(r!.c);
}

describe('offers and their refusals', () => {
  it('an upline offers a contract to a direct downline agent; the downline is told', async () => {
    const r = await offer(A, B, daily);
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      kind: 'daily',
      period: null,
      status: 'pending',
      request: 'new',
      role: 'upline',
      upline: { id: Number(A.id), account: A.account },
      downline: { id: Number(B.id), account: B.account },
      acceptedAt: null,
    });
    const [n] = await notices(app, B.id, 'contract_offered');
    expect(n?.params).toMatchObject({ kind: 'daily', contractId: r.body.value!.id, account: A.account });
    // Withdrawn for the next tests.
    const w = await as<Contract>(app, A, 'POST', TERMINATE, { contractId: r.body.value!.id });
    expect(w.body.value).toMatchObject({ status: 'terminated', endReason: 'withdrawn', request: null });
  });

  it('refuses, writing nothing: pending twice, a player, a deeper member, bad tiers', async () => {
    const first = await offer(A, B, dividend(2000));
    expect(first.status).toBe(200);
    const before = await contractCount();
    const cases: [Node, Node, Record<string, unknown>, number, string][] = [
      [A, B, dividend(1000), 409, 'contracts.errors.already_pending'],
      [A, P, daily, 422, 'contracts.errors.not_agent'],
      [R, B, daily, 422, 'contracts.errors.not_direct_downline'],
      [A, C, { kind: 'dividend', tiers: [{ ratio: 100 }] }, 400, 'contracts.errors.bad_tiers'],
      [
        A,
        C,
        { kind: 'daily', period: 'weekly', tiers: [{ amount: 100 }] },
        400,
        'contracts.errors.bad_tiers',
      ],
      [A, C, { kind: 'daily', tiers: [{ ratio: 100 }] }, 400, 'contracts.errors.bad_tiers'],
      [A, C, { kind: 'daily', tiers: [{ minBets: 5 }] }, 400, 'contracts.errors.bad_tiers'],
      [A, C, { kind: 'hourly', tiers: [{ minBets: 5, amount: 100 }] }, 400, 'contracts.errors.bad_tiers'],
      [
        A,
        C,
        { kind: 'realtime', tiers: [{ minProfitLoss: 5, ratio: 100 }] },
        400,
        'contracts.errors.bad_tiers',
      ],
      [A, C, { kind: 'hourly', tiers: [{ ratio: 0 }] }, 400, 'contracts.errors.bad_tiers'],
    ];
    for (const [from, to, body, status, message] of cases) {
      const r = await offer(from, to, body);
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    // Extra fields (a status, an upline) are refused by the contract's strict body.
    expect((await offer(A, C, { ...daily, status: 'active' })).status).toBe(400);
    expect(await contractCount()).toBe(before);
    await as(app, A, 'POST', TERMINATE, { contractId: first.body.value!.id });
  });

  it('a member outside my team, my upline, me, an unknown id: one 404, each refusal logged', async () => {
    const before = await denials(app, A.id);
    const count = await contractCount();
    const answers = [];
    for (const target of [Y, X, R, A, '999999999']) answers.push(await offer(A, target, daily));
    for (const r of answers) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: 'contracts.errors.not_found',
      });
    }
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await denials(app, A.id)).toBe(before + 5);
    const logged = await app.services.db.query<{ endpoint: string; target: string }>(
      'select endpoint, target from agent_access_denials where member_id = $1 order by id desc limit 5',
      [A.id],
    );
    expect(logged.map((l) => `${l.endpoint} ${l.target}`).sort()).toEqual(
      [Y.id, X.id, R.id, A.id, '999999999'].map((id) => `agentContractOffer member:${id}`).sort(),
    );
    expect(await contractCount()).toBe(count);
  });

  it('a player gets 403 on every contract endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/wps/agent/contracts/info'],
      ['GET', '/wps/agent/contracts'],
      ['POST', OFFER],
      ['POST', TERMINATE],
      ['POST', RESPOND],
      ['GET', '/wps/relay/ACS_dividendRecord'],
      ['GET', '/wps/relay/ACS_dailySalaryRecord'],
      ['GET', '/wps/relay/ACS_hourSalaryRecord'],
      ['GET', '/wps/relay/ACS_realtimeSalaryRecord'],
    ] as const)
      expect(
        (await as(app, P, method, path, method === 'POST' ? { contractId: 1, action: 'accept' } : undefined))
          .status,
      ).toBe(403);
  });
});

describe('answers', () => {
  it('accept, reject, withdraw, termination request (rejected, then accepted), the downline ends one', async () => {
    const o1 = (await offer(A, B, daily)).body.value!;
    const rej = await respond(B, o1.id, 'reject');
    expect(rej.body.value?.contract).toMatchObject({
      status: 'rejected',
      endReason: 'rejected',
      request: null,
    });
    expect(await notices(app, A.id, 'contract_rejected')).toHaveLength(1);
    expect((await respond(B, o1.id, 'accept')).body.message).toBe('contracts.errors.not_pending');

    const o2 = (await offer(A, B, daily)).body.value!;
    const acc = await respond(B, o2.id, 'accept');
    expect(acc.status).toBe(200);
    expect(acc.body.value?.contract).toMatchObject({ status: 'active', request: null, role: 'downline' });
    const [row] = await app.services.db.query<{ accepted_at: Date; settled_until: Date }>(
      'select accepted_at, settled_until from agent_contracts where id = $1',
      [o2.id],
    );
    expect(row!.settled_until.getTime()).toBe(row!.accepted_at.getTime());

    // Info: B sees its active daily wage, A sees it among the wages it manages.
    const infoB = (await as<ContractInfo>(app, B, 'GET', '/wps/agent/contracts/info')).body.value!;
    expect(infoB.dailysalinfotype.map((c) => c.id)).toEqual([o2.id]);
    expect(infoB.dailysalreqtype).toEqual([]);
    const infoA = (await as<ContractInfo>(app, A, 'GET', '/wps/agent/contracts/info')).body.value!;
    expect(infoA.contractmrdailysalinfotype.map((c) => c.id)).toEqual([o2.id]);
    expect(infoA.dailysalinfotype).toEqual([]);

    // Termination request: the wrong side is told it is not theirs; twice is refused.
    expect((await as(app, B, 'POST', TERMINATE, { contractId: o2.id })).body.message).toBe(
      'contracts.errors.not_yours',
    );
    expect((await respond(A, o2.id, 'accept')).body.message).toBe('contracts.errors.not_yours');
    const req = await as<Contract>(app, A, 'POST', TERMINATE, { contractId: o2.id });
    expect(req.body.value).toMatchObject({ status: 'active', request: 'terminate' });
    expect((await as(app, A, 'POST', TERMINATE, { contractId: o2.id })).body.message).toBe(
      'contracts.errors.already_pending',
    );
    expect(
      (await as<ContractInfo>(app, B, 'GET', '/wps/agent/contracts/info')).body.value!.dailysalreqtype.map(
        (c) => c.id,
      ),
    ).toEqual([o2.id]);
    expect((await respond(B, o2.id, 'reject')).body.value?.contract).toMatchObject({
      status: 'active',
      request: null,
    });
    await as(app, A, 'POST', TERMINATE, { contractId: o2.id });
    const ended = await respond(B, o2.id, 'accept');
    expect(ended.body.value?.contract).toMatchObject({
      status: 'terminated',
      endReason: 'terminated_by_upline',
    });
    expect((await as(app, A, 'POST', TERMINATE, { contractId: o2.id })).body.message).toBe(
      'contracts.errors.not_active',
    );

    // The downline ends an active contract itself.
    const o3 = (await offer(A, B, daily)).body.value!;
    await respond(B, o3.id, 'accept');
    const t = await respond(B, o3.id, 'terminate');
    expect(t.body.value?.contract).toMatchObject({
      status: 'terminated',
      endReason: 'terminated_by_downline',
    });
    expect((await respond(B, o3.id, 'terminate')).body.message).toBe('contracts.errors.not_active');
    const ends = await notices(app, A.id, 'contract_terminated');
    expect(ends.at(-1)?.params).toMatchObject({ reason: 'terminated_by_downline', contractId: o3.id });
  });

  it('accepting a new contract of a kind supersedes the active one', async () => {
    const first = (await offer(A, C, daily)).body.value!;
    await respond(C, first.id, 'accept');
    const second = (await offer(A, C, { kind: 'daily', tiers: [{ minBets: 1, amount: 900 }] })).body.value!;
    const r = await respond(C, second.id, 'accept');
    expect(r.body.value?.contract).toMatchObject({ id: second.id, status: 'active' });
    const list = await as<{ items: Contract[]; total: number }>(app, C, 'GET', '/wps/agent/contracts', {
      kind: 'daily',
      role: 'downline',
    });
    const old = list.body.value!.items.find((c) => c.id === first.id);
    expect(old).toMatchObject({ status: 'terminated', endReason: 'superseded' });
    const active = await as<{ items: Contract[]; total: number }>(app, C, 'GET', '/wps/agent/contracts', {
      status: 'active',
    });
    expect(active.body.value!.items.map((c) => c.id)).toEqual([second.id]);
  });
});

describe('contract ids: only the two parties', () => {
  it('the other side, a sibling, the upline, a foreign agent, an unknown id: one 404, logged', async () => {
    const k = (await offer(A, B, { kind: 'hourly', tiers: [{ ratio: 50 }] })).body.value!;
    const probes: [Node, string, Record<string, unknown>][] = [];
    for (const who of [C, R, X, Y, P]) {
      probes.push([who, TERMINATE, { contractId: k.id }]);
      probes.push([who, RESPOND, { contractId: k.id, action: 'accept' }]);
    }
    probes.push(
      [A, TERMINATE, { contractId: 999_999_999 }],
      [B, RESPOND, { contractId: 999_999_999, action: 'reject' }],
    );
    const before = new Map<string, number>();
    for (const [who] of probes) before.set(who.id, await denials(app, who.id));
    const bodies = new Set<string>();
    for (const [who, path, body] of probes) {
      const r = await as(app, who, 'POST', path, body);
      if (who === P) {
        expect(r.status).toBe(403); // a player never reaches the contract
        continue;
      }
      expect(r.status).toBe(404);
      bodies.add(JSON.stringify(r.body));
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'contracts.errors.not_found',
    });
    for (const who of [C, R, X, Y]) expect(await denials(app, who.id)).toBe(before.get(who.id)! + 2);
    expect(await denials(app, A.id)).toBe(before.get(A.id)! + 1);
    const [state] = await app.services.db.query<{ status: string }>(
      'select status from agent_contracts where id = $1',
      [k.id],
    );
    expect(state!.status).toBe('pending');
    // Lists never show another pair's contracts.
    const cList = await as<{ items: Contract[] }>(app, C, 'GET', '/wps/agent/contracts', { kind: 'hourly' });
    expect(cList.body.value!.items).toEqual([]);
    await as(app, A, 'POST', TERMINATE, { contractId: k.id });
  });
});

describe('automatic termination (spec §4)', () => {
  it('a lower ratio accepted ends the higher ratios of my own downlines, active or offered', async () => {
    // R → A at 30 %; A → B at 25 % (active), A → C at 10 % (offered), A → C hourly (another kind).
    const ra = (await offer(R, A, dividend(3000))).body.value!;
    expect((await respond(A, ra.id, 'accept')).status).toBe(200);
    // A cannot offer above its own 30 %.
    expect((await offer(A, B, dividend(3500))).body.message).toBe('contracts.errors.ratio_above_own');
    const ab = (await offer(A, B, dividend(2500))).body.value!;
    await respond(B, ab.id, 'accept');
    const ac = (await offer(A, C, dividend(1000))).body.value!;
    const acHourly = (await offer(A, C, { kind: 'hourly', tiers: [{ ratio: 9000 }] })).body.value!;
    const bNotices = (await notices(app, B.id, 'contract_terminated')).length;

    // R offers A 20 %: accepting it ends A → B (25 %) but not A → C (10 %) nor the hourly one.
    const ra2 = (await offer(R, A, dividend(2000))).body.value!;
    const r = await respond(A, ra2.id, 'accept');
    expect(r.status).toBe(200);
    expect(r.body.value!.terminated).toEqual([ab.id]);
    const rows = await app.services.db.query<{ id: string; status: string; end_reason: string | null }>(
      'select id::text as id, status, end_reason from agent_contracts where id = any($1::bigint[]) order by agent_contracts.id',
      [[ra.id, ab.id, ac.id, acHourly.id, ra2.id]],
    );
    expect(rows.map((x) => [Number(x.id), x.status, x.end_reason])).toEqual([
      [ra.id, 'terminated', 'superseded'],
      [ab.id, 'terminated', 'ratio_above_upline'],
      [ac.id, 'pending', null],
      [acHourly.id, 'pending', null],
      [ra2.id, 'active', null],
    ]);
    const bEnds = await notices(app, B.id, 'contract_terminated');
    expect(bEnds).toHaveLength(bNotices + 1);
    expect(bEnds.at(-1)?.params).toMatchObject({ reason: 'ratio_above_upline', contractId: ab.id });
    expect((await notices(app, A.id, 'contract_terminated')).at(-1)?.params).toMatchObject({
      reason: 'ratio_above_upline',
      contractId: ab.id,
    });

    // A pending offer above the new ratio ends too: R offers A 5 %, A → C (10 %) is offered.
    const ra3 = (await offer(R, A, dividend(500))).body.value!;
    expect((await respond(A, ra3.id, 'accept')).body.value!.terminated).toEqual([ac.id]);
  });
});
