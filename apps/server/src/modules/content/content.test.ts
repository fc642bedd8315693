import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, freshIp, login } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import { runOpsCommand } from '../ops/ops.service.ts';

/** Issue 9: feedback (spec §5, §7 POST /wps/feedback), the blog, join us, on real rows. */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ passwordLimits: { perAccountPerHour: 10_000, perIpPerHour: 10_000 } });
});
afterAll(async () => app.close());

const db = () => app.services.db;
const ops = (...args: string[]) => runOpsCommand(app.services.ops, 'content', args);
const count = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await db().query(sql, params))[0] ?? {})[0] ?? 0);

interface Env<T> {
  success: boolean;
  value?: T;
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}
async function send<T>(
  method: 'GET' | 'POST',
  url: string,
  o: { token?: string; ip?: string; body?: unknown; lang?: string } = {},
) {
  const res = await call(app, {
    method,
    url,
    token: o.token,
    ip: o.ip ?? freshIp(),
    headers: o.lang ? { 'x-language': o.lang } : {},
    ...(o.body !== undefined ? { payload: o.body as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() as Env<T> };
}

async function memberSession() {
  const m = await addMember(app);
  const s = await login(app, m.account, m.password);
  return { ...m, token: s.token };
}

const valid = { questionType: 'deposit', content: 'My deposit has not arrived after an hour.' };

describe('feedback', () => {
  it('answers the merchant’s bounds and the six question types of spec §5', async () => {
    const r = await send<{ minLength: number; maxLength: number; perMinute: number; types: string[] }>(
      'GET',
      '/wps/feedback/setting',
    );
    expect(r.status).toBe(200);
    expect(r.body.value).toEqual({
      minLength: 10,
      maxLength: 500,
      perMinute: 3,
      types: ['deposit', 'withdraw', 'game', 'service', 'application', 'other'],
    });
  });

  it('stores a guest’s feedback with its address, language and contact', async () => {
    const ip = freshIp();
    const r = await send<{ id: number }>('POST', '/wps/feedback', {
      ip,
      lang: 'EN',
      body: { ...valid, content: `  ${valid.content}  `, contact: ' tg:@guest ' },
    });
    expect(r.status).toBe(200);
    const [row] = await db().query<Record<string, unknown>>('select * from feedback where id = $1', [
      r.body.value?.id,
    ]);
    expect(row).toMatchObject({
      member_id: null,
      question_type: 'deposit',
      content: valid.content,
      contact: 'tg:@guest',
      ip,
      language: 'EN',
      status: 'open',
      reply: null,
    });
  });

  it('a member sees their own feedback and the operator’s reply (ops list and reply), never another’s', async () => {
    const me = await memberSession();
    const other = await memberSession();
    const sent = await send<{ id: number }>('POST', '/wps/feedback', {
      token: me.token,
      body: { questionType: 'withdraw', content: 'Withdrawal pending for two days, please check.' },
    });
    expect(sent.status).toBe(200);
    await send('POST', '/wps/feedback', { token: other.token, body: valid });
    const id = String(sent.body.value?.id);

    const listed = await ops('feedback', 'list');
    expect(listed.message).toContain(`#${id}`);
    expect(listed.message).toContain(me.account);
    const reply = await ops('feedback', 'reply', id, 'We', 'have', 'paid', 'it', 'out', 'today.');
    expect(reply.message).toBe(`feedback #${id} answered`);
    expect((await ops('feedback', 'list')).message).not.toContain(`#${id} `);
    expect((await ops('feedback', 'list', 'answered')).message).toContain('We have paid it out today.');

    const mine = await send<{
      items: { id: number; status: string; reply: string | null; repliedAt: string | null }[];
      total: number;
    }>('GET', '/wps/feedback/mine', { token: me.token });
    expect(mine.status).toBe(200);
    expect(mine.body.value?.total).toBe(1);
    expect(mine.body.value?.items[0]).toMatchObject({
      id: Number(id),
      status: 'answered',
      reply: 'We have paid it out today.',
    });
    expect(mine.body.value?.items[0]?.repliedAt).toBeTruthy();
    expect((await send('GET', '/wps/feedback/mine')).status).toBe(401);
    await expect(ops('feedback', 'reply', '999999999', 'x')).rejects.toThrow('no feedback #999999999');
  });

  it('refuses bad input with a precise key and writes nothing', async () => {
    const before = await count('select count(*) from feedback');
    const cases: [unknown, number, string][] = [
      [{ questionType: 'deposit', content: '' }, 400, 'content.errors.required'],
      [{ questionType: 'deposit', content: '     ' }, 400, 'content.errors.required'],
      [{ questionType: 'deposit', content: 'too short' }, 400, 'content.errors.length'],
      [{ questionType: 'deposit', content: 'x'.repeat(501) }, 400, 'content.errors.length'],
      [{ questionType: 'deposit', content: 'x'.repeat(5001) }, 400, 'content.errors.length'],
      [{ questionType: 'lottery', content: valid.content }, 400, 'content.errors.type'],
      [{ content: valid.content }, 400, 'content.errors.type'],
      [{ ...valid, contact: 'c'.repeat(101) }, 400, 'content.errors.contact'],
      [{ ...valid, extra: 1 }, 400, 'errors.bad_request'],
    ];
    for (const [body, status, message] of cases) {
      const r = await send('POST', '/wps/feedback', { body });
      expect([r.status, r.body.message], JSON.stringify(body).slice(0, 60)).toEqual([status, message]);
    }
    // Exactly at the bounds is fine (characters, not bytes: 10 Burmese letters).
    expect(
      (await send('POST', '/wps/feedback', { body: { ...valid, content: 'က'.repeat(10) } })).status,
    ).toBe(200);
    expect(
      (await send('POST', '/wps/feedback', { body: { ...valid, content: 'y'.repeat(500) } })).status,
    ).toBe(200);
    expect(await count('select count(*) from feedback')).toBe(before + 2);
  });

  it('follows the merchant’s bounds from the database (ops feedback setting)', async () => {
    expect((await ops('feedback', 'setting', '20', '40')).message).toContain('20-40');
    try {
      const s = await send<{ minLength: number; maxLength: number }>('GET', '/wps/feedback/setting');
      expect(s.body.value).toMatchObject({ minLength: 20, maxLength: 40 });
      expect(
        (await send('POST', '/wps/feedback', { body: { ...valid, content: 'x'.repeat(19) } })).body.message,
      ).toBe('content.errors.length');
      expect(
        (await send('POST', '/wps/feedback', { body: { ...valid, content: 'x'.repeat(41) } })).body.message,
      ).toBe('content.errors.length');
      expect(
        (await send('POST', '/wps/feedback', { body: { ...valid, content: 'x'.repeat(30) } })).status,
      ).toBe(200);
      await expect(ops('feedback', 'setting', '50', '40')).rejects.toThrow('feedback setting');
    } finally {
      await ops('feedback', 'setting', '10', '500', '3');
    }
  });

  it('limits sends per address and per account a minute (429, nothing written), also in parallel', async () => {
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', '/wps/feedback', { ip, body: valid })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429);
    expect(refused?.body).toMatchObject({ code: 'RATE_LIMITED', message: 'content.errors.too_many' });
    expect(await count('select count(*) from feedback where ip = $1', [ip])).toBe(3);

    // One account from several addresses: also three.
    const me = await memberSession();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await send('POST', '/wps/feedback', { token: me.token, body: valid })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await count('select count(*) from feedback where member_id = $1', [me.id])).toBe(3);
  });
});

describe('blog', () => {
  interface Summary {
    slug: string;
    title: string;
    summary: string;
    coverUrl: string;
    publishedAt: string;
    language: string;
  }

  it('lists the published posts newest first in the reader’s language, paged', async () => {
    const en = await send<{ items: Summary[]; total: number; page: number; pageSize: number }>(
      'GET',
      '/wps/blog?language=EN&page=1&pageSize=2',
    );
    expect(en.status).toBe(200);
    expect(en.body.value?.total).toBe(3);
    expect(en.body.value?.items.map((p) => p.slug)).toEqual(['check-a-lottery-draw', 'play-responsibly']);
    expect(en.body.value?.items[0]).toMatchObject({
      title: 'How to check a lottery draw yourself',
      coverUrl: '/img/blog/check-a-lottery-draw.svg',
      language: 'EN',
    });
    const page2 = await send<{ items: Summary[] }>('GET', '/wps/blog?language=EN&page=2&pageSize=2');
    expect(page2.body.value?.items.map((p) => p.slug)).toEqual(['site-on-your-home-screen']);
    const th = await send<{ items: Summary[] }>('GET', '/wps/blog?language=TH');
    expect(th.body.value?.items[0]?.language).toBe('TH');
    // JA has no text: the EN one.
    const ja = await send<{ items: Summary[] }>('GET', '/wps/blog?language=JA');
    expect(ja.body.value?.items[0]).toMatchObject({
      language: 'EN',
      title: 'How to check a lottery draw yourself',
    });
  });

  it('opens an article with its body; unknown, bad or unpublished slugs are 404', async () => {
    const r = await send<Summary & { body: string }>(
      'GET',
      '/wps/blog/post?slug=play-responsibly&language=VI',
    );
    expect(r.status).toBe(200);
    expect(r.body.value?.title).toBe('Năm thói quen để chơi có trách nhiệm');
    expect(r.body.value?.body).toContain('<a href="/help">');
    expect((await send('GET', '/wps/blog/post?slug=nope')).body).toMatchObject({
      message: 'content.errors.not_found',
    });
    expect((await send('GET', '/wps/blog/post?slug=../etc')).status).toBe(400);

    await ops('blog', 'unpublish', 'play-responsibly');
    try {
      expect((await send('GET', '/wps/blog/post?slug=play-responsibly')).status).toBe(404);
      const list = await send<{ total: number }>('GET', '/wps/blog');
      expect(list.body.value?.total).toBe(2);
      expect((await ops('blog', 'list')).message).toMatch(/play-responsibly\s+unpublished/);
    } finally {
      await ops('blog', 'publish', 'play-responsibly');
    }
    expect((await send('GET', '/wps/blog/post?slug=play-responsibly')).status).toBe(200);
  });

  it('publishes a post from a file with its HTML sanitised when saved', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-'));
    const file = path.join(dir, 'post.json');
    writeFileSync(
      file,
      JSON.stringify({
        coverMotif: 'dice',
        texts: {
          EN: {
            title: 'Hello',
            body: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">bad</a> <a href="https://example.com/x">good</a></p><img src=x onerror=alert(1)><iframe src="//evil"></iframe>',
          },
          MY: { title: 'မင်္ဂလာပါ', summary: 'အကျဉ်း', body: '<p>မြန်မာ</p>' },
        },
      }),
    );
    const r = await ops('blog', 'publish', 'hello-world', file);
    expect(r.message).toBe('hello-world published');
    const post = await send<{ body: string; summary: string }>(
      'GET',
      '/wps/blog/post?slug=hello-world&language=EN',
    );
    expect(post.body.value?.body).toBe(
      '<p>Hi bad <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">good</a></p>',
    );
    expect(post.body.value?.summary).toBe('Hi bad good');
    await expect(ops('blog', 'publish', 'Bad Slug', file)).rejects.toThrow('bad slug');
    writeFileSync(file, JSON.stringify({ texts: { MY: { title: 'x', body: '<p>x</p>' } } }));
    await expect(ops('blog', 'publish', 'no-english', file)).rejects.toThrow('an EN text is needed');
    expect(await count(`select count(*) from blog_posts where slug = 'no-english'`)).toBe(0);
    await expect(ops('blog', 'unpublish', 'missing-post')).rejects.toThrow('no blog post');
    await ops('blog', 'unpublish', 'hello-world');
  });

  it('draws each post’s cover as an SVG image (cacheable), 404 for an unknown one', async () => {
    const r = await app.inject({ url: '/img/blog/play-responsibly.svg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.headers['cache-control']).toContain('max-age=86400');
    expect(r.body).toMatch(/^<svg [^>]*width="1200" height="630"/);
    expect(r.body).not.toMatch(/<script|on\w+=/i);
    const again = await app.inject({
      url: '/img/blog/play-responsibly.svg',
      headers: { 'if-none-match': String(r.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ url: '/img/blog/nope.svg' })).statusCode).toBe(404);
  });
});

describe('join us', () => {
  it('tells what active contracts pay, from the merchant’s real contracts', async () => {
    const before = await send<{
      contracts: unknown[];
      agentCount: number;
      currency: string;
      isAgent: boolean;
    }>('GET', '/wps/join');
    expect(before.status).toBe(200);
    expect(before.body.value).toMatchObject({ currency: 'MMK', isAgent: false, myApplication: null });
    expect(before.body.value?.agentCount).toBeGreaterThanOrEqual(2);

    const up = await addMember(app, { type: 1 });
    const down = await addMember(app, { type: 2 });
    const [m] = await db().query<{ id: number }>('select id from merchants limit 1');
    await db().query(
      `insert into agent_contracts (merchant_id, upline_id, downline_id, kind, period, tiers, max_ratio, status, accepted_at)
       values ($1, $2, $3, 'dividend', 'weekly', $4, 3500, 'active', now()), ($1, $2, $3, 'daily', null, $5, 0, 'active', now())`,
      [
        m?.id,
        up.id,
        down.id,
        JSON.stringify([
          { minBets: 100000, ratio: 2000 },
          { minBets: 500000, ratio: 3500 },
        ]),
        JSON.stringify([
          { minBets: 100000, amount: 500000 },
          { minBets: 900000, amount: 1200000 },
        ]),
      ],
    );
    const after = await send<{
      contracts: { kind: string; agents: number; maxRatio: number | null; maxAmount: number | null }[];
    }>('GET', '/wps/join');
    expect(after.body.value?.contracts).toEqual(
      expect.arrayContaining([
        { kind: 'dividend', agents: 1, maxRatio: 3500, maxAmount: null },
        { kind: 'daily', agents: 1, maxRatio: null, maxAmount: 1200000 },
      ]),
    );
  });

  it('stores an application for the operator (ops join list), one open per account, limited per address', async () => {
    const me = await memberSession();
    const r = await send<{ id: number }>('POST', '/wps/join', {
      token: me.token,
      body: { name: ' Ko Aung ', contact: '+95 9 123 456', message: 'I run a team of 30 players.' },
    });
    expect(r.status).toBe(200);
    const mine = await send<{ myApplication: { id: number; status: string } | null }>('GET', '/wps/join', {
      token: me.token,
    });
    expect(mine.body.value?.myApplication).toMatchObject({ id: r.body.value?.id, status: 'new' });
    const again = await send('POST', '/wps/join', { token: me.token, body: { name: 'Ko', contact: 'x' } });
    expect([again.status, again.body.message]).toEqual([409, 'content.errors.join_pending']);
    expect((await ops('join', 'list')).message).toMatch(/new\s+\S+\s+Ko Aung <\+95 9 123 456>/);
    expect((await ops('join', 'status', String(r.body.value?.id), 'contacted')).message).toContain(
      'contacted',
    );

    for (const [body, message] of [
      [{ name: ' ', contact: 'x' }, 'content.errors.join_name'],
      [{ name: 'A', contact: '' }, 'content.errors.join_contact'],
      [{ name: 'A'.repeat(61), contact: 'x' }, 'content.errors.join_name'],
      [{ name: 'A', contact: 'x'.repeat(101) }, 'content.errors.join_contact'],
    ] as const) {
      const bad = await send('POST', '/wps/join', { body });
      expect([bad.status, bad.body.message]).toEqual([400, message]);
    }
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await send('POST', '/wps/join', { ip, body: { name: 'Guest', contact: `g${i}@x.io` } })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('the IP-blocked page (spec §2)', () => {
  it('tells a caller whose address the operator blocked (region block <ip>) that it is blocked by IP', async () => {
    const ip = freshIp();
    const before = await send<{ ipBlocked: boolean; regionRestriction: boolean }>(
      'GET',
      '/wps/system/permission',
      {
        ip,
      },
    );
    expect(before.body.value).toMatchObject({ ipBlocked: false, regionRestriction: false });
    await runOpsCommand(app.services.ops, 'region', ['block', ip]);
    try {
      const blocked = await send<{ ipBlocked: boolean; regionRestriction: boolean }>(
        'GET',
        '/wps/system/permission',
        { ip },
      );
      expect(blocked.body.value).toMatchObject({ ipBlocked: true, regionRestriction: true });
      // Calls are refused, and nothing is written.
      const before = await count('select count(*) from feedback');
      const r = await send('POST', '/wps/feedback', { ip, body: valid });
      expect([r.status, r.body.code]).toEqual([403, 'REGION_RESTRICTED']);
      expect(await count('select count(*) from feedback')).toBe(before);
      // Another address is not affected.
      const other = await send<{ ipBlocked: boolean }>('GET', '/wps/system/permission');
      expect(other.body.value?.ipBlocked).toBe(false);
    } finally {
      await runOpsCommand(app.services.ops, 'region', ['unblock', ip]);
    }
  });
});
