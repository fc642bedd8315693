import { randomBytes } from 'node:crypto';
import { endpointList, endpoints, type Endpoint } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTree, sessionOf } from '../modules/agents/test-tree.ts';
import { ensurePeriods, gameByCode } from '../modules/lottery/lottery.repository.ts';
import { launchSlot, spin } from '../test/games.ts';
import { fieldsOf, validBase } from '../test/fuzz.ts';
import { buildTestApp } from '../test/helper.ts';
import { fund, ledgerCounts, newKey, TEST_PAYMENT_PASSWORD, walletBalance } from '../test/money.ts';

/**
 * Issue 11: the IDOR matrix, generated from the route table. Every field of every endpoint whose
 * name says it identifies something (id, …Id, …Ids, key, ticket, account, slug) must be known
 * here: either an object owned by one member or agent — then member A sends member B's object (an
 * agent another agent's downline) and must get 403/404 with nothing changed — or a named reason
 * why the field is not an ownership question (a public catalogue id, a capability, an
 * idempotency key scoped per member …). A new endpoint with an unknown id-like field fails the
 * first test by name, so no route joins the table uncovered.
 */

const ID_LIKE = /^(id|ids)$|Ids?$|^(key|ticket|account|slug)$|Key$/;

type Resource =
  | 'bankCard'
  | 'withdrawal'
  | 'message'
  | 'gameBet'
  | 'lotteryBet'
  | 'lotteryChase'
  | 'downline'
  | 'downlineAccount'
  | 'inviteLink'
  | 'contract'
  | 'promoEntry'
  | 'reward'
  | 'redEnvelope';

type Coverage =
  | { owned: Resource; /** A list filter: may answer 200, but with none of B's rows. */ filter?: true }
  | { not: string };

const PUBLIC = (what: string): Coverage => ({ not: `public catalogue id (${what}): anyone may name it` });
const CAPABILITY = (what: string): Coverage => ({
  not: `a capability (${what}): unguessable, bound to its session or signed; tested by its module`,
});
const IDEMPOTENCY: Coverage = {
  not: 'idempotency key: scoped per member (primary key member_id, key — checked below)',
};
const ENVELOPE: Coverage = { not: 'the encrypted envelope (keyId, wrapped key): no object of anyone' };

/** `endpointId.field` → how the matrix covers it. */
const COVERAGE: Record<string, Coverage> = {
  'login.keyId': ENVELOPE,
  'login.key': ENVELOPE,
  'freePlayLogin.keyId': ENVELOPE,
  'freePlayLogin.key': ENVELOPE,
  'register.keyId': ENVELOPE,
  'register.key': ENVELOPE,
  'registerMobile.keyId': ENVELOPE,
  'registerMobile.key': ENVELOPE,
  'changePassword.keyId': ENVELOPE,
  'changePassword.key': ENVELOPE,
  'loginVerifySend.challengeId': CAPABILITY('login challenge, session/login tests'),
  'loginVerify.challengeId': CAPABILITY('login challenge, session/login tests'),
  'register.recommenderId': PUBLIC('a referrer code typed at registration'),
  'registerMobile.recommenderId': PUBLIC('a referrer code typed at registration'),
  'telegramLogin.id': CAPABILITY('Telegram user id signed by the bot hash, social tests'),
  'walletTransfer.key': IDEMPOTENCY,
  'walletCollect.key': IDEMPOTENCY,
  'transferUpline.key': IDEMPOTENCY,
  'createDeposit.channelId': PUBLIC("the merchant's deposit channels"),
  'createDeposit.key': IDEMPOTENCY,
  'removeBankCard.id': { owned: 'bankCard' },
  'withdraw.bankCardId': { owned: 'bankCard' },
  'withdraw.key': IDEMPOTENCY,
  'c2cConfirm.withdrawalId': { owned: 'withdrawal' },
  'c2cConfirm.key': IDEMPOTENCY,
  'c2cProof.withdrawalId': { owned: 'withdrawal' },
  'readMessage.id': { owned: 'message' },
  'favouriteAdd.gameId': PUBLIC('game'),
  'favouriteRemove.gameId': PUBLIC('game'),
  'launchGame.gameId': PUBLIC('game'),
  'launchGameV2.gameId': PUBLIC('game'),
  'launchGameV2.nodeId': PUBLIC('whitelabel node'),
  'betDetail.id': { owned: 'gameBet' },
  'studioSession.ticket': CAPABILITY('launch ticket, games/launch tests'),
  'studioSpin.ticket': CAPABILITY('launch ticket'),
  'studioSpin.requestId': IDEMPOTENCY,
  'vendorLaunch.ticket': CAPABILITY('launch ticket, HMAC-signed vendor call'),
  'vendorBalance.ticket': CAPABILITY('launch ticket, HMAC-signed vendor call'),
  'vendorDebit.ticket': CAPABILITY('launch ticket, HMAC-signed vendor call'),
  'vendorDebit.txId': CAPABILITY('HMAC-signed vendor call, vendor-protocol tests'),
  'vendorDebit.roundId': CAPABILITY('HMAC-signed vendor call'),
  'vendorDebit.gameId': PUBLIC('game'),
  'vendorCredit.ticket': CAPABILITY('launch ticket, HMAC-signed vendor call'),
  'vendorCredit.txId': CAPABILITY('HMAC-signed vendor call'),
  'vendorCredit.roundId': CAPABILITY('HMAC-signed vendor call'),
  'vendorRollback.ticket': CAPABILITY('launch ticket, HMAC-signed vendor call'),
  'vendorRollback.txId': CAPABILITY('HMAC-signed vendor call'),
  'vendorRollback.roundId': CAPABILITY('HMAC-signed vendor call'),
  'vendorRollback.debitTxId': CAPABILITY('HMAC-signed vendor call'),
  'studioBaccaratTables.ticket': CAPABILITY('launch ticket'),
  'studioBaccaratState.ticket': CAPABILITY('launch ticket'),
  'studioBaccaratBet.ticket': CAPABILITY('launch ticket'),
  'studioBaccaratBet.roundId': PUBLIC("a table's shared round"),
  'studioBaccaratBet.requestId': IDEMPOTENCY,
  'sportsFixtures.ticket': CAPABILITY('launch ticket'),
  'sportsPlaceBet.ticket': CAPABILITY('launch ticket'),
  'sportsPlaceBet.requestId': IDEMPOTENCY,
  'sportsMyBets.ticket': CAPABILITY('launch ticket'),
  'studioFishConfig.ticket': CAPABILITY('launch ticket'),
  'studioFishShoot.ticket': CAPABILITY('launch ticket'),
  'studioFishShoot.requestId': IDEMPOTENCY,
  'studioPvpLobby.ticket': CAPABILITY('launch ticket'),
  'studioPvpJoin.ticket': CAPABILITY('launch ticket'),
  'studioPvpJoin.roomId': PUBLIC('a shared pvp room'),
  'studioPvpLeave.ticket': CAPABILITY('launch ticket'),
  'studioPvpDeal.ticket': CAPABILITY('launch ticket'),
  'studioPvpDeal.roomId': PUBLIC('a shared pvp room'),
  'studioPvpDeal.requestId': IDEMPOTENCY,
  'lotteryPlaceBets.idempotencyKey': IDEMPOTENCY,
  'lotteryBets.chaseId': { owned: 'lotteryChase', filter: true },
  'lotteryCancelBet.betId': { owned: 'lotteryBet' },
  'lotteryCancelChase.chaseId': { owned: 'lotteryChase' },
  'agentCreateDownline.account': { not: 'the account name of a member being created' },
  'agentDeleteInviteLink.id': { owned: 'inviteLink' },
  'agentDownlines.account': { owned: 'downlineAccount', filter: true },
  'agentDownlines.parentId': { owned: 'downline' },
  'agentDownlineStatus.memberId': { owned: 'downline' },
  'agentTransferDownline.memberId': { owned: 'downline' },
  'agentTransferDownline.key': IDEMPOTENCY,
  'agentRedEnvelope.memberIds': { owned: 'downline' },
  'agentRedEnvelope.key': IDEMPOTENCY,
  'agentTeamBets.account': { owned: 'downlineAccount', filter: true },
  'agentProfitLoss.account': { owned: 'downlineAccount', filter: true },
  'agentTransactions.account': { owned: 'downlineAccount', filter: true },
  'agentContractOffer.downlineId': { owned: 'downline' },
  'agentContractTerminate.contractId': { owned: 'contract' },
  'agentContractRespond.contractId': { owned: 'contract' },
  'promoDetail.id': PUBLIC('promotion'),
  'promoJoin.id': PUBLIC('promotion open to every member'),
  'promoClaim.entryId': { owned: 'promoEntry' },
  'promoClaim.key': IDEMPOTENCY,
  'raffleClaim.entryId': { owned: 'promoEntry' },
  'raffleClaim.key': IDEMPOTENCY,
  'pointsRewardDetail.id': PUBLIC('points goods'),
  'pointsRedeem.goodsId': PUBLIC('points goods'),
  'pointsRedeem.key': IDEMPOTENCY,
  'pointsConvert.key': IDEMPOTENCY,
  'rewardClaim.rewardId': { owned: 'reward' },
  'rewardClaim.key': IDEMPOTENCY,
  'redEnvelopeOpen.id': { owned: 'redEnvelope' },
  'blogPost.slug': PUBLIC('blog post'),
};

/** Every id-like field of the route table, as `endpointId.field`. */
function idLikeFields(): { name: string; e: Endpoint; field: string }[] {
  return endpointList.flatMap((e) =>
    [...fieldsOf(e.request), ...fieldsOf(e.payload)]
      .filter((f) => ID_LIKE.test(f.name))
      .map((f) => ({ name: `${e.id}.${f.name}`, e, field: f.name })),
  );
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ passwordLimits: { perAccountPerHour: 10_000, perIpPerHour: 10_000 } });
});
afterAll(async () => app.close());

const db = () => app.services.db;
async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await db().query<T & Record<string, unknown>>(sql, params);
  return row as T;
}
async function call(token: string, e: Endpoint, input: Record<string, unknown>) {
  const inQuery = e.method === 'GET' || e.method === 'DELETE';
  const qs = inQuery
    ? `?${new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : '';
  const res = await app.inject({
    method: e.method,
    url: `${e.path}${qs}`,
    headers: { authorization: `Bearer ${token}` },
    ...(inQuery ? {} : { payload: input }),
  });
  return { status: res.statusCode, body: res.body };
}

/** B's object: its id as the field takes it, a marker of B's data, and a snapshot of its state. */
interface Owned {
  value: unknown;
  marker: string;
  snapshot: () => Promise<unknown>;
}
interface Parties {
  /** The stranger who calls (member A, or agent A for agent endpoints). */
  a: string;
  /** The owner (member B, or agent B). */
  b: string;
  /** B's downline (agent fixtures). */
  d: string;
  dAccount: string;
  /** A's own downline (the control). */
  aDown: string;
  aDownAccount: string;
}

const rowOf = (table: string, id: unknown) => () => db().query(`select * from ${table} where id = $1`, [id]);

async function parties(agent: boolean): Promise<Parties> {
  const t = await insertTree(app, [
    { parent: -1, type: agent ? 2 : 3 }, // A
    { parent: -1, type: agent ? 2 : 3 }, // B
    { parent: 1, type: 2 }, // B's downline agent
    { parent: 0, type: 2 }, // A's own downline agent
  ]);
  for (const n of t) await fund(app, n.id, 1_000_000);
  return {
    a: t[0]!.id,
    b: t[1]!.id,
    d: t[2]!.id,
    dAccount: t[2]!.account,
    aDown: t[3]!.id,
    aDownAccount: t[3]!.account,
  };
}

let lotteryCounter = 0;
/** An hourly game (its first period closes 10 s before the hour: a bet now is all but sure to be on sale). */
async function lotteryGame(): Promise<{ code: string; numero: string }> {
  const code = `TIDOR_${++lotteryCounter}_${randomBytes(3).toString('hex').toUpperCase()}`;
  await db().query(
    `insert into lottery_games (merchant_id, code, label, group_code, prize_mode, kind, interval_seconds,
                                close_seconds, default_play_type, play_types, vassalage, catalogue_game_id, status)
     select m.id, $1, 'Idor Lotto', 'TEST', 'Lott', 'digit5', 3600, 10, 'BIG_SMALL', array['BIG_SMALL'], 'LOTTO',
            (select id from games where code = 'LOTTO_LUCKY_5D'), 'active'
       from merchants m order by m.id limit 1`,
    [code],
  );
  const merchant = await one<{ id: number }>('select id from merchants order by id limit 1');
  const game = await gameByCode(db(), merchant.id, code);
  const now = app.services.now();
  const periods = await ensurePeriods(db(), game!, now, 5);
  // Not the period that closes in the next minute (the hourly draw is at hh:30 UTC in the
  // merchant's zone: a run in its last 10 s met betting_closed in CI); a later one is on sale too.
  const onSale = periods.find((p) => p.closeAt.getTime() - now.getTime() > 60_000);
  return { code, numero: onSale!.numero };
}

/** Makes B's object of each kind (through the real routes where they are short). */
const FIXTURES: Record<Resource, (p: Parties) => Promise<Owned>> = {
  async bankCard(p) {
    const r = await one<{ id: string }>(
      `insert into bank_cards (member_id, bank_name, account_name, account_number)
       values ($1, 'KBZ', 'B Owner', '12345678901') returning id::text as id`,
      [p.b],
    );
    return { value: Number(r.id), marker: '12345678901', snapshot: rowOf('bank_cards', r.id) };
  },
  async withdrawal(p) {
    const card = await FIXTURES.bankCard(p);
    const res = await call(await sessionOf(app, p.b), endpoints.withdraw, {
      bankCardId: card.value,
      amount: 100_000,
      paymentPassword: TEST_PAYMENT_PASSWORD,
      key: newKey(),
    });
    if (res.status !== 200) throw new Error(`withdraw fixture: ${res.status} ${res.body}`);
    const w = await one<{ id: string }>(
      'select id::text as id from withdrawals where member_id = $1 order by id desc limit 1',
      [p.b],
    );
    return { value: Number(w.id), marker: '12345678901', snapshot: rowOf('withdrawals', w.id) };
  },
  async message(p) {
    const r = await one<{ id: string }>(
      `insert into messages (member_id, kind, title, body) values ($1, 'mail', 'For B only', 'secret-of-b')
       returning id::text as id`,
      [p.b],
    );
    return { value: Number(r.id), marker: 'secret-of-b', snapshot: rowOf('messages', r.id) };
  },
  async gameBet(p) {
    const l = await launchSlot(app, await sessionOf(app, p.b), { vassalage: 'LOTUS' });
    const round = (await spin(app, l.ticket, 2_000)).body.value!.roundId;
    const r = await one<{ id: string }>('select id::text as id from bet_records where round_id = $1', [
      round,
    ]);
    return { value: Number(r.id), marker: round, snapshot: rowOf('bet_records', r.id) };
  },
  async lotteryBet(p) {
    const { bets } = await placeLottery(p, false);
    return { value: bets, marker: `"id":${bets}`, snapshot: rowOf('lottery_bets', bets) };
  },
  async lotteryChase(p) {
    const { chaseId } = await placeLottery(p, true);
    return { value: chaseId, marker: `"chaseId":${chaseId}`, snapshot: rowOf('lottery_chases', chaseId) };
  },
  async downline(p) {
    return { value: Number(p.d), marker: p.dAccount, snapshot: rowOf('members', p.d) };
  },
  async downlineAccount(p) {
    return { value: p.dAccount, marker: p.dAccount, snapshot: rowOf('members', p.d) };
  },
  async inviteLink(p) {
    const res = await call(await sessionOf(app, p.b), endpoints.agentCreateInviteLink, { kind: 'member' });
    if (res.status !== 200) throw new Error(`link fixture: ${res.status} ${res.body}`);
    const id = (JSON.parse(res.body) as { value: { id: number } }).value.id;
    return { value: id, marker: `"id":${id}`, snapshot: rowOf('agent_links', id) };
  },
  async contract(p) {
    const r = await one<{ id: string }>(
      `insert into agent_contracts (merchant_id, upline_id, downline_id, kind, tiers, status, request)
       select merchant_id, $1, $2, 'daily', '[{"minBets":1000,"amount":500}]'::jsonb, 'pending', 'new'
         from members where id = $1 returning id::text as id`,
      [p.b, p.d],
    );
    return { value: Number(r.id), marker: p.dAccount, snapshot: rowOf('agent_contracts', r.id) };
  },
  async promoEntry(p) {
    const r = await one<{ id: string }>(
      `insert into promotion_entries (promotion_id, member_id, seq, state, joined_at, amount, decided_at)
       select id, $1, 1, 'approved', now(), 5000, now() from promotions order by id limit 1
       returning id::text as id`,
      [p.b],
    );
    return { value: Number(r.id), marker: `"entryId":${r.id}`, snapshot: rowOf('promotion_entries', r.id) };
  },
  async reward(p) {
    const r = await one<{ id: string }>(
      `insert into rewards (merchant_id, member_id, source, source_key, amount, title)
       select merchant_id, $1, 'grant', $2, 5000, 'for B' from members where id = $1 returning id::text as id`,
      [p.b, `idor-${randomBytes(4).toString('hex')}`],
    );
    return { value: Number(r.id), marker: `"id":${r.id}`, snapshot: rowOf('rewards', r.id) };
  },
  async redEnvelope(p) {
    // Agent-made: B's upline sends B a red envelope through the real route.
    const [sender] = await insertTree(app, [{ parent: -1, type: 2 }]);
    await fund(app, sender!.id, 100_000);
    await db().query('update members set upline_id = $1 where id = $2', [sender!.id, p.b]);
    const res = await call(await sessionOf(app, sender!.id), endpoints.agentRedEnvelope, {
      memberIds: [Number(p.b)],
      amountEach: 1_000,
      paymentPassword: TEST_PAYMENT_PASSWORD,
      key: newKey(),
    });
    if (res.status !== 200) throw new Error(`red envelope fixture: ${res.status} ${res.body}`);
    const r = await one<{ id: string }>('select id::text as id from red_envelopes where member_id = $1', [
      p.b,
    ]);
    return { value: Number(r.id), marker: `"id":${r.id}`, snapshot: rowOf('red_envelopes', r.id) };
  },
};

async function placeLottery(p: Parties, chase: boolean): Promise<{ bets: number; chaseId: number }> {
  const g = await lotteryGame();
  const res = await call(await sessionOf(app, p.b), endpoints.lotteryPlaceBets, {
    gameCode: g.code,
    numero: g.numero,
    idempotencyKey: newKey(),
    lines: [{ playType: 'BIG_SMALL', selection: [['big']], unit: 1_000, multiplier: 1 }],
    ...(chase ? { chase: { periods: 3, stopOnWin: false } } : {}),
  });
  if (res.status !== 200) throw new Error(`lottery fixture: ${res.status} ${res.body}`);
  const v = (JSON.parse(res.body) as { value: { bets: { id: number }[]; chaseId: number | null } }).value;
  return { bets: v.bets[0]!.id, chaseId: v.chaseId ?? 0 };
}

/** The rest of a request that A may legitimately send (A's own passwords, a fresh key). */
function bodyFor(e: Endpoint, field: string, value: unknown): Record<string, unknown> {
  const inQuery = e.method === 'GET' || e.method === 'DELETE';
  const fields = fieldsOf(e.request);
  const base = validBase(fields, inQuery);
  const names = new Set(fields.map((f) => f.name));
  // Other optional identifiers stay out (a sample parentId would name nobody's member).
  for (const f of fields) if (f.optional && ID_LIKE.test(f.name) && f.name !== 'key') delete base[f.name];
  const set = (k: string, v: unknown) => {
    if (names.has(k)) base[k] = v;
  };
  set('paymentPassword', TEST_PAYMENT_PASSWORD);
  set('key', newKey());
  set('amount', 100_000);
  set('amountEach', 1_000);
  set('outcome', 'full');
  set('action', 'accept');
  set('status', e.id === 'agentDownlineStatus' ? 'frozen' : base.status);
  if (e.id === 'c2cProof') base.images = [{ type: 'image/png', data: 'iVBORw0KGgo=' }];
  if (e.id === 'c2cConfirm') delete base.amountReceived;
  if (e.id === 'agentContractOffer')
    Object.assign(base, { kind: 'daily', tiers: [{ minBets: 1000, amount: 500 }] });
  if (e.id === 'agentContractOffer') delete base.period;
  base[field] = field.endsWith('Ids') ? [value] : value;
  return base;
}

describe('the IDOR matrix, generated from the route table (issue 11)', () => {
  it('knows every id-like field of every endpoint (a new one must be added here)', () => {
    const all = idLikeFields();
    const unknown = all.filter((x) => !(x.name in COVERAGE)).map((x) => x.name);
    expect(unknown, `id-like fields the IDOR matrix does not cover: ${unknown.join(', ')}`).toEqual([]);
    const names = new Set(all.map((x) => x.name));
    const stale = Object.keys(COVERAGE).filter((k) => !names.has(k));
    expect(stale, 'entries for fields that no longer exist').toEqual([]);
  });

  it('keeps idempotency keys per member', async () => {
    const [pk] = await db().query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
        where c.conrelid = 'idempotency_keys'::regclass and c.contype = 'p'`,
    );
    expect(pk?.def).toBe('PRIMARY KEY (member_id, key)');
  });

  const owned = idLikeFields().flatMap((x) => {
    const c = COVERAGE[x.name];
    return c && 'owned' in c ? [[x.name, x.e, x.field, c] as const] : [];
  });
  it.each(owned)("%s: A sends B's object", async (_name, e, field, c) => {
    const agent = e.auth === 'agent';
    const p = await parties(agent);
    const obj = await FIXTURES[c.owned](p);
    const state = async () => ({
      obj: await obj.snapshot(),
      a: await walletBalance(app, p.a),
      b: await walletBalance(app, p.b),
      d: await walletBalance(app, p.d),
      ledger: await ledgerCounts(app),
    });
    // The control: A's own object of the same kind, the same call, is not refused as unknown or
    // forbidden, so the refusal below is about whose object it is.
    const mine = await FIXTURES[c.owned]({ ...p, a: p.b, b: p.a, d: p.aDown, dAccount: p.aDownAccount });
    const own = await call(await sessionOf(app, p.a), e, bodyFor(e, field, mine.value));
    expect(
      [403, 404],
      `control, A's own object: ${e.id}.${field} → ${own.status} ${own.body.slice(0, 300)}`,
    ).not.toContain(own.status);
    const before = await state();
    const res = await call(await sessionOf(app, p.a), e, bodyFor(e, field, obj.value));
    const label = `${e.id}.${field} → ${res.status} ${res.body.slice(0, 300)}`;
    if (c.filter && res.status === 200) expect(res.body, label).not.toContain(obj.marker);
    else expect([403, 404], label).toContain(res.status);
    expect(res.body, label).not.toContain(obj.marker);
    expect(await state(), `${label}: nothing changed`).toEqual(before);
  });
});
