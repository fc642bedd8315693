import { errorEnvelopeSchema, securityEndpoints, type Endpoint } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { bearer, createTestMember } from './test-members.ts';

/**
 * plugins/errors.test.ts sends junk to every served endpoint without a session; the security
 * centre answers those with 401 before reading anything. Here the same kind of junk comes with a
 * valid session, so it reaches the handlers and the database.
 */
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await buildTestApp();
  token = (await createTestMember(app.services.db, { account: 'fuzz01', password: 'Secret123' })).token;
});
afterAll(async () => app.close());

const LONG = 'x'.repeat(70_000);

/** Lone surrogates cannot be URI-encoded: send a malformed escape instead. */
function q(v: unknown): string {
  try {
    return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
  } catch {
    return '%ED%A0%80';
  }
}
const VALUES: unknown[] = [
  null,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '０１２３４５',
  '1e309',
  -1,
  1.5,
  2 ** 63,
  true,
  [],
  {},
  { __proto__: { polluted: 1 } },
  '9999-99-99',
  '0000-01-01',
  '2000-02-30',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  LONG.slice(0, 300),
];
const FIELDS = [
  'nickname',
  'payeeName',
  'birthday',
  'address',
  'loginPassword',
  'oldPaymentPassword',
  'newPaymentPassword',
  'confirmPaymentPassword',
  'mobileNum',
  'countryDialingCode',
  'email',
  'code',
  'page',
  'size',
];

describe('security centre: junk with a valid session never causes a 5xx', () => {
  const centre = Object.values(securityEndpoints).filter((e) => e.auth === 'member');
  it.each(centre.map((e) => [e.id, e] as [string, Endpoint]))('%s', async (_id, e) => {
    const inQuery = e.method === 'GET' || e.method === 'DELETE';
    for (const field of FIELDS) {
      for (const v of VALUES) {
        const res = inQuery
          ? await app.inject({
              method: e.method,
              url: `${e.path}?${field}=${q(v)}`,
              headers: bearer(token),
            })
          : await app.inject({
              method: e.method,
              url: e.path,
              headers: { ...bearer(token), 'content-type': 'application/json' },
              payload: JSON.stringify({ [field]: v }),
            });
        expect(
          res.statusCode,
          `${e.id} ${field}=${JSON.stringify(v).slice(0, 40)} → ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        if (res.statusCode >= 400) expect(errorEnvelopeSchema.parse(res.json()).success).toBe(false);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
