// `npm run bench:protection`: the cost of issue 10's money guard on the ledger's post. In-process
// on PostgreSQL (TEST_DATABASE_URL, default the dev PostgreSQL's devtest database; a fresh schema,
// migrated and seeded, dropped at the end), --members members each post --count stakes
// (member MAIN → HOUSE, type `bet`) at --concurrency, one money transaction each, in three runs:
//   1. no guard installed (post as before issue 10),
//   2. the guard installed, members without any protection row (the common case: one lookup),
//   3. the guard installed, every member with a daily, weekly and monthly wager and loss limit
//      (row lock, the limits, the rolling-window sums from the ledger).
// Runs 1 and 2 are measured twice, in turn, after a warm-up (the machine's noise shows in the
// difference). Prints transfers/s and p50/p95/p99 per run. Measured, never asserted.
//
// Flags: --concurrency N (16), --count N (3000), --members N (64), --history N (200: stakes per
// member posted before run 3, so the window sums read a month of play).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { createMoneyRunner } from '../apps/server/src/modules/ledger/money-tx.ts';
import {
  memberAccount,
  move,
  setPostGuard,
  systemAccount,
} from '../apps/server/src/modules/ledger/ledger.ts';
import { installProtectionGuard } from '../apps/server/src/modules/protection/protection.guard.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';

const { values: flags } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '16' },
    count: { type: 'string', default: '3000' },
    members: { type: 'string', default: '64' },
    history: { type: 'string', default: '200' },
  },
});
const CONCURRENCY = Number(flags.concurrency);
const COUNT = Number(flags.count);
const MEMBERS = Number(flags.members);
const HISTORY = Number(flags.history);
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/devtest';

const schema = `bench_${randomBytes(5).toString('hex')}`;
const admin = await openPostgres({ url, max: 1 });
await admin.exec(`create schema ${schema}`);
await admin.close();
const db = await openPostgres({ url, schema, max: CONCURRENCY + 2 });
try {
  await migrate(db);
  await seedDemo(db);
  const money = createMoneyRunner(db);
  const [merchant] = await db.query<{ id: number }>('select id from merchants order by id limit 1');
  const merchantId = merchant!.id;
  const members: { id: string; main: Awaited<ReturnType<typeof memberAccount>> }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const [m] = await db.query<{ id: string }>(
      `insert into members (merchant_id, account, password_hash, type, first_login, register_ip, register_method, created_at)
       values ($1, $2, null, 3, false, '127.0.0.1', 'BENCH', now()) returning id::text as id`,
      [merchantId, `bench_${schema}_${i}`],
    );
    members.push({ id: m!.id, main: await memberAccount(db, m!.id) });
  }
  const opening = await systemAccount(db, merchantId, 'OPENING');
  const house = await systemAccount(db, merchantId, 'HOUSE');
  for (const m of members)
    await money((tx) =>
      move(tx, { type: 'adjustment', memberId: m.id, from: opening, to: m.main, amount: 1_000_000_000 }),
    );

  async function run(label: string, count = COUNT): Promise<void> {
    const times: number[] = [];
    let next = 0;
    let refused = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (;;) {
          const i = next++;
          if (i >= count) return;
          // Each worker keeps to its own members: contention is per member, as in real play.
          const m = members[(worker + CONCURRENCY * (i % Math.floor(MEMBERS / CONCURRENCY))) % MEMBERS]!;
          const t0 = performance.now();
          try {
            await money((tx) =>
              move(tx, { type: 'bet', memberId: m.id, from: m.main, to: house, amount: 100 }),
            );
          } catch {
            refused++;
          }
          times.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(
      `${label.padEnd(44)} ${(count / seconds).toFixed(0).padStart(6)} transfers/s   p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  p99 ${p(0.99)} ms${refused ? `  refused ${refused}` : ''}`,
    );
  }

  console.log(
    `${COUNT} stakes at concurrency ${CONCURRENCY} over ${MEMBERS} members (PostgreSQL, schema ${schema})`,
  );
  setPostGuard('protection', null);
  await run('0. warm-up (no guard)', Math.ceil(COUNT / 2));
  await run('1. no guard');
  installProtectionGuard(() => new Date());
  await run('2. guard, members without limits');
  setPostGuard('protection', null);
  await run('1. no guard (again)');
  installProtectionGuard(() => new Date());
  await run('2. guard, members without limits (again)');
  // A month of play for the window sums, then limits far above what the bench stakes.
  for (const m of members) {
    await db.query(`insert into member_protection (member_id, updated_at) values ($1, now())`, [m.id]);
    for (let i = 0; i < HISTORY; i++)
      await money((tx) => move(tx, { type: 'bet', memberId: m.id, from: m.main, to: house, amount: 100 }));
    for (const kind of ['wager', 'loss'])
      for (const period of ['day', 'week', 'month'])
        await db.query(
          `insert into member_limits (member_id, kind, period, amount, updated_at) values ($1, $2, $3, 100000000000, now())`,
          [m.id, kind, period],
        );
  }
  await run(`3. guard, 6 limits each, ${HISTORY}+ stakes in window`);
} finally {
  await db.exec(`drop schema if exists ${schema} cascade`);
  await db.close();
}
