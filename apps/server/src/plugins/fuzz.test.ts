import { appendFileSync } from 'node:fs';
import { endpointList, type Endpoint } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTree, sessionOf } from '../modules/agents/test-tree.ts';
import { secureCall } from '../test/accounts.ts';
import { catalogueKeys, fuzzCases, runCases, studioBases, type FuzzFinding } from '../test/fuzz.ts';
import { buildTestApp } from '../test/helper.ts';
import { expectLedgerSound, fund, ledgerCounts, walletBalance } from '../test/money.ts';

/**
 * Issue 11 schema fuzz, the `npm test` form: for every endpoint of the contract table a seeded
 * sample of the invalid requests generated from its own schema (test/fuzz.ts: every wrong kind
 * per field, valid bodies mutated one field at a time, structural body/query/header breakage,
 * naughty strings in string fields), sent as a guest, as a member and (agent endpoints) as an
 * agent. 0 answers ≥ 500, no stack/path/SQL text, every error the envelope with a catalogue
 * key, and no money moved. The full form (≥ 500 per endpoint, all 485 naughty strings in every
 * string field) is `npm run bench:fuzz`. errors.test.ts keeps its fixed junk matrix; this file
 * is the schema-derived part.
 */

/** Cases per endpoint and caller here; the bench sends all of them. */
const PER_ENDPOINT = Number(process.env.FUZZ_PER_ENDPOINT ?? 40);
const NAUGHTY_PER_FIELD = Number(process.env.FUZZ_NAUGHTY_PER_FIELD ?? 6);

let app: FastifyInstance;
let keys: Set<string>;
let sent = 0;
/** A member whose game tickets the studio and vendor-protocol cases carry (studioBases). */
let launcher: string;
let baseOf: (e: Endpoint) => Record<string, unknown> | undefined;

beforeAll(async () => {
  // Wrong payment and login passwords by the thousand: the hourly budgets are not under test here.
  app = await buildTestApp({ passwordLimits: { perAccountPerHour: 1_000_000, perIpPerHour: 1_000_000 } });
  keys = catalogueKeys();
  const [l] = await insertTree(app, [{ parent: -1, type: 3 }]);
  launcher = l!.id;
  await fund(app, launcher, 1_000_000);
  baseOf = await studioBases(app, await sessionOf(app, launcher));
});
afterAll(async () => app.close());

/** What the fuzz of one endpoint must leave alone: the callers' balances and the ledger. */
async function moneyState(ids: string[]) {
  return {
    balances: await Promise.all(ids.map((id) => walletBalance(app, id))),
    ...(await ledgerCounts(app)),
  };
}

describe('schema fuzz (issue 11)', () => {
  it.each(endpointList.map((e) => [e.id, e] as [string, Endpoint]))('%s', async (_id, e) => {
    const cases = fuzzCases(e, { limit: PER_ENDPOINT, naughtyPerField: NAUGHTY_PER_FIELD, base: baseOf(e) });
    // A member and an agent of their own per endpoint, with money: a case may end a session,
    // time the member out or self-exclude them (the protection calls), which must not blind the next endpoint.
    const [m, a] = await insertTree(app, [
      { parent: -1, type: 3 },
      { parent: -1, type: 2 },
    ]);
    const callers: [string, string | null][] = [
      ['guest', null],
      ['member', m!.id],
    ];
    if (e.auth === 'agent') callers.push(['agent', a!.id]);
    for (const [, id] of callers) if (id) await fund(app, id, 500_000);
    const ids = [...callers.flatMap(([, id]) => (id ? [id] : [])), launcher];
    const sessions = new Map<string, Record<string, string>>();
    for (const [caller, id] of callers)
      sessions.set(caller, id ? { authorization: `Bearer ${await sessionOf(app, id)}` } : {});
    const found: FuzzFinding[] = [];
    const send = async (part: typeof cases) => {
      for (const [caller] of callers) {
        const r = await runCases(app, e, part, caller, sessions.get(caller)!, keys);
        sent += r.sent;
        found.push(...r.findings);
      }
    };
    // Invalid requests first: they must leave every balance and the ledger as they were.
    const before = await moneyState(ids);
    await send(cases.filter((c) => !c.validBody));
    const after = await moneyState(ids);
    // Then the valid requests with junk headers: they may act, and still never fail or leak.
    await send(cases.filter((c) => c.validBody));
    if (process.env.FUZZ_DUMP)
      appendFileSync(process.env.FUZZ_DUMP, found.map((f) => JSON.stringify(f) + '\n').join(''));
    expect(found.map((f) => `${f.caller} ${f.label}: ${f.problem} → ${f.status} ${f.body}`)).toEqual([]);
    expect(after, 'no money moved, no ledger row written').toEqual(before);
  });

  it('left the ledger sound and Object.prototype clean', async () => {
    expect(sent).toBeGreaterThanOrEqual(endpointList.length * 2 * Math.min(PER_ENDPOINT, 500));
    await expectLedgerSound(app);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('what the fuzz found', () => {
  // Postgres text cannot hold U+0000: these reached a query and answered 500 before route.ts
  // refused a NUL anywhere in a query, a body or a decrypted payload.
  it.each([
    ['GET', '/wps/agent/affiliate?code=abc12345%00'],
    ['GET', '/wps/relay/GLS_vendor?merchantCode=abc%00'],
    ['GET', '/wps/blog/post?slug=a%00b'],
  ])('%s %s answers 422, not 500', async (method, url) => {
    const res = await app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UNPROCESSABLE',
      message: 'errors.invalid_format',
    });
  });

  it('refuses a NUL in a body field, a body key and an encrypted payload', async () => {
    const feedback = await app.inject({
      method: 'POST',
      url: '/wps/feedback',
      payload: { questionType: 'other', content: 'a\u0000b' },
    });
    expect(feedback.statusCode).toBe(422);
    expect(feedback.json()).toMatchObject({
      code: 'UNPROCESSABLE',
      fields: { content: 'errors.invalid_format' },
    });
    const key = await app.inject({ method: 'POST', url: '/wps/feedback', payload: { 'a\u0000': 1 } });
    expect(key.statusCode).toBe(422);
    const [m] = await insertTree(app, [{ parent: -1, type: 3 }]);
    const token = await sessionOf(app, m!.id);
    const res = await secureCall(
      app,
      'POST',
      '/wps/member/password',
      { oldPassword: 'Test2026pw\u0000', newPassword: 'Other2026pw', confirmNewPassword: 'Other2026pw' },
      { token },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { oldPassword: 'errors.invalid_format' },
    });
  });

  // Game and room ids are int4 (serial): 2^31 and up passed the schema and failed in the query.
  it.each([
    ['GET', '/wps/game/launchGame?gameId=0xffffffff', undefined],
    ['GET', '/wps/game/launchGame?gameId=2147483648', undefined],
    ['POST', '/wps/game/launchGameV2', { gameId: 2147483648 }],
    ['POST', '/wps/relay/GLS_favouriteAdd', { gameId: 4294967295 }],
    ['POST', '/wps/relay/GLS_favouriteRemove', { gameId: 2 ** 53 - 1 }],
    ['POST', '/studio/api/pvp/join', { ticket: 'x'.repeat(43), roomId: 2147483648 }],
  ])('%s %s %j answers 400, not 500', async (method, url, payload) => {
    const [m] = await insertTree(app, [{ parent: -1, type: 3 }]);
    const res = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { authorization: `Bearer ${await sessionOf(app, m!.id)}` },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
