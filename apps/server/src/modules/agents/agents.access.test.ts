import { agentEndpoints, contractEndpoints, type Endpoint } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { fund, ledgerCounts, newKey, TEST_PAYMENT_PASSWORD, walletBalance } from '../../test/money.ts';
import {
  agentCall,
  denials,
  insertTree,
  seeded,
  sessionOf,
  type Answer,
  type TreeNode,
} from './test-tree.ts';
import { inSubtree, refuse, subtreeIds, TEAM_DEPTH_MAX } from './team.ts';

/**
 * Issue 8 access-control figures: the IDOR matrix, the property test over random trees, 403 for
 * every non-agent on every agent endpoint, and extra body fields that change nothing.
 */

let app: FastifyInstance;
beforeAll(async () => {
  // Many payment-password checks by one agent in one file.
  app = await buildTestApp({ passwordLimits: { perAccountPerHour: 10_000, perIpPerHour: 10_000 } });
});
afterAll(async () => app.close());

const REFUSAL = { success: false, code: 'NOT_FOUND', message: 'agent.errors.not_in_team' };
const UNKNOWN_ID = '9000000000';

/**
 * U (agent) ─┬─ A (me, agent) ─┬─ D1 (player)
 *            │                 └─ D2 (agent) ── D3 (player)
 *            └─ S (sibling agent) ── SM (player)
 * F (foreign agent) ── FM (player)
 */
async function matrixForest() {
  const t = await insertTree(app, [
    { parent: -1, type: 1 }, // 0 U
    { parent: 0, type: 2 }, // 1 A
    { parent: 1, type: 3 }, // 2 D1
    { parent: 1, type: 2 }, // 3 D2
    { parent: 3, type: 3 }, // 4 D3
    { parent: 0, type: 2 }, // 5 S
    { parent: 5, type: 3 }, // 6 SM
    { parent: -1, type: 1 }, // 7 F
    { parent: 7, type: 3 }, // 8 FM
  ]);
  const [U, A, D1, D2, D3, S, SM, F, FM] = t as [
    TreeNode,
    TreeNode,
    TreeNode,
    TreeNode,
    TreeNode,
    TreeNode,
    TreeNode,
    TreeNode,
    TreeNode,
  ];
  return { U, A, D1, D2, D3, S, SM, F, FM };
}

describe('the IDOR matrix', () => {
  it('5 id-taking endpoints × {own, foreign, sibling, upline, self, unknown}: 25/25 non-own cells refused alike (404 agent.errors.not_in_team) and logged; 5/5 own cells allowed', async () => {
    const { U, A, D1, D2, D3, S, SM, F, FM } = await matrixForest();
    const token = await sessionOf(app, A.id);
    await fund(app, A.id, 1_000_000);
    // Links: A's own, a foreign agent's, the sibling's, the upline's, one of A's downline agent's.
    const linkOf = async (owner: TreeNode) => {
      const r = await agentCall<{ id: number }>(
        app,
        await sessionOf(app, owner.id),
        'POST',
        '/wps/agent/links',
        {
          kind: 'member',
        },
      );
      expect(r.status).toBe(200);
      return String(r.body.value!.id);
    };
    const links = {
      own: await linkOf(A),
      foreign: await linkOf(F),
      sibling: await linkOf(S),
      upline: await linkOf(U),
      // A link is its owner's alone: even my own downline's link is not mine to retire.
      self: await linkOf(D2),
      unknown: UNKNOWN_ID,
    };
    const members = {
      own: D3.id,
      foreign: FM.id,
      sibling: SM.id,
      upline: U.id,
      self: A.id,
      unknown: UNKNOWN_ID,
    };
    const pay = { paymentPassword: TEST_PAYMENT_PASSWORD };
    type Cell = keyof typeof members;
    const endpoints: Record<string, (id: string) => Promise<Answer>> = {
      'agentDownlines?parentId': (id) =>
        agentCall(app, token, 'GET', '/wps/agent/downlines', { parentId: id }),
      agentDownlineStatus: (id) =>
        agentCall(app, token, 'PUT', '/wps/agent/downlines/status', {
          memberId: Number(id),
          status: 'active',
        }),
      agentTransferDownline: (id) =>
        agentCall(app, token, 'POST', '/wps/agent/downlines/transfer', {
          memberId: Number(id),
          amount: 1,
          key: newKey(),
          ...pay,
        }),
      agentRedEnvelope: (id) =>
        agentCall(app, token, 'POST', '/wps/agent/downlines/red-envelope', {
          memberIds: [Number(id)],
          amountEach: 1,
          key: newKey(),
          ...pay,
        }),
      agentDeleteInviteLink: (id) => agentCall(app, token, 'DELETE', '/wps/agent/links', { id }),
    };
    const cells: Cell[] = ['own', 'foreign', 'sibling', 'upline', 'self', 'unknown'];
    const table: Record<string, Record<string, string>> = {};
    let refused = 0;
    let allowed = 0;
    let refusedCells = 0;
    const bodies = new Set<string>();
    for (const [name, callWith] of Object.entries(endpoints)) {
      table[name] = {};
      for (const cell of cells) {
        const id = name === 'agentDeleteInviteLink' ? links[cell] : members[cell];
        const before = { denials: await denials(app, A.id), ledger: await ledgerCounts(app) };
        const r = await callWith(id);
        const after = { denials: await denials(app, A.id), ledger: await ledgerCounts(app) };
        if (cell === 'own') {
          expect(r.status, `${name} own`).toBe(200);
          expect(after.denials).toBe(before.denials);
          allowed++;
          table[name][cell] = `allowed ${r.status}`;
          continue;
        }
        refusedCells++;
        expect(r.status, `${name} ${cell}`).toBe(404);
        expect(r.body, `${name} ${cell}`).toEqual(REFUSAL);
        expect(after.denials, `${name} ${cell} logged`).toBe(before.denials + 1);
        expect(after.ledger, `${name} ${cell} moved nothing`).toEqual(before.ledger);
        bodies.add(JSON.stringify(r.body));
        refused++;
        table[name][cell] = `refused ${r.status}`;
      }
    }
    // A red envelope with one own and one foreign recipient: refused whole, nothing moves.
    const before = await ledgerCounts(app);
    const mixed = await agentCall(app, token, 'POST', '/wps/agent/downlines/red-envelope', {
      memberIds: [Number(D1.id), Number(FM.id)],
      amountEach: 1,
      key: newKey(),
      ...pay,
    });
    expect(mixed.body).toEqual(REFUSAL);
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, FM.id)).toBe(0);

    console.table(table);
    console.log(
      `IDOR matrix: ${refused}/${refusedCells} foreign/sibling/upline/self/unknown cells refused with one answer ` +
        `(${[...bodies].join(' ')}), each logged; ${allowed}/5 own cells allowed`,
    );
    expect(bodies.size).toBe(1);
    expect(refused).toBe(25);
    expect(allowed).toBe(5);
    const [logged] = await app.services.db.query<{ c: string; ip: number }>(
      `select count(*) as c, count(ip) as ip from agent_access_denials where member_id = $1`,
      [A.id],
    );
    expect(Number(logged!.c)).toBe(26);
    expect(Number(logged!.ip)).toBe(26);
  });
});

describe('refuse()', () => {
  it('writes the refusal and a warning line without secrets, and answers the one error', async () => {
    const [a] = await insertTree(app, [{ parent: -1, type: 1 }]);
    const lines: { obj: object; msg: string }[] = [];
    const log = { warn: (obj: object, msg: string) => void lines.push({ obj, msg }) };
    await expect(
      (async () => {
        throw await refuse(app.services.db, {
          actorId: a!.id,
          endpoint: 'agentDownlineStatus',
          target: 42,
          ip: '192.0.2.7',
          log,
        });
      })(),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'agent.errors.not_in_team' });
    const rows = await app.services.db.query(
      'select endpoint, target, ip from agent_access_denials where member_id = $1',
      [a!.id],
    );
    expect(rows).toEqual([{ endpoint: 'agentDownlineStatus', target: '42', ip: '192.0.2.7' }]);
    expect(lines).toEqual([
      {
        obj: { memberId: a!.id, endpoint: 'agentDownlineStatus', target: '42' },
        msg: 'agent call outside the team refused',
      },
    ]);
    const other = await refuse(app.services.db, {
      actorId: a!.id,
      endpoint: 'x',
      target: null,
      ip: null,
      message: 'contracts.errors.not_found',
    });
    expect(other).toMatchObject({ status: 404, message: 'contracts.errors.not_found' });
  });
});

describe('the property test over random agent trees', () => {
  const TREES = 50;
  const NODES_MAX = 200;
  const DEPTH_MAX = 6;
  it(`${TREES} seeded trees (depth ≤ ${DEPTH_MAX}, ≤ ${NODES_MAX} nodes): allowed exactly when the target is in the actor's subtree (inSubtree, subtreeIds and GET agentDownlines?parentId)`, async () => {
    const rnd = seeded(20261124);
    // One forest: each tree's nodes, parents as indices into the forest.
    const nodes: { parent: number; type: number }[] = [];
    const depth: number[] = [];
    const treeOf: number[] = [];
    const trees: number[][] = [];
    for (let tr = 0; tr < TREES; tr++) {
      const size = 2 + rnd.int(NODES_MAX - 1);
      const members: number[] = [];
      for (let i = 0; i < size; i++) {
        const idx = nodes.length;
        let parent = -1;
        if (i > 0) {
          // A parent among the tree's nodes that are not yet at the deepest level.
          const open = members.filter((m) => depth[m]! < DEPTH_MAX - 1);
          parent = open[rnd.int(open.length)]!;
        }
        nodes.push({ parent, type: parent === -1 ? 1 : rnd.next() < 0.7 ? 2 : 3 });
        depth.push(parent === -1 ? 0 : depth[parent]! + 1);
        treeOf.push(tr);
        members.push(idx);
      }
      trees.push(members);
    }
    const forest = await insertTree(app, nodes);
    /** The expected answer: the number of steps up from target to actor, or null. */
    const expected = (actor: number, target: number): number | null => {
      let steps = 0;
      for (let at = target; at !== -1; at = nodes[at]!.parent) {
        if (at === actor) return steps === 0 ? null : steps;
        steps++;
      }
      return null;
    };
    let checks = 0;
    let inside = 0;
    let endpointChecks = 0;
    const tokens = new Map<number, string>();
    for (let tr = 0; tr < TREES; tr++) {
      const members = trees[tr]!;
      // The root's whole subtree, and one random member's.
      for (const actor of [members[0]!, members[rnd.int(members.length)]!]) {
        const want = members.filter((m) => expected(actor, m) !== null).map((m) => forest[m]!.id);
        expect((await subtreeIds(app.services.db, forest[actor]!.id)).sort()).toEqual(want.sort());
      }
      for (let k = 0; k < 20; k++) {
        const actor = members[rnd.int(members.length)]!;
        const r = rnd.next();
        // The actor itself, a member of another tree, one of the actor's descendants (when it
        // has any: a random pick in the tree is rarely one), or any member of the same tree.
        const below = members.filter((m) => expected(actor, m) !== null);
        const target =
          r < 0.1
            ? actor
            : r < 0.25
              ? rnd.int(nodes.length)
              : r < 0.6 && below.length > 0
                ? below[rnd.int(below.length)]!
                : members[rnd.int(members.length)]!;
        const want = expected(actor, target);
        const got = await inSubtree(app.services.db, forest[actor]!.id, forest[target]!.id);
        expect(got, `tree ${tr}: ${actor} → ${target}`).toEqual(want === null ? null : { level: want });
        checks++;
        if (want !== null) inside++;
        // The real endpoint for some of them (the actor must be an agent to call it).
        if (k % 5 === 0 && nodes[actor]!.type !== 3) {
          let token = tokens.get(actor);
          if (!token) tokens.set(actor, (token = await sessionOf(app, forest[actor]!.id)));
          const res = await agentCall<{ total: number }>(app, token, 'GET', '/wps/agent/downlines', {
            parentId: forest[target]!.id,
            pageSize: 1,
          });
          expect(res.status, `endpoint tree ${tr}: ${actor} → ${target}`).toBe(want === null ? 404 : 200);
          if (want === null) expect(res.body).toEqual(REFUSAL);
          else {
            const children = nodes.filter((nd) => nd.parent === target).length;
            expect(res.body.value!.total).toBe(children);
          }
          endpointChecks++;
        }
      }
    }
    console.log(
      `property test: ${TREES} trees, ${nodes.length} members, ${checks} inSubtree pairs (${inside} inside), ` +
        `${endpointChecks} endpoint calls: all as expected`,
    );
    expect(checks).toBe(TREES * 20);
    expect(endpointChecks).toBeGreaterThan(50);
  });

  it('a cycle of uplines (corrupt data) ends at the depth cap instead of looping', async () => {
    const [a, b] = await insertTree(app, [
      { parent: -1, type: 2 },
      { parent: 0, type: 2 },
    ]);
    await app.services.db.query('update members set upline_id = $2 where id = $1', [a!.id, b!.id]);
    expect(await inSubtree(app.services.db, a!.id, b!.id)).toEqual({ level: 1 });
    expect(await inSubtree(app.services.db, a!.id, a!.id)).toBeNull();
    expect(await subtreeIds(app.services.db, a!.id)).toEqual([b!.id]);
    expect(TEAM_DEPTH_MAX).toBe(64);
  });
});

describe('non-agents', () => {
  const all = { ...agentEndpoints, ...contractEndpoints } as Record<string, Endpoint>;
  it(`players (type 3) and trial accounts (type 4) get 403 on all ${Object.keys(all).length} agent and contract endpoints, and nothing is written`, async () => {
    const [agent, player, trial] = await insertTree(app, [
      { parent: -1, type: 1 },
      { parent: 0, type: 3 },
      { parent: 0, type: 4 },
    ]);
    await fund(app, player!.id, 10_000);
    const before = { ledger: await ledgerCounts(app), denials: await denials(app, player!.id) };
    let forbidden = 0;
    for (const who of [player!, trial!]) {
      const token = await sessionOf(app, who.id);
      for (const ep of Object.values(all)) {
        const body =
          ep.method === 'GET' || ep.method === 'DELETE'
            ? { id: agent!.id }
            : { memberId: Number(agent!.id), amount: 1, kind: 'member', status: 'frozen' };
        const r = await agentCall(app, token, ep.method as 'GET', ep.path, body);
        expect(r.status, `${ep.id} as type ${who.type}`).toBe(403);
        expect(r.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'errors.agent_only' });
        forbidden++;
      }
    }
    expect(forbidden).toBe(2 * Object.keys(all).length);
    expect(await ledgerCounts(app)).toEqual(before.ledger);
    const [st] = await app.services.db.query<{ status: string }>('select status from members where id = $1', [
      agent!.id,
    ]);
    expect(st!.status).toBe('active');
    // A guest is told to sign in.
    const guest = await app.inject({ method: 'GET', url: '/wps/agent/team/overview' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('extra fields', () => {
  it('role, balance, upline and type in a body (or a query) are refused with 400 and change nothing', async () => {
    const [up, a, d] = await insertTree(app, [
      { parent: -1, type: 1 },
      { parent: 0, type: 2 },
      { parent: 1, type: 3 },
    ]);
    const token = await sessionOf(app, a!.id);
    await fund(app, a!.id, 5_000);
    const extra = { role: 'admin', balance: 999_999_999, upline: Number(up!.id), type: 1 };
    const count = async () => {
      const [r] = await app.services.db.query<{ members: string; links: string }>(
        `select (select count(*) from members) as members, (select count(*) from agent_links) as links`,
      );
      return { ...r, ledger: await ledgerCounts(app) };
    };
    const before = await count();
    const bodies: [string, 'POST' | 'PUT', Record<string, unknown>][] = [
      ['/wps/agent/downlines', 'POST', { kind: 'member', account: 'extrafield1', password: 'Kp7wz2Lq9' }],
      ['/wps/agent/links', 'POST', { kind: 'agent' }],
      ['/wps/agent/downlines/status', 'PUT', { memberId: Number(d!.id), status: 'frozen' }],
      [
        '/wps/agent/downlines/transfer',
        'POST',
        { memberId: Number(d!.id), amount: 10, paymentPassword: TEST_PAYMENT_PASSWORD, key: newKey() },
      ],
      [
        '/wps/agent/downlines/red-envelope',
        'POST',
        { memberIds: [Number(d!.id)], amountEach: 10, paymentPassword: TEST_PAYMENT_PASSWORD, key: newKey() },
      ],
    ];
    for (const [path, method, body] of bodies) {
      for (const [k, v] of Object.entries(extra)) {
        const r = await agentCall(app, token, method, path, { ...body, [k]: v });
        expect(r.status, `${path} + ${k}`).toBe(400);
        expect(r.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      }
    }
    const q = await agentCall(app, token, 'GET', '/wps/agent/downlines', { type: 1 });
    expect(q.status).toBe(400);
    expect(await count()).toEqual(before);
    const [row] = await app.services.db.query<{ type: number; upline_id: string; status: string }>(
      'select m.type, m.upline_id::text as upline_id, d.status from members m, members d where m.id = $1 and d.id = $2',
      [a!.id, d!.id],
    );
    expect(row).toEqual({ type: 2, upline_id: up!.id, status: 'active' });
    expect(await walletBalance(app, a!.id)).toBe(5_000);
  });
});
