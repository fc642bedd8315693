import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testClock } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import { moneyMember } from '../../test/money.ts';

/**
 * Issue 11 (bench:api): what an authenticated call costs the database. The session is looked up
 * on every call (no cache: a logout elsewhere takes effect at once), its last-seen time written at
 * most once a minute, and the balance read in the session's own statement.
 */
const clock = testClock();
let app: FastifyInstance;
let statements: string[] = [];
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  // Every statement of the app goes through this one object (services, session plugin).
  const db = app.services.db;
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: readonly unknown[]) => {
    statements.push(sql);
    return query(sql, params);
  }) as typeof db.query;
});
afterAll(async () => app.close());

const SEC = 1000;
const lastSeen = async (token: string) => {
  const [row] = await app.services.db.query<{ last_seen_at: Date }>(
    `select s.last_seen_at from sessions s where s.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
    [token],
  );
  return row!.last_seen_at.getTime();
};
/** The statements one call sends (not counting the helper's own). */
async function counted(fn: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await fn();
  return statements;
}
const balance = (token: string) => call(app, { method: 'GET', url: '/wps/v2/wallets/balance', token });

describe('session hot path', () => {
  it('writes last-seen at most once a minute, and the idle window slides from it', async () => {
    const m = await moneyMember(app);
    const t0 = await lastSeen(m.token);
    clock.advance(30 * SEC);
    expect((await balance(m.token)).statusCode).toBe(200);
    expect(await lastSeen(m.token)).toBe(t0);
    clock.advance(31 * SEC);
    const writes = await counted(() => balance(m.token));
    expect(writes.filter((s) => s.includes('last_seen_at = '))).toHaveLength(1);
    expect(await lastSeen(m.token)).toBe(clock.now().getTime());
    // Idle 29:59 after that write: still valid (the unwritten calls in between do not count).
    clock.advance(29 * 60 * SEC + 59 * SEC);
    expect((await balance(m.token)).statusCode).toBe(200);
  });

  it('answers the balance with one statement, read with the session from the database', async () => {
    const m = await moneyMember(app, { balance: 12_345 });
    await balance(m.token); // the merchant's wallet settings are cached for 5 s
    const sent = await counted(async () => {
      const res = await balance(m.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ value: { sumBalance: 12_345 } });
      expect(res.json().value.wallets).toContainEqual(
        expect.objectContaining({ code: 'MAIN', balance: 12_345 }),
      );
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('token_hash');
    expect(sent[0]).toContain('ledger_accounts');
    // Never a cached balance: a change is seen by the next call.
    await app.services.db.query(
      `update ledger_accounts set balance = balance + 1 where kind = 'member' and member_id = $1 and wallet = 'MAIN'`,
      [m.id],
    );
    expect((await balance(m.token)).json()).toMatchObject({ value: { sumBalance: 12_346 } });
  });

  it('refuses a logged-out session on the next call, and reads nothing for it', async () => {
    const m = await moneyMember(app, { balance: 500 });
    expect((await balance(m.token)).statusCode).toBe(200);
    expect(
      (await call(app, { method: 'DELETE', url: '/wps/session/logout', token: m.token })).statusCode,
    ).toBe(200);
    const res = await balance(m.token);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('500');
  });

  it('costs an ordinary member call one session statement plus its own', async () => {
    const m = await moneyMember(app);
    await call(app, { method: 'GET', url: '/wps/member/info', token: m.token });
    const sent = await counted(() => call(app, { method: 'GET', url: '/wps/member/info', token: m.token }));
    expect(sent.filter((s) => s.includes('token_hash'))).toHaveLength(1);
  });
});
