import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { DEMO_GAMES } from '../../seed/demo-games.ts';
import { IMAGE_CACHE_CONTROL } from '../../lib/svg-image.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const idOf = async (code: string) => {
  const [row] = await app.services.db.query<{ id: number }>('select id from games where code = $1', [code]);
  return row!.id;
};

describe('game thumbnails and vendor logos (/img/games/<id>.svg, /img/vendors/<code>.svg)', () => {
  it('serves a sized, cacheable SVG with the game’s name, the same every time', async () => {
    const id = await idOf(DEMO_GAMES.slot.code);
    const res = await app.inject({ method: 'GET', url: `/img/games/${id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The site's policy covers it: same-origin images, no script.
    expect(String(res.headers['content-security-policy'])).toContain("img-src 'self'");
    expect(res.body).toMatch(/^<svg [^>]*width="240" height="160"/);
    expect(res.body).toContain(DEMO_GAMES.slot.name);
    expect(res.body).not.toMatch(/<script|on\w+=|javascript:/i);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: `/img/games/${id}.svg` });
    expect(again.body).toBe(res.body);
    const cached = await app.inject({
      method: 'GET',
      url: `/img/games/${id}.svg`,
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    // Another game, another picture.
    const other = await app.inject({
      method: 'GET',
      url: `/img/games/${await idOf(DEMO_GAMES.live.code)}.svg`,
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('escapes names: a name with markup stays text', async () => {
    const [g] = await app.services.db.query<{ id: number }>(
      `insert into games (merchant_id, code, name, vassalage, game_type)
       select id, 'PG_EVIL', $1, 'PG', 'RNG' from merchants order by id limit 1 returning id`,
      [`<script>alert(1)</script> & "Tom's" <img src=x onerror=alert(2)>`],
    );
    const res = await app.inject({ method: 'GET', url: `/img/games/${g!.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Tom&#39;s&quot;');
  });

  it('serves vendor logos', async () => {
    const res = await app.inject({ method: 'GET', url: '/img/vendors/PG.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
    expect(res.body).toMatch(/^<svg [^>]*width="160" height="64"/);
    expect(res.body).toContain('PG Soft');
    expect(res.body).toContain('>PS<');
    const kings = await app.inject({ method: 'GET', url: '/img/vendors/KINGS.svg' });
    expect(kings.body).toContain('King&#39;s Table');
  });

  it('answers 404 for unknown or malformed ids and codes', async () => {
    for (const url of [
      '/img/games/99999999.svg',
      '/img/games/0.svg',
      '/img/games/abc.svg',
      '/img/games/1.png',
      '/img/games/01.svg',
      '/img/games/1234567890123.svg',
      '/img/vendors/NOPE.svg',
      '/img/vendors/pg.svg',
      '/img/vendors/PG.png',
      '/img/vendors/..%2F..%2Fetc.svg',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});
