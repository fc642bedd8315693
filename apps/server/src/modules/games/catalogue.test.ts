import type { Game, GameVendor, PvpRoom, VendorCategory } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlag } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import { moneyMember, type MoneyMember } from '../../test/money.ts';
import { DEMO_GAMES, DEMO_VENDORS, SLOT_COUNT, slotSeed } from '../../seed/demo-games.ts';
import { freshRead } from './catalogue.service.ts';

let app: FastifyInstance;
let member: MoneyMember;
let other: MoneyMember;
beforeAll(async () => {
  app = await buildTestApp();
  [member, other] = await Promise.all([moneyMember(app), moneyMember(app)]);
});
afterAll(async () => {
  await app.close();
});

interface Answer<T> {
  status: number;
  body: { success: boolean; value: T; message?: string; code?: string; fields?: Record<string, string> };
}
async function get<T>(url: string, m?: MoneyMember): Promise<Answer<T>> {
  const res = await app.inject({ method: 'GET', url, headers: m?.headers ?? {} });
  return { status: res.statusCode, body: res.json() };
}
async function post<T>(url: string, payload: unknown, m?: MoneyMember): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: m?.headers ?? {},
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() };
}
interface Page {
  items: Game[];
  page: number;
  pageSize: number;
  total: number;
}
const list = (query: string, m?: MoneyMember) => get<Page>(`/wps/relay/GLS_gameList?${query}`, m);
const idOf = async (code: string) => {
  const [row] = await app.services.db.query<{ id: number }>('select id from games where code = $1', [code]);
  if (!row) throw new Error(`no game ${code}`);
  return row.id;
};
const fav = (path: 'GLS_favouriteAdd' | 'GLS_favouriteRemove', gameId: unknown, m?: MoneyMember) =>
  post<{ gameId: number; favourite: boolean }>(`/wps/relay/${path}`, { gameId }, m);

describe('vendors (GLS_vendor, GLS_vendorType)', () => {
  it('has at least 40 vendors across every game type; the four wallet vendors are the transfer ones', async () => {
    const res = await get<{ vendors: GameVendor[] }>('/wps/relay/GLS_vendor');
    expect(res.status).toBe(200);
    const vendors = res.body.value.vendors;
    expect(vendors.length).toBeGreaterThanOrEqual(40);
    expect(vendors.length).toBe(DEMO_VENDORS.length);
    const byType: Partial<Record<string, GameVendor[]>> = {};
    for (const v of vendors) (byType[v.gameType] ??= []).push(v);
    expect(byType.RNG?.length).toBeGreaterThanOrEqual(8);
    for (const t of ['LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'LOTT', 'ELOTT'] as const)
      expect(byType[t]?.length, t).toBeGreaterThanOrEqual(2);
    expect(
      vendors
        .filter((v) => v.walletMode === 'transfer')
        .map((v) => v.vassalage)
        .sort(),
    ).toEqual(['EVO', 'JILI', 'PG', 'SABA']);
    expect(vendors.find((v) => v.vassalage === 'EVO')).toMatchObject({ gameType: 'LIVE', status: 'active' });
    expect(vendors.find((v) => v.vassalage === 'ASIA')).toMatchObject({
      gameType: 'LIVE',
      status: 'maintenance',
    });
    expect(vendors.find((v) => v.vassalage === 'PG')).toMatchObject({
      name: 'PG Soft',
      logoUrl: '/img/vendors/PG.svg',
    });
    const slots = (byType.RNG ?? []).reduce((n, v) => n + v.gameCount, 0);
    expect(slots).toBeGreaterThanOrEqual(SLOT_COUNT);
    // merchantCode names the merchant; an unknown one is a 404.
    expect(
      (await get<{ vendors: GameVendor[] }>('/wps/relay/GLS_vendor?merchantCode=DEMO')).body.value.vendors,
    ).toEqual(vendors);
    expect((await get('/wps/relay/GLS_vendor?merchantCode=NOPE')).status).toBe(404);
  });

  it('lists the vendors of one type (a gameType is required)', async () => {
    const res = await get<{ vendors: GameVendor[] }>('/wps/relay/GLS_vendorType?gameType=RNG');
    expect(res.status).toBe(200);
    expect(res.body.value.vendors.length).toBeGreaterThan(6);
    expect(res.body.value.vendors.every((v) => v.gameType === 'RNG')).toBe(true);
    expect(res.body.value.vendors.map((v) => v.vassalage).slice(0, 2)).toEqual(['PG', 'JILI']);
    const bad = await get('/wps/relay/GLS_vendorType');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('gameType');
    expect((await get('/wps/relay/GLS_vendorType?gameType=CASINO')).status).toBe(400);
  });
});

describe('game menus (GET /lgw/games/game_menus)', () => {
  it('has one category per enabled game type with its vendor cards; a flag turned off hides its category', async () => {
    const res = await get<{ categories: VendorCategory[] }>('/lgw/games/game_menus');
    expect(res.status).toBe(200);
    const cats = res.body.value.categories;
    expect(cats.map((c) => c.gameType)).toEqual([
      'LOTT',
      'ELOTT',
      'LIVE',
      'SPORTS',
      'ESPORTS',
      'FISH',
      'RNG',
      'PVP',
    ]);
    const rng = cats.find((c) => c.gameType === 'RNG');
    expect(rng?.title).toBe('nav.games.rng');
    expect(rng?.cards.length).toBeGreaterThan(6);
    expect(rng?.cards[0]).toEqual({
      vassalage: 'PG',
      name: 'PG Soft',
      gameType: 'RNG',
      isHot: 1,
      logoUrl: '/img/vendors/PG.svg',
      status: 'active',
    });
    expect(rng?.cards.some((c) => c.isHot === 0)).toBe(true);
    expect(cats.find((c) => c.gameType === 'LIVE')?.cards.find((c) => c.vassalage === 'ASIA')?.status).toBe(
      'maintenance',
    );
    await setFlag(app, 'game.LIVE', false);
    try {
      const off = await get<{ categories: VendorCategory[] }>('/lgw/games/game_menus');
      expect(off.body.value.categories.map((c) => c.gameType)).not.toContain('LIVE');
      expect(off.body.value.categories).toHaveLength(7);
    } finally {
      await setFlag(app, 'game.LIVE', true);
    }
  });
});

describe('the game list (GLS_gameList)', () => {
  it('holds at least 10,000 slots, 20 a page by default, hot first; pages do not overlap', async () => {
    const first = await list('gameType=RNG');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ page: 1, pageSize: 20 });
    expect(first.body.value.total).toBeGreaterThanOrEqual(10_000);
    expect(first.body.value.items).toHaveLength(20);
    expect(first.body.value.items.every((g) => g.gameType === 'RNG' && g.isHot)).toBe(true);
    const g = first.body.value.items[0] as Game;
    expect(g.thumbnailUrl).toBe(`/img/games/${g.id}.svg`);
    expect(g).toMatchObject({ isGame: 'GAME', trial: true, accountTypeName: null, defaultPlayType: null });
    const second = await list('gameType=RNG&page=2');
    const ids = new Set(first.body.value.items.map((i) => i.id));
    expect(second.body.value.items.some((i) => ids.has(i.id))).toBe(false);
    const big = await list('gameType=RNG&pageSize=100&page=3');
    expect(big.body.value.items).toHaveLength(100);
    const hotCount = (await list('gameType=RNG&hot=1')).body.value.total;
    const last = Math.ceil(first.body.value.total / 100);
    const tail = await list(`gameType=RNG&pageSize=100&page=${last}`);
    expect(tail.body.value.items.length).toBe(first.body.value.total - (last - 1) * 100);
    expect(tail.body.value.items.every((i) => !i.isHot)).toBe(hotCount < first.body.value.total - 100);
    expect((await list(`gameType=RNG&pageSize=100&page=${last + 1}`)).body.value.items).toEqual([]);
  });

  it('sorts by name and by newest', async () => {
    const byName = (await list('gameType=RNG&sort=name&pageSize=50')).body.value.items.map((i) => i.name);
    expect(byName).toHaveLength(50);
    expect(byName[0]! <= byName[49]!).toBe(true);
    const newest = (await list('gameType=RNG&sort=new&pageSize=5')).body.value.items.map((i) => i.id);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('searches any part of the name, case-insensitively, or the code', async () => {
    const slot = DEMO_GAMES.slot;
    const part = await list(`gameType=RNG&q=${encodeURIComponent('UICY CHERR')}&pageSize=100`);
    expect(part.status).toBe(200);
    expect(part.body.value.items.map((i) => i.code)).toContain(slot.code);
    expect(part.body.value.items.every((i) => i.name.toLowerCase().includes('uicy cherr'))).toBe(true);
    const [count] = await app.services.db.query<{ n: number }>(
      `select count(*)::int as n from games where game_type = 'RNG' and parent_id is null and lower(name) like '%uicy cherr%'`,
    );
    expect(part.body.value.total).toBe(count?.n);
    const byCode = await list(`q=${slot.code.toLowerCase()}`);
    expect(byCode.body.value.items.map((i) => i.code)).toEqual([slot.code]);
    // Any type when none is given; spaces around are ignored.
    const live = await list(`q=${encodeURIComponent('  evolution bacc ')}`);
    expect(live.body.value.items.map((i) => i.code)).toContain(DEMO_GAMES.live.code);
    // LIKE wildcards are plain characters.
    expect((await list('q=%25')).body.value.total).toBe(0);
    expect((await list('q=s0000_')).body.value.total).toBe(0);
    const underscore = await list('q=pg_s&pageSize=100');
    expect(underscore.body.value.total).toBeGreaterThan(0);
    expect(underscore.body.value.items.every((i) => i.code.startsWith('PG_S'))).toBe(true);
    expect((await list('q=zzzzqqq')).body.value).toMatchObject({ items: [], total: 0 });
    // Search and paging together.
    const p2 = await list('gameType=RNG&q=dragon&page=2');
    expect(p2.body.value.items.length).toBe(20);
    expect(p2.body.value.items.every((i) => `${i.name} ${i.code}`.toLowerCase().includes('dragon'))).toBe(
      true,
    );
  });

  it('narrows as the player types: each prefix answers exactly what the database finds', async () => {
    for (const text of ['g', 'go', 'gol', 'gold', 'golde', 'golden', 'gold', 'ol', 'jackpot', 'pg_s']) {
      const res = await list(`gameType=RNG&q=${text}&pageSize=100`);
      const [count] = await app.services.db.query<{ n: number }>(
        `select count(*)::int as n from games where game_type = 'RNG' and parent_id is null
            and (lower(name) like $1 or lower(code) like $1)`,
        [`%${text.replace('_', '\\_')}%`],
      );
      expect(res.body.value.total, text).toBe(count?.n);
      expect(res.body.value.items.every((i) => `${i.name} ${i.code}`.toLowerCase().includes(text))).toBe(
        true,
      );
      const hot = await list(`gameType=RNG&q=${text}&hot=1&pageSize=100`);
      expect(hot.body.value.items.every((i) => i.isHot)).toBe(true);
    }
  });

  it('filters by vendor (an unknown vendor is a 404) and by hot', async () => {
    const pg = await list('vassalage=PG&pageSize=100');
    expect(pg.status).toBe(200);
    expect(pg.body.value.items.every((i) => i.vassalage === 'PG' && i.vendorName === 'PG Soft')).toBe(true);
    const vendors = (await get<{ vendors: GameVendor[] }>('/wps/relay/GLS_vendorType?gameType=RNG')).body
      .value.vendors;
    expect(pg.body.value.total).toBe(vendors.find((v) => v.vassalage === 'PG')?.gameCount);
    const searched = await list(`vassalage=${slotSeed(0).vassalage}&q=juicy`);
    expect(searched.body.value.items.every((i) => i.vassalage === slotSeed(0).vassalage)).toBe(true);
    const unknown = await list('vassalage=NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'games.errors.unknown_vendor',
    });
    const malformed = await list('vassalage=pg');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ vassalage: 'errors.invalid_format' });
    const hot = await list('hot=1&pageSize=100');
    expect(hot.body.value.items.length).toBeGreaterThan(0);
    expect(hot.body.value.items.every((i) => i.isHot)).toBe(true);
    const notHot = await list('gameType=LIVE&hot=0&pageSize=100');
    expect(notHot.body.value.items.every((i) => !i.isHot && i.gameType === 'LIVE')).toBe(true);
  });

  it('shows games under maintenance (game or vendor) as such', async () => {
    const maint = await list(`q=${DEMO_GAMES.maintenanceSlot.code}`);
    expect(maint.body.value.items).toMatchObject([
      { code: DEMO_GAMES.maintenanceSlot.code, name: DEMO_GAMES.maintenanceSlot.name, status: 'maintenance' },
    ]);
    const asia = await list('vassalage=ASIA');
    expect(asia.body.value.items.length).toBeGreaterThan(0);
    expect(asia.body.value.items.every((i) => i.status === 'maintenance')).toBe(true);
    expect((await list(`q=${DEMO_GAMES.live.code}`)).body.value.items[0]?.status).toBe('active');
  });

  it('sees a change to games or vendors on the next call (the in-memory catalogue is reloaded)', async () => {
    const db = app.services.db;
    const code = DEMO_GAMES.slot.code;
    const status = async () => (await list(`q=${code}`)).body.value.items[0]?.status;
    expect(await status()).toBe('active');
    await db.query(`update games set status = 'maintenance' where code = $1`, [code]);
    expect(await status()).toBe('maintenance');
    await db.query(`update games set status = 'active' where code = $1`, [code]);
    expect(await status()).toBe('active');
    await db.query(`update game_vendors set status = 'maintenance' where code = $1`, [
      DEMO_GAMES.slot.vassalage,
    ]);
    try {
      const page = await list(`vassalage=${DEMO_GAMES.slot.vassalage}&pageSize=100`);
      expect(page.body.value.items.every((i) => i.status === 'maintenance')).toBe(true);
    } finally {
      await db.query(`update game_vendors set status = 'active' where code = $1`, [
        DEMO_GAMES.slot.vassalage,
      ]);
    }
    expect(await status()).toBe('active');
    // Calls at once agree with each other and with the database.
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => list(`gameType=RNG&page=${i + 1}`)));
    const ids = pages.flatMap((p) => p.body.value.items.map((g) => g.id));
    expect(new Set(ids).size).toBe(400);
  });

  it('lists a VASSALAGE entry in the lobby and its sub-games under its vendor; lottery launch fields', async () => {
    const pvp = (await list('gameType=PVP&pageSize=100')).body.value.items;
    const entry = pvp.find((i) => i.code === DEMO_GAMES.vassalageEntry.code);
    expect(entry).toMatchObject({
      isGame: 'VASSALAGE',
      vassalage: 'KINGS',
      name: DEMO_GAMES.vassalageEntry.name,
    });
    const subs = (await list('vassalage=KINGS')).body.value.items;
    expect(subs.length).toBe(4);
    expect(subs.every((i) => i.isGame === 'GAME')).toBe(true);
    expect(pvp.some((i) => subs.some((s) => s.id === i.id))).toBe(false);
    const lott = (await list('gameType=LOTT&pageSize=100')).body.value.items;
    expect(lott.find((i) => i.code === DEMO_GAMES.tcgSea.code)?.accountTypeName).toBe('TCG_SEA');
    expect(lott.find((i) => i.code === DEMO_GAMES.gpi.code)?.accountTypeName).toBe('GPI');
    expect(lott.find((i) => i.code === DEMO_GAMES.lottery.code)).toMatchObject({
      defaultPlayType: DEMO_GAMES.lottery.defaultPlayType,
      accountTypeName: null,
      trial: false,
    });
  });

  it('answers bad input with 400 and the field, never a 500', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['pageSize=1000', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['gameType=CASINO', 'gameType'],
      [`q=${'a'.repeat(65)}`, 'q'],
      ['hot=yes', 'hot'],
      ['sort=random', 'sort'],
      ['extra=1', 'extra'],
    ];
    for (const [query, field] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('BAD_REQUEST');
      expect(res.body.fields, query).toHaveProperty(field);
    }
    expect((await list(`q=${'a'.repeat(65)}`)).body.fields).toEqual({ q: 'errors.too_long' });
    expect((await list(`q=${'a'.repeat(64)}`)).status).toBe(200);
    expect((await list('page=100000&pageSize=100')).body.value.items).toEqual([]);
    expect((await list(`q=${encodeURIComponent("' or 1=1 --\\")}`)).body.value.total).toBe(0);
  });
});

describe('hot games (GLS_hotGames)', () => {
  it('lists hot games, of one type when asked, up to count', async () => {
    const all = await get<{ items: Game[] }>('/wps/relay/GLS_hotGames');
    expect(all.status).toBe(200);
    expect(all.body.value.items).toHaveLength(20);
    expect(all.body.value.items.every((i) => i.isHot)).toBe(true);
    const live = await get<{ items: Game[] }>('/wps/relay/GLS_hotGames?gameType=LIVE&count=3');
    expect(live.body.value.items).toHaveLength(3);
    expect(live.body.value.items.every((i) => i.gameType === 'LIVE' && i.isHot)).toBe(true);
    expect((await get('/wps/relay/GLS_hotGames?count=0')).status).toBe(400);
    expect((await get('/wps/relay/GLS_hotGames?count=101')).status).toBe(400);
  });
});

describe('favourites (GLS_favourites, GLS_favouriteAdd, GLS_favouriteRemove)', () => {
  it('adds (twice is fine), lists newest first, only mine, removes (twice is fine)', async () => {
    const slot = await idOf(DEMO_GAMES.slot.code);
    const live = await idOf(DEMO_GAMES.live.code);
    expect((await fav('GLS_favouriteAdd', slot, member)).body.value).toEqual({
      gameId: slot,
      favourite: true,
    });
    expect((await fav('GLS_favouriteAdd', slot, member)).status).toBe(200);
    await app.services.db.query(
      `update game_favourites set created_at = now() - interval '1 minute' where member_id = $1`,
      [member.id],
    );
    expect((await fav('GLS_favouriteAdd', live, member)).status).toBe(200);
    const mine = await get<{ items: Game[] }>('/wps/relay/GLS_favourites', member);
    expect(mine.status).toBe(200);
    expect(mine.body.value.items.map((i) => i.id)).toEqual([live, slot]);
    const onlyRng = await get<{ items: Game[] }>('/wps/relay/GLS_favourites?gameType=RNG', member);
    expect(onlyRng.body.value.items.map((i) => i.id)).toEqual([slot]);
    expect((await get<{ items: Game[] }>('/wps/relay/GLS_favourites', other)).body.value.items).toEqual([]);
    expect((await fav('GLS_favouriteRemove', slot, member)).body.value).toEqual({
      gameId: slot,
      favourite: false,
    });
    expect((await fav('GLS_favouriteRemove', slot, member)).status).toBe(200);
    expect(
      (await get<{ items: Game[] }>('/wps/relay/GLS_favourites', member)).body.value.items.map((i) => i.id),
    ).toEqual([live]);
  });

  it('refuses guests (401), unknown games (404) and bad ids (400)', async () => {
    const slot = await idOf(DEMO_GAMES.slot.code);
    expect((await fav('GLS_favouriteAdd', slot)).status).toBe(401);
    expect((await get('/wps/relay/GLS_favourites')).status).toBe(401);
    expect((await get('/wps/relay/GLS_recentGames')).status).toBe(401);
    const unknown = await fav('GLS_favouriteAdd', 99_999_999, member);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'games.errors.unknown_game' });
    expect((await fav('GLS_favouriteRemove', 99_999_999, member)).status).toBe(404);
    for (const bad of [0, -1, 1.5, 'abc', null]) {
      const res = await fav('GLS_favouriteAdd', bad, member);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.fields).toHaveProperty('gameId');
    }
  });

  it('sees only the merchant’s own games: another merchant’s game is unknown', async () => {
    const db = app.services.db;
    const [m] = await db.query<{ id: number }>(
      `insert into merchants (code, brand, currency, currency_scale, copyright)
       values ('OTHERM', 'Other', 'MMK', 2, 'x') returning id`,
    );
    await db.query(
      `insert into game_vendors (merchant_id, code, name, game_type, account_type_id, wallet_mode)
       values ($1, 'PG', 'PG Other', 'RNG', 1, 'seamless')`,
      [m!.id],
    );
    const [g] = await db.query<{ id: number }>(
      `insert into games (merchant_id, code, name, vassalage, game_type) values ($1, 'OTHER_1', 'Other Merchant Slot', 'PG', 'RNG') returning id`,
      [m!.id],
    );
    expect((await list('q=other merchant slot'.replace(/ /g, '%20'))).body.value.total).toBe(0);
    expect((await fav('GLS_favouriteAdd', g!.id, member)).status).toBe(404);
    const vendors = await get<{ vendors: GameVendor[] }>('/wps/relay/GLS_vendor?merchantCode=OTHERM');
    expect(vendors.body.value.vendors).toMatchObject([{ vassalage: 'PG', name: 'PG Other', gameCount: 1 }]);
  });
});

describe('recent games (GLS_recentGames)', () => {
  it('lists the games I launched last, newest first, at most 30, only mine', async () => {
    const db = app.services.db;
    const ids = (
      await db.query<{ id: number }>(`select id from games where game_type = 'RNG' order by id limit 35`)
    ).map((r) => r.id);
    // What the launch does: one row per game, played_at upserted.
    await db.query(
      `insert into game_recents (member_id, game_id, played_at)
       select $1, g, now() - (n || ' minutes')::interval from unnest($2::int[]) with ordinality as t(g, n)`,
      [member.id, ids],
    );
    const res = await get<{ items: Game[] }>('/wps/relay/GLS_recentGames', member);
    expect(res.status).toBe(200);
    expect(res.body.value.items.map((i) => i.id)).toEqual(ids.slice(0, 30));
    await db.query(
      `insert into game_recents (member_id, game_id) values ($1, $2)
       on conflict (member_id, game_id) do update set played_at = excluded.played_at`,
      [member.id, ids[20]],
    );
    expect((await get<{ items: Game[] }>('/wps/relay/GLS_recentGames', member)).body.value.items[0]?.id).toBe(
      ids[20],
    );
    expect(
      (await get<{ items: Game[] }>('/wps/relay/GLS_recentGames?gameType=LIVE', member)).body.value.items,
    ).toEqual([]);
    expect((await get<{ items: Game[] }>('/wps/relay/GLS_recentGames', other)).body.value.items).toEqual([]);
  });
});

describe('PVP rooms (GLS2_roomList)', () => {
  it('lists the card rooms with stakes and seats, by vendor when asked', async () => {
    const res = await get<{ rooms: PvpRoom[] }>('/wps/relay/GLS2_roomList');
    expect(res.status).toBe(200);
    const rooms = res.body.value.rooms;
    expect(rooms.length).toBeGreaterThanOrEqual(8);
    for (const r of rooms) {
      expect(r.seats).toBe(6);
      expect(r.seatsTaken).toBeGreaterThanOrEqual(0);
      expect(r.seatsTaken).toBeLessThanOrEqual(r.seats);
      expect(r.status).toBe(r.seatsTaken === r.seats ? 'full' : 'open');
      expect(r.minBalance).toBeGreaterThanOrEqual(r.stake);
    }
    expect(rooms.some((r) => r.status === 'full')).toBe(true);
    const niu = await get<{ rooms: PvpRoom[] }>('/wps/relay/GLS2_roomList?vassalage=NIU');
    expect(niu.body.value.rooms.length).toBe(4);
    expect(
      niu.body.value.rooms.every((r) => r.vassalage === 'NIU' && r.gameCode === DEMO_GAMES.niuNiu.code),
    ).toBe(true);
    expect(niu.body.value.rooms.map((r) => r.stake)).toEqual([10_000, 50_000, 200_000, 1_000_000]);
    expect((await get('/wps/relay/GLS2_roomList?vassalage=NOPE')).status).toBe(404);
    expect((await get('/wps/relay/GLS2_roomList?vassalage=x')).status).toBe(400);
  });
});

describe('freshRead (the catalogue version check)', () => {
  it('never answers a call with a read that started before it; calls during a read share the next one', async () => {
    let started = 0;
    const gates: (() => void)[] = [];
    const read = freshRead(
      () =>
        new Promise<number>((resolve) => {
          const n = ++started;
          gates.push(() => resolve(n));
        }),
    );
    const a = read(); // starts read 1
    const b = read(); // read 1 is in flight: waits for read 2
    const c = read(); // shares read 2
    expect(started).toBe(1);
    gates.shift()?.();
    expect(await a).toBe(1);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toBe(2);
    const d = read(); // read 2 is in flight: waits for read 3
    gates.shift()?.();
    expect(await b).toBe(2);
    expect(await c).toBe(2);
    await new Promise((r) => setTimeout(r, 0));
    gates.shift()?.();
    expect(await d).toBe(3);
    expect(started).toBe(3);
    // Idle again: the next call starts its own read at once; a failed read fails only its callers.
    const failing = freshRead(() => Promise.reject(new Error('down')));
    await expect(failing()).rejects.toThrow('down');
    await expect(failing()).rejects.toThrow('down');
  });
});
