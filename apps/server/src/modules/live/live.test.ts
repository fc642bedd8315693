import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { LiveEvent } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/db.ts';
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

type Of<K extends LiveEvent['type']> = Extract<LiveEvent, { type: K }>;
const noticeOf =
  (kind: string) =>
  (e: LiveEvent): e is Of<'notice'> =>
    e.type === 'notice' && e.kind === kind;
const isPing = (e: LiveEvent): e is Of<'ping'> => e.type === 'ping';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    await s.waitFor(noticeOf('mail'), mark);
    await s.waitFor(unreadOf(1), mark);

    mark = s.events.length;
    await app.services.money(async (tx) => addNotice(tx, m.id, 'deposit_arrived', { amount: 700 }));
    expect(await s.waitFor(noticeOf('deposit_arrived'), mark)).toMatchObject({ params: { amount: 700 } });
    await s.waitFor(unreadOf(2), mark);
    s.close();
  });

  it('pushes the balance after an ops bonus', async () => {
    const m = await moneyMember(app, { balance: 2_000 });
    const s = await openStream(base, m.token);
    await s.waitFor(balanceOf(2_000));
    const mark = s.events.length;
    const res = await app.inject({
      method: 'POST',
      url: '/ops/bonus',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { args: [m.account, '3.50', 'weekly'] },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(await s.waitFor(balanceOf(2_350), mark)).toMatchObject({ main: 2_350 });
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
        await addNotice(tx, m.id, 'deposit_arrived', { amount: 5 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A later committed change arrives; the rolled-back one (1,005, its notice, unread 1) never does.
    // Balance events of 1,000 may still come (the opening funding's own push can arrive late).
    await fund(app, m.id, 1);
    await s.waitFor(balanceOf(1_001), mark);
    await sleep(100);
    const after = s.events.slice(mark);
    expect(
      after.filter((e) => e.type === 'balance' && e.sumBalance !== 1_000 && e.sumBalance !== 1_001),
    ).toEqual([]);
    expect(after.filter((e) => e.type === 'notice' || (e.type === 'unread' && e.count !== 0))).toEqual([]);
    s.close();
  });

  it('ends with the latest balance after a burst of concurrent changes (reads never overtake)', async () => {
    const m = await moneyMember(app, { balance: 100 });
    const s = await openStream(base, m.token);
    await s.waitFor(balanceOf(100));
    await Promise.all(Array.from({ length: 20 }, () => fund(app, m.id, 1)));
    await s.waitFor(balanceOf(120));
    await sleep(200);
    const balances = s.events.filter((e): e is Of<'balance'> => e.type === 'balance');
    expect(balances.at(-1)).toEqual({ type: 'balance', sumBalance: 120, main: 120 });
    s.close();
  });

  it('ignores a malformed payload on the live channel (no crash) and keeps pushing', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    const s = await openStream(base, m.token);
    await s.waitFor(balanceOf(1_000));
    // Anyone with SQL access can NOTIFY this channel (psql, a future module): none of these may throw.
    for (const payload of [
      'null',
      '7',
      '"x"',
      '[1]',
      'not json',
      '{"balances":5}',
      '{"messages":{"a":1}}',
      '{"balances":[null,{}]}',
    ])
      await app.services.db.query('select pg_notify($1, $2)', ['live_events', payload]);
    const mark = s.events.length;
    await fund(app, m.id, 1);
    await s.waitFor(balanceOf(1_001), mark);
    s.close();
  });

  it('opens no stream for a HEAD request', async () => {
    const m = await moneyMember(app, {});
    const res = await fetch(`${base}/wps/events`, {
      method: 'HEAD',
      headers: m.headers,
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(404);
  });

  it('drops a stream whose client stopped reading once too much is waiting for it (no unbounded buffer)', async () => {
    const m = await moneyMember(app, {});
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(`GET /wps/events HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${m.token}\r\n\r\n`);
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => undefined);
    await sleep(300);
    socket.pause(); // a client that stopped reading (a frozen tab, a stalled proxy)
    // Notices of 1 MB each: far more than the socket buffers hold.
    for (let i = 0; i < 6; i++) {
      await app.services.money(async (tx) => addNotice(tx, m.id, 'mail', { x: 'y'.repeat(1_000_000) }));
      await sleep(100);
    }
    await sleep(500);
    socket.resume();
    socket.on('data', () => undefined);
    await expect(Promise.race([closed.then(() => 'closed'), sleep(5_000).then(() => 'open')])).resolves.toBe(
      'closed',
    );
  });

  it('sends a notice once: reading a message updates the unread count without repeating a notice', async () => {
    const m = await moneyMember(app);
    // A message from before the stream opened is counted, never pushed as a notice.
    await app.services.money(async (tx) => addNotice(tx, m.id, 'withdrawal_rejected', { amount: 300 }));
    const s = await openStream(base, m.token);
    await s.waitFor(unreadOf(1));
    let mark = s.events.length;
    await app.services.money(async (tx) => addNotice(tx, m.id, 'withdrawal_approved', { amount: 400 }));
    const notice = await s.waitFor(noticeOf('withdrawal_approved'), mark);
    await s.waitFor(unreadOf(2), mark);
    mark = s.events.length;
    const read = await app.inject({
      method: 'POST',
      url: '/wps/member/messages/read',
      headers: m.headers,
      payload: { id: notice.id },
    });
    expect(read.json()).toMatchObject({ value: { unread: 1 } });
    await s.waitFor(unreadOf(1), mark);
    await sleep(100);
    expect(s.events.filter((e) => e.type === 'notice')).toEqual([notice]);
    expect(s.events.some(noticeOf('withdrawal_rejected'))).toBe(false);
    s.close();
  });

  it('sends the heartbeat as a comment and a ping event, with the security headers and no caching', async () => {
    const m = await moneyMember(app);
    const s = await openStream(base, m.token);
    await s.waitFor(isPing, 0, 5_000);
    expect(s.res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(s.res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(s.res.headers.get('content-encoding')).toBeNull();
    s.close();
  });

  it('re-checks the session on each heartbeat without extending it, and ends the stream at logout', async () => {
    const m = await moneyMember(app);
    const s = await openStream(base, m.token);
    await s.waitFor(unreadOf(0));
    const seen = async () =>
      (
        await app.services.db.query<{ t: Date }>(
          `select last_seen_at as t from sessions where member_id = $1 and revoked_at is null`,
          [m.id],
        )
      ).map((r) => new Date(r.t).toISOString());
    const before = await seen();
    expect(before).toHaveLength(1);
    const pings = s.events.filter(isPing).length;
    await s.waitFor(isPing, s.events.length);
    await s.waitFor(isPing, s.events.length);
    expect(s.events.filter(isPing).length).toBeGreaterThanOrEqual(pings + 2);
    expect(await seen()).toEqual(before);
    await app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: m.headers });
    await s.waitEnd();
  });

  it('ends every open stream when the app closes (close never waits for a client)', async () => {
    // A long heartbeat: only the close can end these streams.
    const other = await buildTestApp({ liveHeartbeatMs: 60_000 });
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    const m = await moneyMember(other);
    const streams = [await openStream(otherBase, m.token), await openStream(otherBase, m.token)];
    for (const st of streams) await st.waitFor(unreadOf(0));
    const started = Date.now();
    await other.close();
    for (const st of streams) await st.waitEnd(5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
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
      await one.services.money(async (tx) => addNotice(tx, m.id, 'deposit_arrived', { amount: 600 }));
      await s.waitFor(noticeOf('deposit_arrived'), mark);
      await s.waitFor(unreadOf(1), mark);
      s.close();
    } finally {
      await two.close();
      await one.close();
      await db2.close();
      await db1.close();
    }
  });

  it('LISTENs again after its connection is killed, and re-sends what it may have missed', async () => {
    const db1 = await openTestDb();
    const schema = (await db1.query<{ s: string }>('select current_schema() as s'))[0]!.s;
    const appName = `live-test-${randomBytes(4).toString('hex')}`;
    const db2 = await openPostgres({
      url: process.env.TEST_DATABASE_URL!,
      schema,
      max: 5,
      listenApplicationName: appName,
    });
    const one = await buildTestApp({ db: db1 });
    const two = await buildTestApp({ db: db2, liveHeartbeatMs: 200 });
    const killListener = async () =>
      (
        await db1.query<{ ok: boolean }>(
          'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1',
          [appName],
        )
      ).length;
    try {
      const twoBase = await two.listen({ port: 0, host: '127.0.0.1' });
      const m = await moneyMember(one, { balance: 1_000 });
      const session = await login(two, m.account, m.password);
      const s = await openStream(twoBase, session.token);
      await s.waitFor(balanceOf(1_000));
      const [old] = await listenerPids(db1, appName);
      expect(old).toBeDefined();
      expect(await killListener()).toBe(1);
      // Committed while the listener may be down: the hub re-reads every open stream on reconnect.
      await fund(one, m.id, 50);
      await s.waitFor(balanceOf(1_050));
      // And the new connection hears NOTIFYs again.
      const deadline = Date.now() + 10_000;
      while (!(await listenerPids(db1, appName)).some((pid) => pid !== old) && Date.now() < deadline)
        await sleep(50);
      expect(await listenerPids(db1, appName)).not.toContain(old);
      const mark = s.events.length;
      await fund(one, m.id, 25);
      await s.waitFor(balanceOf(1_075), mark);
      s.close();
    } finally {
      await two.close();
      await one.close();
      await db2.close();
      await db1.close();
    }
  });
});

/** Backends of the LISTEN connection named `appName` that have LISTENed and are waiting. */
async function listenerPids(db: Queryable, appName: string): Promise<number[]> {
  const rows = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where application_name = $1 and state = 'idle' and query ilike 'listen%'`,
    [appName],
  );
  return rows.map((r) => r.pid);
}
