import type { LiveEvent } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres.ts';
import { buildTestApp, openTestDb, TEST_OPS_TOKEN } from '../../test/helper.ts';
import { login } from '../../test/accounts.ts';
import { fund, moneyMember } from '../../test/money.ts';
import { addNotice } from '../ledger/money-tx.ts';
import { memberAccount, move, systemAccount } from '../ledger/ledger.ts';

/**
 * A live stream read the way the browser reads it (fetch + Authorization). Assertions wait for the
 * event that MATCHES (events may arrive in any number before it), never "the next event".
 */
async function openStream(base: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/wps/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: ctrl.signal,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as LiveEvent);
          for (const w of waiters) w();
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    for (const w of waiters) w();
  })();
  return {
    res,
    events,
    get ended() {
      return ended;
    },
    /** Resolves with the first event from index `from` on that matches. */
    waitFor<T extends LiveEvent>(match: (e: LiveEvent) => e is T, from = 0, timeoutMs = 10_000): Promise<T> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.slice(from).find(match);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          } else if (ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended without a match; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    waitEnd(timeoutMs = 10_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!ended) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => reject(new Error('stream did not end')), timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => ctrl.abort(),
  };
}

const balanceOf =
  (sum: number) =>
  (e: LiveEvent): e is Extract<LiveEvent, { type: 'balance' }> =>
    e.type === 'balance' && e.sumBalance === sum;
const unreadOf =
  (n: number) =>
  (e: LiveEvent): e is Extract<LiveEvent, { type: 'unread' }> =>
    e.type === 'unread' && e.count === n;

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp({ liveHeartbeatMs: 200 });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

describe('the live stream (GET /wps/events)', () => {
  it('refuses a guest', async () => {
    const res = await fetch(`${base}/wps/events`);
    expect(res.status).toBe(401);
  });

  it('opens with the balance and unread count, then pushes balances, notices and unread counts after commit', async () => {
    const m = await moneyMember(app, { balance: 10_000 });
    const s = await openStream(base, m.token);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await s.waitFor(balanceOf(10_000));
    await s.waitFor(unreadOf(0));

    let mark = s.events.length;
    await fund(app, m.id, 2_500);
    expect(await s.waitFor(balanceOf(12_500), mark)).toMatchObject({ main: 12_500 });

    mark = s.events.length;
    await app.inject({
      method: 'POST',
      url: '/ops/mail',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { args: [m.account, 'Hi', 'There'] },
      remoteAddress: '127.0.0.1',
    });
    await s.waitFor(
      (e): e is Extract<LiveEvent, { type: 'notice' }> => e.type === 'notice' && e.kind === 'mail',
      mark,
    );
    await s.waitFor(unreadOf(1), mark);

    mark = s.events.length;
    await app.services.money(async (tx) => addNotice(tx, m.id, 'deposit_arrived', { amount: 700 }));
    expect(
      await s.waitFor(
        (e): e is Extract<LiveEvent, { type: 'notice' }> =>
          e.type === 'notice' && e.kind === 'deposit_arrived',
        mark,
      ),
    ).toMatchObject({ params: { amount: 700 } });
    await s.waitFor(unreadOf(2), mark);
    s.close();
  });

  it('pushes nothing for a rolled-back transaction', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    const s = await openStream(base, m.token);
    await s.waitFor(balanceOf(1_000));
    const mark = s.events.length;
    const [merchant] = await app.services.db.query<{ id: number }>('select id from merchants limit 1');
    await expect(
      app.services.money(async (tx) => {
        await move(tx, {
          type: 'adjustment',
          memberId: m.id,
          from: await systemAccount(tx, merchant!.id, 'OPENING'),
          to: await memberAccount(tx, m.id),
          amount: 5,
        });
        tx.balanceChanged(m.id);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A later committed change is the first balance event after the mark: the rolled-back one never came.
    await fund(app, m.id, 1);
    const next = await s.waitFor(
      (e): e is Extract<LiveEvent, { type: 'balance' }> => e.type === 'balance',
      mark,
    );
    expect(next.sumBalance).toBe(1_001);
    s.close();
  });

  it('ends the stream when the session ends (heartbeat re-check) and when the app closes', async () => {
    const m = await moneyMember(app);
    const s = await openStream(base, m.token);
    await s.waitFor(unreadOf(0));
    await app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: m.headers });
    await s.waitEnd();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server instances on one PostgreSQL', () => {
  it('a change committed through one instance is pushed by the other', async () => {
    const db1 = await openTestDb();
    const schema = (await db1.query<{ s: string }>('select current_schema() as s'))[0]!.s;
    const db2 = await openPostgres({ url: process.env.TEST_DATABASE_URL!, schema, max: 5 });
    const one = await buildTestApp({ db: db1 });
    const two = await buildTestApp({ db: db2, liveHeartbeatMs: 200 });
    try {
      const twoBase = await two.listen({ port: 0, host: '127.0.0.1' });
      const m = await moneyMember(one, { balance: 4_000 });
      const session = await login(two, m.account, m.password);
      const s = await openStream(twoBase, session.token);
      await s.waitFor(balanceOf(4_000));
      const mark = s.events.length;
      await fund(one, m.id, 600);
      await s.waitFor(balanceOf(4_600), mark);
      s.close();
    } finally {
      await two.close();
      await one.close();
      await db2.close();
      await db1.close();
    }
  });
});
