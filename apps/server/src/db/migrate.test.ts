import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDb } from '../test/helper.ts';
import { seedDemo } from '../seed/seed.ts';
import type { Db } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb(); // migrated and seeded once already
});
afterAll(async () => db.close());

it('finds the numbered migrations in order', async () => {
  const names = (await loadMigrations()).map((m) => m.name);
  expect(names[0]).toBe('0001_create_core');
  expect([...names].sort()).toEqual(names);
});

it('applies nothing twice, also when instances start together', async () => {
  expect(await Promise.all([migrate(db), migrate(db)])).toEqual([[], []]);
  const rows = await db.query<{ version: number }>('select version from schema_migrations order by version');
  expect(rows.map((r) => r.version)).toEqual((await loadMigrations()).map((m) => m.version));
});

it('seeds once', async () => {
  expect(await Promise.all([seedDemo(db), seedDemo(db)])).toEqual([false, false]);
  const [m] = await db.query<{ n: number }>('select count(*)::int as n from merchants');
  expect(m?.n).toBe(1);
});

it('rolls a failed transaction back completely', async () => {
  await expect(
    db.withTx(async (tx) => {
      await tx.query(`update site_settings set maintenance = true`);
      throw new Error('abort');
    }),
  ).rejects.toThrow('abort');
  const [s] = await db.query<{ maintenance: boolean }>('select maintenance from site_settings');
  expect(s?.maintenance).toBe(false);
});
