import {
  PROMO_IMAGE_MAX_BYTES,
  type ClaimItem,
  type PromoCard,
  type PromoClaimResult,
  type PromoDetail,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { login, testClock, freshIp } from '../../test/accounts.ts';
import { freePlay } from '../../test/games.ts';
import { call, opsCall, useTestApp } from '../../test/calls.ts';
import { moneyMember, newKey, walletBalance, type MoneyMember } from '../../test/money.ts';
import { b64, jpegBomb, jpegFile, pngBomb, pngFile, pngOfSize } from './testing.ts';

const clock = testClock();
let app: FastifyInstance;
useTestApp((a) => (app = a), { now: clock.now, ledgerSound: true });

const H = 3_600_000;

const api = <T = unknown>(who: MoneyMember | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call<T>(app, who, method, url, payload);
const ops = (...args: string[]) => opsCall(app, 'promo', ...args);
let codes = 0;
/** A new activity through the ops command; its id. */
async function create(category: string, ...kv: string[]): Promise<number> {
  const code = `T${Date.now().toString(36).toUpperCase()}${codes++}`;
  const r = await ops('create', code, category, `title=Test ${code}`, ...kv);
  expect(r.status, r.message).toBe(200);
  return Number(/#(\d+)/.exec(r.message)![1]);
}
const detail = (m: MoneyMember | null, id: number, lang = 'EN') =>
  api<PromoDetail>(m, 'GET', `/wps/promo/activity?id=${id}&language=${lang}`);
const join = (m: MoneyMember, id: number) => api<PromoDetail>(m, 'POST', '/wps/promo/join', { id });
const claim = (m: MoneyMember, entryId: number, key = newKey()) =>
  api<PromoClaimResult>(m, 'POST', '/wps/promo/claim', { entryId, key });
const raffleClaim = (m: MoneyMember, entryId: number, key = newKey()) =>
  api<PromoClaimResult>(m, 'POST', '/wps/relay/PRS_raffleClaim', { entryId, key });
const apply = (m: MoneyMember, body: Record<string, unknown>) =>
  api<PromoDetail>(m, 'POST', '/wps/promo/apply', body);
const hall = (m: MoneyMember) =>
  api<{ items: ClaimItem[]; total: number }>(m, 'GET', '/wps/promo/claims?language=EN');

async function bet(m: MoneyMember, vertical: string, stake: number): Promise<void> {
  await app.services.db.query(
    `insert into bet_records (member_id, vertical, stake, payout, settled_at, status) values ($1, $2, $3, 0, $4, 'settled')`,
    [m.id, vertical, stake, clock.now()],
  );
}
/** A bank deposit through the cashier, approved by the operator (the real path). */
async function deposit(m: MoneyMember, amount: number): Promise<void> {
  const [ch] = await app.services.db.query<{ id: number }>(
    `select id from deposit_channels where code = 'BANK'`,
  );
  const d = await api<{ id: number }>(m, 'POST', '/wps/v2/deposit', {
    channelId: ch!.id,
    amount,
    key: newKey(),
  });
  expect(d.status).toBe(200);
  const ok = await opsCall(app, 'deposit', 'approve', String(d.body.value!.id));
  expect(ok.status, ok.message).toBe(200);
}
async function notices(memberId: string) {
  return app.services.db.query<{ kind: string; params: Record<string, string | number> }>(
    'select kind, params from messages where member_id = $1 order by id',
    [memberId],
  );
}
async function stored(memberId: string) {
  const [row] = await app.services.db.query<{ entries: string; images: string; all_images: string }>(
    `select (select count(*) from promotion_entries where member_id = $1) as entries,
            (select count(*) from promotion_images where member_id = $1) as images,
            (select count(*) from promotion_images) as all_images`,
    [memberId],
  );
  return { entries: Number(row!.entries), images: Number(row!.images), allImages: Number(row!.all_images) };
}
/** A signed-in demo account. */
async function demo(account: string, password: string): Promise<MoneyMember> {
  const s = await login(app, account, password, {}, { ip: freshIp() });
  const [row] = await app.services.db.query<{ id: string }>(
    'select id::text as id from members where account = $1',
    [account],
  );
  return { id: row!.id, account, password, token: s.token, headers: { authorization: `Bearer ${s.token}` } };
}

describe('the demo promotions (seed)', () => {
  it('lists them for a guest, open ones first, with the statuses of their windows, in five languages', async () => {
    const list = await api<{ items: PromoCard[]; total: number }>(
      null,
      'GET',
      '/wps/promo/activities?language=EN&pageSize=50',
    );
    expect(list.status).toBe(200);
    const byCode = new Map(list.body.value!.items.map((c) => [c.code, c]));
    expect(byCode.get('WELCOME100')).toMatchObject({
      status: 'join_now',
      category: 'newbie',
      tags: ['newbie', 'limited'],
    });
    expect(byCode.get('LIVEWEEKEND')).toMatchObject({ status: 'coming_soon' });
    expect(byCode.get('FISHHUNT')).toMatchObject({ status: 'closed', reason: 'ended' });
    expect(new Set(list.body.value!.items.map((c) => c.category)).size).toBeGreaterThanOrEqual(7);
    const statuses = list.body.value!.items.map((c) => c.status);
    expect(statuses.indexOf('join_now')).toBeLessThan(statuses.indexOf('coming_soon'));
    expect(statuses.indexOf('coming_soon')).toBeLessThan(statuses.indexOf('closed'));

    const id = byCode.get('APPSHARE')!.id;
    const titles = await Promise.all(
      ['MY', 'EN', 'CN', 'TH', 'VI', 'JA'].map(async (l) => (await detail(null, id, l)).body.value!.title),
    );
    expect(titles).toEqual([
      'အက်ပ်ဒေါင်းလုဒ် ဆုလာဘ်',
      'App download reward',
      'APP 下载奖励',
      'รางวัลดาวน์โหลดแอป',
      'Thưởng tải ứng dụng',
      'App download reward',
    ]);
    const sports = await api<{ items: PromoCard[] }>(null, 'GET', '/wps/promo/activities?category=sports');
    expect(sports.body.value!.items.every((c) => c.category === 'sports')).toBe(true);
    const vip = await api<{ items: PromoCard[] }>(null, 'GET', '/wps/promo/activities?tag=vip');
    expect(vip.body.value!.items.map((c) => c.code)).toContain('VIPREBATE');
  });

  it('demo01 can apply for the app reward at once; the VIP rebate is closed to them', async () => {
    const demo01 = await demo('demo01', 'Demo2026!');
    const list = await api<{ items: PromoCard[] }>(demo01, 'GET', '/wps/promo/activities?pageSize=50');
    const byCode = new Map(list.body.value!.items.map((c) => [c.code, c]));
    expect(byCode.get('APPSHARE')).toMatchObject({ status: 'join_now', approval: true });
    expect(byCode.get('WELCOME100')).toMatchObject({ status: 'join_now' });
    expect(byCode.get('VIPREBATE')).toMatchObject({ status: 'closed', reason: 'vip_only' });
    const d = await detail(demo01, byCode.get('APPSHARE')!.id);
    expect(d.body.value).toMatchObject({ minDeposit: 0, turnover: 0, me: { entriesUsed: 0, entry: null } });
    expect(d.body.value!.content).toContain('<a href="/down">');
  });

  it('player01 has an approved application in the claim hall and a slots entry in progress', async () => {
    const player01 = await demo('player01', 'Player2026!');
    const h = await hall(player01);
    expect(h.body.value!.items).toEqual([
      expect.objectContaining({
        title: 'App download reward',
        amount: 8_800,
        reason: 'approved',
        kind: 'bonus',
      }),
    ]);
    const list = await api<{ items: PromoCard[] }>(player01, 'GET', '/wps/promo/activities?pageSize=50');
    const byCode = new Map(list.body.value!.items.map((c) => [c.code, c]));
    expect(byCode.get('APPSHARE')!.status).toBe('issued');
    expect(byCode.get('SLOTSDAILY')!.status).toBe('in_progress');
  });
});

describe('a bonus on deposits and turnover, claimed once', () => {
  it('join → in progress → claim payout; the bonus is a share of the deposits, paid through the ledger', async () => {
    const id = await create(
      'deposit',
      'min-deposit=100.00',
      'turnover=300.00',
      'verticals=slots,live',
      'percent=50',
      'cap=80.00',
    );
    const m = await moneyMember(app, { balance: 0 });
    expect((await detail(m, id)).body.value!.status).toBe('join_now');
    // Deposits and bets before joining do not count.
    await deposit(m, 50_000);
    await bet(m, 'slots', 50_000);
    clock.advance(1_000);
    const j = await join(m, id);
    expect(j.status).toBe(200);
    expect(j.body.value).toMatchObject({
      status: 'in_progress',
      me: { entriesUsed: 1, entry: { state: 'joined', deposit: 0, turnover: 0 } },
    });
    expect((await join(m, id)).body.message).toBe('promotions.errors.already_joined');
    clock.advance(1_000);

    await deposit(m, 12_000);
    await bet(m, 'slots', 20_000);
    await bet(m, 'sports', 90_000); // not a vertical of this activity
    let d = (await detail(m, id)).body.value!;
    expect(d).toMatchObject({
      status: 'in_progress',
      me: { entry: { deposit: 12_000, turnover: 20_000, amount: 6_000 } },
    });
    const early = await claim(m, d.me!.entry!.id);
    expect([early.status, early.body.message]).toEqual([422, 'promotions.errors.requirements_unmet']);
    expect((await hall(m)).body.value!.items).toEqual([]);

    await bet(m, 'live', 10_000);
    await deposit(m, 10_000);
    d = (await detail(m, id)).body.value!;
    expect(d).toMatchObject({
      status: 'claim_payout',
      me: { entry: { deposit: 22_000, turnover: 30_000, amount: 8_000 } },
    });
    expect((await hall(m)).body.value).toEqual({
      items: [expect.objectContaining({ entryId: d.me!.entry!.id, amount: 8_000, reason: 'met' })],
      total: 8_000,
    });

    const before = await walletBalance(app, m.id);
    const c = await claim(m, d.me!.entry!.id);
    expect(c.status).toBe(200);
    expect(c.body.value).toMatchObject({ amount: 8_000, balance: before + 8_000 });
    expect(await walletBalance(app, m.id)).toBe(before + 8_000);
    const again = await claim(m, d.me!.entry!.id);
    expect([again.status, again.body.message]).toEqual([409, 'promotions.errors.already_claimed']);
    expect((await detail(m, id)).body.value).toMatchObject({
      status: 'claimed',
      me: { entry: { state: 'claimed', amount: 8_000 } },
    });
    expect((await notices(m.id)).filter((n) => n.kind === 'promo_bonus')).toEqual([
      { kind: 'promo_bonus', params: { name: expect.stringMatching(/^Test /), amount: 8_000 } },
    ]);
    // The account record shows it as a promotion bonus.
    const record = await api<{ items: { type: string; amount: number }[] }>(
      m,
      'GET',
      '/wps/member/transactions',
    );
    expect(record.body.value!.items[0]).toMatchObject({ type: 'promo_bonus', amount: 8_000 });
  });

  it('a claim sent 20 times at once pays once: the same key, and 20 different keys', async () => {
    const id = await create('slots', 'bonus=12.34');
    for (const sameKey of [true, false]) {
      const m = await moneyMember(app, { balance: 1_000 });
      const entryId = (await join(m, id)).body.value!.me!.entry!.id;
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => claim(m, entryId, sameKey ? key : newKey())),
      );
      const ok = answers.filter((a) => a.status === 200);
      if (sameKey) {
        expect(ok).toHaveLength(20);
        expect(new Set(ok.map((a) => a.body.value!.transferId)).size).toBe(1);
      } else {
        expect(ok).toHaveLength(1);
        for (const a of answers.filter((x) => x.status !== 200))
          expect([a.status, a.body.message]).toEqual([409, 'promotions.errors.already_claimed']);
      }
      expect(await walletBalance(app, m.id)).toBe(1_000 + 1_234);
      const [paid] = await app.services.db.query<{ n: string }>(
        `select count(*) as n from ledger_transfers where type = 'promo_bonus' and member_id = $1`,
        [m.id],
      );
      expect(Number(paid!.n)).toBe(1);
    }
  });

  it('sign-up and run windows, the audience and the per-member limit', async () => {
    const soon = await create('live', 'bonus=1.00', 'signup-from=now+2h', 'signup-to=now+3d');
    const m = await moneyMember(app);
    expect((await detail(m, soon)).body.value!.status).toBe('coming_soon');
    expect((await join(m, soon)).body.message).toBe('promotions.errors.not_open');

    const later = await create('live', 'bonus=1.00', 'run-from=now+1d', 'run-to=now+3d', 'signup-to=now+2d');
    expect((await join(m, later)).body.value!.status).toBe('signed_up');

    const ended = await create(
      'live',
      'bonus=1.00',
      'signup-from=now-3d',
      'signup-to=now-1d',
      'run-from=now-3d',
      'run-to=now-1d',
    );
    expect((await detail(m, ended)).body.value).toMatchObject({ status: 'closed', reason: 'ended' });
    expect((await join(m, ended)).body.message).toBe('promotions.errors.not_open');

    const newbies = await create('newbie', 'bonus=1.00', 'audience=newbie', 'newbie-days=7');
    const old = await moneyMember(app);
    await app.services.db.query(`update members set created_at = $2 where id = $1`, [
      old.id,
      new Date(clock.now().getTime() - 8 * 24 * H),
    ]);
    expect((await detail(old, newbies)).body.value).toMatchObject({
      status: 'closed',
      reason: 'newbie_only',
    });
    expect(await join(old, newbies)).toMatchObject({
      status: 403,
      body: { message: 'promotions.errors.not_eligible_newbie' },
    });
    expect((await join(m, newbies)).status).toBe(200);

    const vip = await create('rebate', 'bonus=1.00', 'audience=vip');
    expect((await join(m, vip)).body.message).toBe('promotions.errors.not_eligible_vip');
    await app.services.db.query(`insert into member_labels (member_id, label_name) values ($1, 'VIP')`, [
      m.id,
    ]);
    expect((await join(m, vip)).status).toBe(200);

    const twice = await create('slots', 'bonus=2.00', 'limit=2');
    for (let i = 0; i < 2; i++) {
      const e = (await join(m, twice)).body.value!.me!.entry!;
      expect((await claim(m, e.id)).status).toBe(200);
    }
    expect((await detail(m, twice)).body.value).toMatchObject({ status: 'claimed', me: { entriesUsed: 2 } });
    expect((await join(m, twice)).body.message).toBe('promotions.errors.limit_reached');
  });

  it('guests and trial accounts may look, not take part', async () => {
    const id = await create('slots', 'bonus=1.00');
    expect((await api(null, 'POST', '/wps/promo/join', { id })).status).toBe(401);
    expect((await api(null, 'GET', '/wps/promo/claims')).status).toBe(401);
    const t = await freePlay(app);
    const trial = {
      id: t.id,
      account: '',
      password: '',
      token: t.token,
      headers: { authorization: `Bearer ${t.token}` },
    };
    expect((await detail(trial, id)).body.value!.status).toBe('join_now');
    expect(await join(trial, id)).toMatchObject({
      status: 403,
      body: { message: 'errors.in_need_true_account' },
    });
    expect((await detail(null, 999_999)).body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'promotions.errors.not_found',
    });
    await ops('hide', String(id));
    expect((await detail(null, id)).status).toBe(404);
  });
});

describe('applications: a comment, up to 3 images, the operator decides', () => {
  it('apply with two images → applying; approve (ops) → issued; claim pays once; images served to their member only', async () => {
    const id = await create('download', 'bonus=88.00', 'approval=on');
    const m = await moneyMember(app, { balance: 0 });
    const other = await moneyMember(app);
    const png = pngFile(64, 48, { text: 'gps', tail: '<script>alert(1)</script>' });
    const r = await apply(m, {
      id,
      comment: 'Installed on my phone ✓',
      images: [
        { type: 'image/png', data: b64(png) },
        { type: 'image/jpeg', data: b64(jpegFile(50, 40, { exif: 'Camera' })) },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const entry = r.body.value!.me!.entry!;
    expect(r.body.value!.status).toBe('applying');
    expect(entry).toMatchObject({ state: 'applying', amount: 8_800, comment: 'Installed on my phone ✓' });
    expect(entry.images.map((i) => [i.type, i.width, i.height])).toEqual([
      ['image/png', 64, 48],
      ['image/jpeg', 50, 40],
    ]);
    expect((await apply(m, { id })).body.message).toBe('promotions.errors.already_applied');
    expect((await claim(m, entry.id)).body.message).toBe('promotions.errors.not_claimable');

    const img = await app.inject({
      method: 'GET',
      url: `/wps/promo/image?id=${entry.images[0]!.id}`,
      headers: m.headers,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.toString('latin1')).not.toContain('script');
    expect(PNG.sync.read(img.rawPayload).width).toBe(64);
    const theirs = await app.inject({
      method: 'GET',
      url: `/wps/promo/image?id=${entry.images[0]!.id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/wps/promo/image?id=${entry.images[0]!.id}` })).statusCode,
    ).toBe(401);

    const waiting = await ops('applications', String(id));
    expect(waiting.message).toContain(`#${entry.id} `);
    expect(waiting.message).toContain(`images ${entry.images.map((i) => i.id).join(',')}`);
    expect((await ops('approve', String(entry.id))).status).toBe(200);
    expect((await ops('approve', String(entry.id))).status).toBe(409);
    expect((await detail(m, id)).body.value!.status).toBe('issued');
    expect((await hall(m)).body.value!.items).toEqual([
      expect.objectContaining({ entryId: entry.id, amount: 8_800, reason: 'approved' }),
    ]);

    const c = await claim(m, entry.id);
    expect(c.body.value).toMatchObject({ amount: 8_800, balance: 8_800 });
    expect((await detail(m, id)).body.value!.status).toBe('claimed');
    expect((await notices(m.id)).map((n) => n.kind)).toEqual(['promo_approved', 'promo_bonus']);
  });

  it('a rejected application: rejected (claim forbidden), with the reason', async () => {
    const id = await create('download', 'bonus=88.00', 'approval=on');
    const m = await moneyMember(app);
    const e = (await apply(m, { id, comment: 'see' })).body.value!.me!.entry!;
    expect((await ops('reject', String(e.id), 'The', 'screenshot', 'is', 'not', 'ours')).status).toBe(200);
    const d = (await detail(m, id)).body.value!;
    expect(d).toMatchObject({
      status: 'rejected',
      me: { entry: { state: 'rejected', decisionNote: 'The screenshot is not ours' } },
    });
    expect((await claim(m, e.id)).body.message).toBe('promotions.errors.not_claimable');
    expect((await notices(m.id)).map((n) => n.kind)).toEqual(['promo_rejected']);
  });

  it('an approval activity with a turnover: join first, apply once it is met', async () => {
    const id = await create('sports', 'bonus=5.00', 'approval=on', 'turnover=100.00');
    const m = await moneyMember(app);
    expect((await apply(m, { id })).body.message).toBe('promotions.errors.not_joined');
    await join(m, id);
    expect((await apply(m, { id })).body.message).toBe('promotions.errors.requirements_unmet');
    await bet(m, 'sports', 10_000);
    expect((await detail(m, id)).body.value!.status).toBe('claim_payout');
    expect((await apply(m, { id })).body.value!.status).toBe('applying');
    // A bonus without approval is claimed, not applied for.
    const auto = await create('slots', 'bonus=1.00');
    expect((await apply(m, { id: auto })).body.message).toBe('promotions.errors.no_approval_needed');
  });

  describe('refused uploads store nothing (spec §8 messages)', () => {
    const ok = () => ({ type: 'image/png', data: b64(pngFile(20, 20)) });
    const cases: [string, () => Record<string, unknown>, number, string][] = [
      ['a 4th image', () => ({ images: [ok(), ok(), ok(), ok()] }), 400, 'promotions.errors.too_many_images'],
      [
        '5 MB + 1 byte',
        () => ({ images: [ok(), { type: 'image/png', data: b64(pngOfSize(PROMO_IMAGE_MAX_BYTES + 1)) }] }),
        400,
        'promotions.errors.image_too_large',
      ],
      [
        'a png that is really HTML',
        () => ({
          images: [
            ok(),
            { type: 'image/png', data: b64(Buffer.from('<html><script>alert(1)</script></html>')) },
          ],
        }),
        400,
        'promotions.errors.image_type',
      ],
      [
        'a png that is really SVG',
        () => ({
          images: [
            {
              type: 'image/png',
              data: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
            },
          ],
        }),
        400,
        'promotions.errors.image_type',
      ],
      [
        'a gif',
        () => ({ images: [{ type: 'image/gif', data: b64(Buffer.from('GIF89a')) }] }),
        400,
        'promotions.errors.image_type',
      ],
      [
        'a 50,000 × 50,000 px png',
        () => ({ images: [ok(), { type: 'image/png', data: b64(pngBomb(50_000, 50_000)) }] }),
        400,
        'promotions.errors.image_dimensions',
      ],
      [
        'a 50,000 × 50,000 px jpeg',
        () => ({ images: [{ type: 'image/jpeg', data: b64(jpegBomb(50_000, 50_000)) }] }),
        400,
        'promotions.errors.image_dimensions',
      ],
      [
        'a truncated png',
        () => ({ images: [{ type: 'image/png', data: b64(pngFile(40, 40).subarray(0, 60)) }] }),
        400,
        'promotions.errors.image_unreadable',
      ],
      [
        'not base64',
        () => ({ images: [{ type: 'image/png', data: 'not base64!' }] }),
        400,
        'promotions.errors.image_type',
      ],
      [
        '141 characters of comment',
        () => ({ comment: 'ဘ'.repeat(141) }),
        400,
        'promotions.errors.comment_too_long',
      ],
    ];
    it.each(cases)('%s', async (_label, body, status, message) => {
      const id = await create('download', 'bonus=1.00', 'approval=on');
      const m = await moneyMember(app);
      const before = await stored(m.id);
      const r = await apply(m, { id, comment: 'hello', ...body() });
      expect([r.status, r.body.message]).toEqual([status, message]);
      expect(r.body.success).toBe(false);
      const after = await stored(m.id);
      expect(after).toEqual(before);
      expect(after.entries).toBe(0);
      expect((await detail(m, id)).body.value!.status).toBe('join_now');
    });

    it('a body past the route’s limit is refused as too large, and other routes keep their small limit', async () => {
      const id = await create('download', 'bonus=1.00', 'approval=on');
      const m = await moneyMember(app);
      const huge = 'A'.repeat(7_000_000);
      const r = await apply(m, {
        id,
        images: [1, 2, 3, 4, 5].map(() => ({ type: 'image/png', data: huge })),
      });
      expect([r.status, r.body.message]).toEqual([400, 'promotions.errors.image_too_large']);
      expect((await stored(m.id)).entries).toBe(0);
      const join100k = await app.inject({
        method: 'POST',
        url: '/wps/promo/join',
        headers: m.headers,
        payload: { id, pad: 'x'.repeat(100_000) },
      });
      expect(join100k.statusCode).toBe(413);
    });
  });
});

describe('a raffle: the operator draws winners, winners claim through the relay', () => {
  it('draws with crypto among qualifying entries after the run; prizes claimed once as raffle_prize', async () => {
    const id = await create(
      'lottery',
      'kind=raffle',
      'bonus=100.00',
      'winners=2',
      'turnover=10.00',
      'verticals=lottery',
      'run-to=now+1h',
      'signup-to=now+1h',
    );
    const members = await Promise.all([1, 2, 3, 4].map(() => moneyMember(app)));
    for (const m of members) expect((await join(m, id)).body.value!.status).toBe('in_progress');
    for (const m of members.slice(0, 3)) await bet(m, 'lottery', 1_000);
    expect((await detail(members[0]!, id)).body.value!.status).toBe('signed_up');
    expect((await ops('draw', String(id))).status).toBe(409); // the run has not ended

    clock.advance(2 * H);
    const drawn = await ops('draw', String(id));
    expect(drawn.message).toMatch(/2 winners of 3 qualifying entries \(4 in all\)/);
    expect((await ops('draw', String(id))).status).toBe(409);

    // Sessions idle past 30 minutes: sign in again.
    const again = await Promise.all(
      members.map(async (m) => {
        const s = await login(app, m.account, m.password, {}, { ip: freshIp() });
        return { ...m, token: s.token, headers: { authorization: `Bearer ${s.token}` } };
      }),
    );
    const states = await Promise.all(again.map(async (m) => (await detail(m, id)).body.value!));
    const winners = again.filter((_, i) => states[i]!.status === 'issued');
    expect(winners).toHaveLength(2);
    expect(states[3]).toMatchObject({ status: 'closed', reason: 'not_drawn' });
    const losers = again.filter((_, i) => states[i]!.status !== 'issued');
    for (const l of losers)
      expect((await detail(l, id)).body.value).toMatchObject({ status: 'closed', reason: 'not_drawn' });

    const w = winners[0]!;
    const entryId = (await detail(w, id)).body.value!.me!.entry!.id;
    expect((await hall(w)).body.value!.items).toEqual([
      expect.objectContaining({ entryId, reason: 'won', amount: 10_000 }),
    ]);
    expect((await claim(w, entryId)).body.message).toBe('promotions.errors.use_raffle_claim');
    const before = await walletBalance(app, w.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => raffleClaim(w, entryId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await walletBalance(app, w.id)).toBe(before + 10_000);
    const [t] = await app.services.db.query<{ type: string }>(
      'select type from ledger_transfers where ref = $1',
      [`promo:${entryId}`],
    );
    expect(t!.type).toBe('raffle_prize');
    const loserEntry = (await detail(losers[0]!, id)).body.value!.me!.entry!.id;
    expect((await raffleClaim(losers[0]!, loserEntry)).body.message).toBe('promotions.errors.not_claimable');
    expect((await raffleClaim(losers[0]!, entryId)).body.message).toBe('promotions.errors.not_found');
    const bonusOnly = await create('slots', 'bonus=1.00');
    const e = (await join(losers[0]!, bonusOnly)).body.value!.me!.entry!;
    expect((await raffleClaim(losers[0]!, e.id)).body.message).toBe('promotions.errors.not_raffle');
  });
});

describe('the operator’s commands', () => {
  it('content is sanitised when saved; texts per language; clear refusals', async () => {
    const id = await create('gaming', 'bonus=1.00', 'tags=special,daily');
    const saved = await ops(
      'content',
      String(id),
      'EN',
      '<p onclick="x()">Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(saved.message).toContain('markup that is not allowed was removed');
    expect((await detail(null, id)).body.value!.content).toBe('<p>Hi</p>');
    expect((await ops('text', String(id), 'TH', 'title=ทดสอบ', 'summary=สรุป')).status).toBe(200);
    expect((await detail(null, id, 'TH')).body.value).toMatchObject({
      title: 'ทดสอบ',
      summary: 'สรุป',
      content: '<p>Hi</p>',
    });
    expect((await ops('content', String(id), 'CN', '<p>x</p>')).message).toMatch(/needs a title first/);

    const show = await ops('show', String(id));
    expect(show.message).toContain('[special, daily]');
    expect((await ops('list')).message).toContain(`#${id}`);
    for (const [args, text] of [
      [['create', 'X1', 'nope', 'title=a'], 'category'],
      [['create', 'X2', 'slots', 'title=a'], 'bonus='],
      [['create', 'X3', 'slots', 'title=a', 'percent=10'], 'cap='],
      [
        ['create', 'X4', 'slots', 'title=a', 'bonus=1', 'signup-from=now+2d', 'signup-to=now+1d'],
        'signup-from must be before',
      ],
      [['create', 'X5', 'slots', 'title=a', 'kind=raffle', 'bonus=1'], 'winners'],
      [['set', String(id), 'bonus=abc'], 'amount'],
      [['set', String(id), 'colour=red'], 'unknown key'],
      [['approve', '999999999'], 'no entry'],
      [['nope'], 'promo needs one of'],
    ] as [string[], string][]) {
      const r = await ops(...args);
      expect(r.status, args.join(' ')).toBeGreaterThanOrEqual(400);
      expect(r.status, args.join(' ')).toBeLessThan(500);
      expect(r.message, args.join(' ')).toContain(text);
    }
  });

  it('saves an application image to a file for the operator', async () => {
    const id = await create('download', 'bonus=1.00', 'approval=on');
    const m = await moneyMember(app);
    const e = (await apply(m, { id, images: [{ type: 'image/jpeg', data: b64(jpegFile(30, 20)) }] })).body
      .value!.me!.entry!;
    const { mkdtemp, readFile } = await import('node:fs/promises');
    const { join: joinPath } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = joinPath(await mkdtemp(joinPath(tmpdir(), 'promo-')), 'a.jpg');
    const r = await ops('image', String(e.images[0]!.id), file);
    expect(r.message).toContain('image/jpeg, 30×20');
    expect((await readFile(file)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await ops('image', String(e.images[0]!.id), file)).message).toContain('EEXIST');
  });
});

describe('the application route never answers junk with a 5xx', () => {
  it('malformed, mistyped and oversized bodies, signed in and not', async () => {
    const m = await moneyMember(app);
    const bodies: [string, string][] = [
      ['application/json', '{"id":'],
      ['application/json', '[]'],
      ['application/json', 'null'],
      ['application/json', JSON.stringify({ id: 'x', images: 'no' })],
      ['application/json', JSON.stringify({ id: 1, images: [{ type: 'image/png' }] })],
      ['application/json', JSON.stringify({ id: 1, images: [null] })],
      [
        'application/json',
        JSON.stringify({ id: 1, __proto__: { polluted: 1 }, constructor: { prototype: { polluted: 1 } } }),
      ],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'id=1&images=x'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--x--',
      ],
    ];
    for (const headers of [{}, m.headers])
      for (const [type, payload] of bodies) {
        const res = await app.inject({
          method: 'POST',
          url: '/wps/promo/apply',
          headers: { ...headers, 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${type} ${payload.slice(0, 40)}`).toBeLessThan(500);
        expect(res.json()).toMatchObject({ success: false });
      }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(
      (await app.inject({ method: 'GET', url: '/wps/promo/image?id=abc', headers: m.headers })).statusCode,
    ).toBe(404);
  });
});
