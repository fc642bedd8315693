import { NOTICE_PAGE_SIZE, type Announcement, type Winner } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { addMember, login, testClock } from '../../test/accounts.ts';
import { createSession } from '../session/session.service.ts';
import { freePlay, launchSlot, spin } from '../../test/games.ts';
import { buildTestApp, TEST_OPS_TOKEN } from '../../test/helper.ts';
import { fund } from '../../test/money.ts';
import { createOpsService, runOpsCommand, type OpsService } from '../ops/ops.service.ts';
import { DEMO_ANNOUNCEMENTS } from '../../seed/demo-announcements.ts';
import { seedDemoAnnouncements } from '../../seed/demo-announcements.ts';
import { bannerSvg } from './announcements.routes.ts';
import { maskAccount, WINNERS_TTL_MS } from './announcements.service.ts';

/**
 * Issue 9: the announcements relay (types, groups, paging, the reader's language with fallback,
 * the window, per merchant), the operator's publish path with its sanitiser, the seed, and the
 * winners board on real settled bets.
 */

let app: FastifyInstance;
let ops: OpsService;
// The seed dates its demo rows from the real time: the test's clock starts there.
const clock = testClock(new Date());

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  ops = createOpsService({ db: app.services.db, now: clock.now });
});
afterAll(async () => app.close());

const db = () => app.services.db;
const announce = (...args: string[]) => runOpsCommand(ops, 'announce', args);
async function refused(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

interface Page {
  items: Announcement[];
  page: number;
  pageSize: number;
  total: number;
}
async function relay(query: Record<string, string | number>, token?: string) {
  const res = await app.inject({
    url: `/wps/relay/MCSFE_announcement?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; value?: Page; fields?: object } };
}
const page = async (query: Record<string, string | number>, token?: string) => {
  const r = await relay({ platform: 'W', execution: 'B', ...query }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.value!;
};
/** Publishing happens at the clock's time; the next relay answer must not be a cached one. */
const later = (ms = 6_000) => clock.advance(ms);
const count = async () =>
  Number((await db().query<{ n: string }>('select count(*)::text as n from announcements'))[0]!.n);

describe('the relay on the demo data', () => {
  it('banners: three, highest sort first, each with its picture and a plain-text summary', async () => {
    const p = await page({ types: 'B', language: 'EN' });
    expect(p.total).toBe(3);
    expect(p.items.map((a) => a.title)).toEqual([
      'A draw every minute',
      'Live baccarat tables',
      'Vietnamese lottery',
    ]);
    expect(p.items[0]).toMatchObject({
      type: 'B',
      group: 'banners',
      imageUrl: '/img/banners/gold.svg',
      language: 'EN',
      summary: expect.stringMatching(/^Lucky 5D, 3D and E-Lotto/),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      endsAt: null,
    });
    expect(p.items[0]!.content).toContain('<img src="/img/banners/gold.svg"');
  });

  it('the player group (PL and H) pages by 7: ten notices, the numbered list goes on on page 2', async () => {
    const first = await page({ types: 'PL,H', language: 'EN', pageSize: NOTICE_PAGE_SIZE });
    expect(first).toMatchObject({ page: 1, pageSize: 7, total: 10 });
    expect(first.items).toHaveLength(7);
    expect(first.items[0]).toMatchObject({ type: 'H', group: 'player', title: 'Welcome to Golden Lotus' });
    const second = await page({ types: 'PL,H', language: 'EN', pageSize: NOTICE_PAGE_SIZE, page: 2 });
    expect(second.items).toHaveLength(3);
    const ids = [...first.items, ...second.items].map((a) => a.id);
    expect(new Set(ids).size).toBe(10);
    // Newest first across the pages.
    const times = [...first.items, ...second.items].map((a) => a.startsAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await page({ types: 'PL,H', pageSize: 7, page: 3 })).items).toEqual([]);
  });

  it('in the reader’s language; MY without one; EN for a language without texts (JA)', async () => {
    expect((await page({ types: 'PR', language: 'TH' })).items[0]).toMatchObject({
      title: 'เงื่อนไขโปรโมชั่น',
      language: 'TH',
      group: 'promotion',
    });
    expect((await page({ types: 'PR' })).items[0]).toMatchObject({
      language: 'MY',
      title: 'ပရိုမိုးရှင်း စည်းကမ်းများ',
    });
    expect((await page({ types: 'PR', language: 'JA' })).items[0]).toMatchObject({
      language: 'EN',
      title: 'Promotion terms',
    });
    // No popup in the demo data: it would open after every login of every demo account.
    expect((await page({ types: 'PU' })).total).toBe(0);
  });

  it('every type by default: all fourteen', async () => {
    expect((await page({ pageSize: 100 })).total).toBe(DEMO_ANNOUNCEMENTS.length);
  });

  it('refuses bad input with 400 and field keys', async () => {
    const bad: Record<string, string | number>[] = [
      { types: 'X' },
      { types: 'B,' },
      { types: 'B,PL,PU,PR,H,B' },
      { platform: 'A' },
      { execution: 'X' },
      { language: 'XX' },
      { page: 0 },
      { pageSize: 101 },
      { nope: 1 },
    ];
    for (const q of bad) {
      const r = await relay(q);
      expect([r.status, r.body.success], JSON.stringify(q)).toEqual([400, false]);
      expect(Object.keys(r.body.fields ?? {})).toHaveLength(1);
    }
  });

  it('the seed runs again without publishing twice', async () => {
    const before = await count();
    const [m] = await db().query<{ id: number }>('select id from merchants order by id limit 1');
    await seedDemoAnnouncements(db(), m!.id);
    expect(await count()).toBe(before);
  });

  it('serves the banner pictures (SVG, cacheable, no script) and 404 for others', async () => {
    const res = await app.inject({ url: '/img/banners/gold.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age=');
    expect(res.body).not.toMatch(/script|on[a-z]+=/i);
    const again = await app.inject({
      url: '/img/banners/gold.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const url of ['/img/banners/none.svg', '/img/banners/..%2f.svg', '/img/banners/gold.png'])
      expect((await app.inject({ url })).statusCode).toBe(404);
    expect(bannerSvg('nope')).toBeNull();
  });
});

describe('publishing through the ops command', () => {
  it('publishes in several languages; dangerous HTML is removed and named; the relay shows it', async () => {
    const r = await announce(
      'publish',
      'pl',
      'EN.title=Server <b>upgrade</b>',
      'EN.content=<p onclick="steal()">Tonight <a href="javascript:alert(1)">details</a></p><script>alert(1)</script>',
      'EN.content+=<img src=x onerror=alert(1)><iframe srcdoc="<script>parent.x=1</script>"></iframe>',
      'TH.title=อัปเกรดเซิร์ฟเวอร์',
      'TH.content=<p>คืนนี้</p>',
    );
    expect(r.message).toMatch(/^published #\d+ \(PL\/player\) in EN, TH\n {2}EN: removed /);
    expect(r.message).toContain('onclick');
    expect(r.message).toContain('<script>');
    expect(r.message).toContain('javascript: URL');
    const id = Number(/#(\d+)/.exec(r.message)![1]);
    later();
    const en = (await page({ types: 'PL', language: 'EN', pageSize: 1 })).items[0]!;
    expect(en).toMatchObject({
      id,
      title: 'Server <b>upgrade</b>',
      content: '<p>Tonight details</p>',
      summary: 'Tonight details',
    });
    const th = (await page({ types: 'PL', language: 'TH', pageSize: 1 })).items[0]!;
    expect(th).toMatchObject({ id, language: 'TH', content: '<p>คืนนี้</p>' });
    // A language it was not written in: EN, the first fallback.
    expect((await page({ types: 'PL', language: 'VI', pageSize: 1 })).items[0]).toMatchObject({
      id,
      language: 'EN',
    });
    // Stored sanitised: nothing dangerous in the table either.
    const [row] = await db().query<{ content: string }>(
      `select content from announcement_texts where announcement_id = $1 and language = 'EN'`,
      [id],
    );
    expect(row!.content).toBe('<p>Tonight details</p>');
    expect((await announce('show', String(id))).message).toContain('[TH] อัปเกรดเซิร์ฟเวอร์');
    expect((await announce('list')).message).toContain(`#${id}`);
  });

  it('a text in one language only reaches every reader (the fallback’s last step: its first language)', async () => {
    const r = await announce('publish', 'PR', 'CN.title=只有中文', 'CN.content=<p>内容</p>');
    const id = Number(/#(\d+)/.exec(r.message)![1]);
    later();
    expect((await page({ types: 'PR', language: 'EN', pageSize: 1 })).items[0]).toMatchObject({
      id,
      language: 'CN',
    });
  });

  it('a scheduled one appears at its start and goes at its end; a withdrawn one goes at once', async () => {
    const start = new Date(clock.now().getTime() + 3_600_000);
    const end = new Date(clock.now().getTime() + 7_200_000);
    const r = await announce(
      'publish',
      'PU',
      'EN.title=Later',
      'EN.content=<p>from the start</p>',
      `start=${start.toISOString()}`,
      `end=${end.toISOString()}`,
    );
    const id = Number(/#(\d+)/.exec(r.message)![1]);
    later();
    const ids = async () => (await page({ types: 'PU', language: 'EN' })).items.map((a) => a.id);
    expect(await ids()).not.toContain(id);
    expect((await announce('list')).message).toMatch(new RegExp(`#${id} +PU/popup +scheduled`));
    clock.advance(3_600_000);
    expect(await ids()).toContain(id);
    clock.advance(3_600_000);
    expect(await ids()).not.toContain(id);
    expect((await announce('list')).message).not.toContain(`#${id} `);
    expect((await announce('list', 'all')).message).toMatch(new RegExp(`#${id} +PU/popup +ended`));

    const w = await announce('publish', 'PU', 'EN.title=Soon gone', 'EN.content=<p>x</p>');
    const wid = Number(/#(\d+)/.exec(w.message)![1]);
    later();
    expect(await ids()).toContain(wid);
    expect((await announce('withdraw', String(wid))).message).toBe(`withdrawn #${wid}`);
    expect(await ids()).not.toContain(wid);
    expect((await refused(announce('withdraw', String(wid)))).code).toBe('NOT_FOUND');
  });

  it('wall-clock times are the merchant’s (Asia/Yangon, UTC+6:30)', async () => {
    const r = await announce(
      'publish',
      'PR',
      'EN.title=Timed',
      'EN.content=<p>t</p>',
      'start=2030-01-15 09:00',
      'end=2030-01-20',
    );
    const id = /#(\d+)/.exec(r.message)![1]!;
    const [row] = await db().query<{ starts_at: Date; ends_at: Date }>(
      'select starts_at, ends_at from announcements where id = $1',
      [id],
    );
    expect(new Date(row!.starts_at).toISOString()).toBe('2030-01-15T02:30:00.000Z');
    expect(new Date(row!.ends_at).toISOString()).toBe('2030-01-19T17:30:00.000Z');
  });

  it('refuses, writing nothing: bad type, no text, nothing left after sanitising, bad window, unknown arguments', async () => {
    const before = await count();
    const cases: [string[], RegExp][] = [
      [['publish'], /announce publish needs/],
      [['publish', 'X', 'EN.title=a', 'EN.content=b'], /type must be one of/],
      [['publish', 'PL'], /at least one language/],
      [['publish', 'PL', 'EN.title=a'], /EN: content is needed/],
      [['publish', 'PL', 'EN.content=<p>b</p>'], /EN: a title is needed/],
      [['publish', 'PL', 'XX.title=a', 'XX.content=b'], /unknown language "XX"/],
      [['publish', 'PL', 'EN.title=a', 'EN.content=<script>alert(1)</script>'], /nothing is left.*<script>/],
      [['publish', 'PL', 'EN.title=a', `EN.content=${'x'.repeat(20_001)}`], /limited to 20000/],
      [['publish', 'PL', 'EN.title=' + 'a'.repeat(201), 'EN.content=b'], /limited to 200/],
      [
        [
          'publish',
          'PL',
          'EN.title=a',
          'EN.content=b',
          'start=2030-11-27T10:00:00Z',
          'end=2030-11-27T09:00:00Z',
        ],
        /end must come after/,
      ],
      [['publish', 'PL', 'EN.title=a', 'EN.content=b', 'end=2020-01-01'], /already past/],
      [['publish', 'PL', 'EN.title=a', 'EN.content=b', 'start=2026-02-30'], /start= needs/],
      [['publish', 'PL', 'EN.title=a', 'EN.content=b', 'sort=x'], /sort= needs/],
      [['publish', 'PL', 'EN.title=a', 'EN.content=b', 'colour=red'], /unknown argument "colour=red"/],
      [['withdraw', 'abc'], /not an announcement id/],
      [['show'], /announce show <id>/],
      [['list', 'everything'], /announce list \[all\]/],
      [['reboot'], /announce needs: list, show, publish or withdraw/],
      [['list', 'merchant=NOPE'], /no merchant "NOPE"/],
    ];
    for (const [args, message] of cases)
      expect((await refused(announce(...args))).message, args.join(' ')).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('goes through a running server too (POST /ops/announce)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/ops/announce',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: {
        args: [
          'publish',
          'B',
          'EN.title=Via server',
          'EN.content=<img src="/img/banners/ocean.svg"><p>ocean</p>',
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    later();
    const banners = await page({ types: 'B', language: 'EN' });
    expect(banners.items.find((a) => a.title === 'Via server')).toMatchObject({
      imageUrl: '/img/banners/ocean.svg',
      summary: 'ocean',
    });
  });
});

describe('per merchant', () => {
  it('a guest reads the installation’s merchant; a member of another merchant reads only its own', async () => {
    const [other] = await db().query<{ id: number }>(
      `insert into merchants (code, brand, currency, currency_scale, copyright) values ('OTHER', 'Other', 'MMK', 2, 'x') returning id`,
    );
    const a = await announce(
      'publish',
      'PL',
      'EN.title=Other merchant only',
      'EN.content=<p>o</p>',
      'merchant=OTHER',
    );
    const id = Number(/#(\d+)/.exec(a.message)![1]);
    const [member] = await db().query<{ id: string }>(
      `insert into members (merchant_id, account, password_hash, type) values ($1, 'othermember1', 'not-a-hash', 3) returning id::text as id`,
      [other!.id],
    );
    const session = await createSession(
      db(),
      { memberId: member!.id, scope: 'full', method: 'username', ip: '203.0.113.9' },
      clock.now(),
    );
    later();
    const guest = await page({ types: 'PL', language: 'EN', pageSize: 100 });
    expect(guest.items.map((x) => x.id)).not.toContain(id);
    const theirs = await page({ types: 'PL', language: 'EN', pageSize: 100 }, session.token);
    expect(theirs.items.map((x) => x.id)).toEqual([id]);
    expect((await announce('list', 'merchant=OTHER')).message).toContain('Other merchant only');
    expect((await announce('list')).message).not.toContain('Other merchant only');
  });
});

describe('the winners board (real settled bets)', () => {
  async function board(q: Record<string, number> = {}) {
    const res = await app.inject({
      url: `/wps/relay/GLS_winnerRankList?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { value: { items: Winner[]; days: number; updatedAt: string } }).value;
  }

  it('masks accounts like de***01', () => {
    expect(maskAccount('demo01')).toBe('de***01');
    expect(maskAccount('abcd')).toBe('a***d');
    expect(maskAccount('ab')).toBe('a***');
  });

  it('shows the biggest wins of real accounts, masked, with the game; refreshed once a minute; trial play never', async () => {
    const empty = await board();
    expect(empty).toMatchObject({ items: [], days: 7 });

    const player = await addMember(app, { account: `winner${Date.now().toString(36)}` });
    await fund(app, player.id, 1_000_000);
    const session = await login(app, player.account, player.password);
    const { ticket } = await launchSlot(app, session.token);
    let wins = 0;
    for (let i = 0; i < 200 && wins < 2; i++) {
      const r = await spin(app, ticket, 2_000);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (r.body.value!.totalWin > 2_000) wins++;
    }
    expect(wins).toBeGreaterThan(0);
    // A trial account wins with play money: not a real win.
    const trial = await freePlay(app);
    const t = await launchSlot(app, trial.token, { trial: true });
    for (let i = 0; i < 30; i++) await spin(app, t.ticket, 2_000);

    // Still the answer computed a moment ago (once a minute).
    expect((await board()).items).toEqual([]);
    clock.advance(WINNERS_TTL_MS);
    const b = await board();
    const expected = await db().query<{ amount: string; game_name: string }>(
      `select (payout - stake)::text as amount, game_name from bet_records
        where member_id = $1 and status = 'settled' and payout > stake order by payout - stake desc, settled_at desc, id desc`,
      [player.id],
    );
    expect(b.items.length).toBe(Math.min(10, expected.length));
    expect(b.items[0]).toMatchObject({
      rank: 1,
      account: maskAccount(player.account),
      amount: Number(expected[0]!.amount),
      game: expected[0]!.game_name,
      vertical: 'slots',
    });
    expect(b.items.every((w) => w.account === maskAccount(player.account))).toBe(true);
    expect(b.items.map((w) => w.amount)).toEqual([...b.items.map((w) => w.amount)].sort((x, y) => y - x));
    expect((await board({ count: 1 })).items).toHaveLength(1);

    // Outside the window (8 days later, a 7-day board): gone; a 30-day board still has them.
    clock.advance(8 * 86_400_000);
    expect((await board()).items).toEqual([]);
    expect((await board({ days: 30 })).items.length).toBeGreaterThan(0);
  });

  it('refuses a bad window or count', async () => {
    for (const q of ['days=0', 'days=31', 'count=0', 'count=51', 'days=x', 'x=1']) {
      const res = await app.inject({ url: `/wps/relay/GLS_winnerRankList?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});
