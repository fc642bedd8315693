import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { DEMO_GAMES, freePlay, gameId, launch, launchSlot, slotOf, ticketOf } from '../../test/games.ts';
import { moneyMember, walletBalance } from '../../test/money.ts';
import { hashTicket } from './vendor-protocol.service.ts';
import { TRIAL_BALANCE } from './launch.service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const v2 = (token: string | undefined, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/wps/game/launchGameV2',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: {
      accountType: 1,
      confirmTrans: 0,
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: 3,
      language: 'en',
      ...body,
    },
  });

describe('launch (spec §4, §7)', () => {
  it('launches a slot for real money: a ticket in the studio address, stored hashed, a recent game', async () => {
    const m = await moneyMember(app, { balance: 100_000 });
    const slot = await slotOf(app, 'LOTUS');
    const r = await launch(app, slot.id, { token: m.token, language: 'EN' });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ mode: 'real' });
    expect(r.body.value?.transferred).toBeUndefined();
    expect(r.body.value?.game_url).toMatch(/^\/studio\/\?ticket=LOTUS-[A-Za-z0-9_-]{43}&lang=en$/);
    const [row] = await app.services.db.query<{
      ticket_hash: string;
      mode: string;
      expires_at: Date;
      created_at: Date;
    }>('select ticket_hash, mode, expires_at, created_at from game_sessions where member_id = $1', [m.id]);
    expect(row?.ticket_hash).toBe(hashTicket(r.ticket));
    expect(row?.ticket_hash).not.toContain(r.ticket);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(12 * 3600_000);
    const recent = await app.inject({ method: 'GET', url: '/wps/relay/GLS_recentGames', headers: m.headers });
    expect((recent.json() as { value: { items: { id: number }[] } }).value.items[0]?.id).toBe(slot.id);
  });

  it('a guest gets the free trial of an RNG game and must log in for a live one', async () => {
    const slot = await slotOf(app);
    const r = await launch(app, slot.id);
    expect(r.status).toBe(200);
    expect(r.body.value?.mode).toBe('trial');
    const s = await app.inject({ method: 'GET', url: `/studio/api/session?ticket=${r.ticket}` });
    expect(s.statusCode).toBe(200);
    expect((s.json() as { value: { balance: number; mode: string } }).value).toMatchObject({
      balance: TRIAL_BALANCE,
      mode: 'trial',
    });
    const live = await launch(app, await gameId(app, DEMO_GAMES.live.code));
    expect(live.status).toBe(401);
    expect(live.body.message).toBe('errors.not_logged_in');
  });

  it('trial=1 with a session plays money of the launch only; a game without trial refuses it', async () => {
    const m = await moneyMember(app, { balance: 5_000 });
    const r = await launchSlot(app, m.token, { trial: true });
    expect(r.mode).toBe('trial');
    const live = await launch(app, await gameId(app, DEMO_GAMES.sports.code), {
      token: m.token,
      trial: true,
    });
    expect(live.status).toBe(400);
    expect(live.body.message).toBe('games.errors.trial_unavailable');
  });

  it('a free-play account (type 4) plays slots with play money and is told to get a real account for other games', async () => {
    const m = await freePlay(app);
    expect((await launchSlot(app, m.token)).mode).toBe('trial');
    const sports = await launch(app, await gameId(app, DEMO_GAMES.sports.code), { token: m.token });
    expect(sports.status).toBe(403);
    expect(sports.body.message).toBe('errors.in_need_true_account');
  });

  it('refuses an unknown game, a game under maintenance, a VASSALAGE entry', async () => {
    const m = await moneyMember(app);
    const unknown = await launch(app, 99_999_999, { token: m.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('games.errors.unknown_game');
    const bad = await app.inject({ method: 'GET', url: '/wps/game/launchGame?gameId=abc' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBe('games.errors.unknown_game');
    for (const code of [DEMO_GAMES.maintenanceSlot.code, DEMO_GAMES.maintenanceLive.code]) {
      const r = await launch(app, await gameId(app, code), { token: m.token });
      expect(r.status).toBe(503);
      expect(r.body.message).toBe('games.errors.game_maintenance');
    }
    const lobby = await launch(app, await gameId(app, DEMO_GAMES.vassalageEntry.code), { token: m.token });
    expect(lobby.status).toBe(400);
    expect(lobby.body.message).toBe('games.errors.not_launchable');
    const [n] = await app.services.db.query<{ n: string }>(
      'select count(*) as n from game_sessions where member_id = $1',
      [m.id],
    );
    expect(Number(n!.n)).toBe(0);
  });

  it('launch V2: the spec §7 parameters, the vendor must be the game’s, the body token stands in', async () => {
    const m = await moneyMember(app);
    const slot = await slotOf(app, 'LOTUS');
    const ok = await v2(m.token, { gameId: slot.id, vassalage: 'LOTUS' });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { value: { mode: string; game_url: string } }).value.mode).toBe('real');
    const viaBody = await v2(undefined, {
      gameId: slot.id,
      vassalage: 'LOTUS',
      token: m.token,
      username: m.account,
    });
    expect((viaBody.json() as { value: { mode: string } }).value.mode).toBe('real');
    const wrong = await v2(m.token, { gameId: slot.id, vassalage: 'JILI' });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { message: string }).message).toBe('games.errors.vendor_mismatch');
    const badMode = await v2(m.token, { gameId: slot.id, vassalage: 'LOTUS', launchMode: 'XYZ' });
    expect(badMode.statusCode).toBe(400);
    const badType = await v2(m.token, { gameId: slot.id, vassalage: 'LOTUS', clientType: 2 });
    expect(badType.statusCode).toBe(400);
  });

  it('a transfer vendor gets the whole main balance on launch (vendor books equal), 0 when nothing moves', async () => {
    const m = await moneyMember(app, { balance: 70_000 });
    const r = await launchSlot(app, m.token, { vassalage: 'PG' });
    expect(r.transferred).toBe(70_000);
    expect(await walletBalance(app, m.id)).toBe(0);
    expect(await walletBalance(app, m.id, 'PG')).toBe(70_000);
    const [books] = await app.services.db.query<{ balance: string }>(
      `select balance from demo_vendor_wallets where member_id = $1 and vendor = 'PG'`,
      [m.id],
    );
    expect(Number(books!.balance)).toBe(70_000);
    const again = await launchSlot(app, m.token, { vassalage: 'PG' });
    expect(again.transferred).toBe(0);
    expect(ticketOf(`/studio/?ticket=${again.ticket}`)).toBe(again.ticket);
  });

  it('lottery launches (spec §4): TCG_SEA → our SEA lottery entry, GPI → a lottery page in the frame, ELOTT → /vnlottery; never the studio', async () => {
    const m = await moneyMember(app);
    const idOf = (code: string) => gameId(app, code);
    const tcg = await idOf(DEMO_GAMES.tcgSea.code);
    const gpi = await idOf(DEMO_GAMES.gpi.code);
    const bac = await idOf('VNL_MIEN_BAC');
    const lotto = await idOf(DEMO_GAMES.lottery.code);
    const url = async (id: number) => {
      const r = await launch(app, id, { token: m.token });
      expect(r.status).toBe(200);
      expect(r.body.value?.mode).toBe('real');
      return r.body.value?.game_url;
    };
    const link = async (
      catalogue: number,
      code: string,
      kind: string,
      region: string | null,
      playType: string,
    ) => {
      await app.services.db.query(
        `insert into lottery_games (merchant_id, code, label, group_code, prize_mode, kind, region,
                                    interval_seconds, close_seconds, default_play_type, play_types, vassalage,
                                    catalogue_game_id, sort)
         select merchant_id, $2, $2, 'TEST', 'SEA', $3, $4, 60, 10, $5, array[$5], vassalage, id, -1000
           from games where id = $1`,
        [catalogue, code, kind, region, playType],
      );
    };
    // Without a linked lottery game (the demo seed links some catalogue games, not TCG's or GPI's).
    const linked = async (id: number) =>
      Number(
        (
          await app.services.db.query<{ n: string }>(
            'select count(*) as n from lottery_games where catalogue_game_id = $1',
            [id],
          )
        )[0]!.n,
      ) > 0;
    if (!(await linked(tcg))) expect(await url(tcg)).toBe('/vnlottery');
    if (!(await linked(gpi))) expect(await url(gpi)).toBe('/lottery?embed=1');
    if (!(await linked(bac))) expect(await url(bac)).toBe('/vnlottery?embed=1');
    else expect(await url(bac)).toMatch(/^\/vnlottery\?gameCode=VN_[A-Z_]+&embed=1$/);
    await link(tcg, 'TEST_SEA_LINK', 'vn_south', 'south', 'LO_2D');
    await link(gpi, 'TEST_GPI_LINK', 'digit5', null, 'STRAIGHT_1');
    await link(bac, 'TEST_MB_LINK', 'vn_north', 'north', 'LO_2D');
    expect(await url(tcg)).toBe('/vnlottery?gameCode=TEST_SEA_LINK');
    expect(await url(gpi)).toBe('/lottery?gameCode=TEST_GPI_LINK&playType=STRAIGHT_1&embed=1');
    expect(await url(bac)).toBe('/vnlottery?gameCode=TEST_MB_LINK&embed=1');
    expect(await url(lotto)).toMatch(/^\/lottery\?/);
    // No studio session (no "soon" page); the games count as played (recent games).
    const [n] = await app.services.db.query<{ n: string }>(
      'select count(*) as n from game_sessions where member_id = $1',
      [m.id],
    );
    expect(Number(n!.n)).toBe(0);
    const recent = await app.inject({ method: 'GET', url: '/wps/relay/GLS_recentGames', headers: m.headers });
    const ids = (recent.json() as { value: { items: { id: number }[] } }).value.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([tcg, gpi, bac, lotto]));
    // Still a member's game: a guest logs in first.
    expect((await launch(app, gpi)).status).toBe(401);
    await app.services.db.query(`delete from lottery_games where group_code = 'TEST'`);
  });
});
