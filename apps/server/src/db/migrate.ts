import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

/**
 * Migrations are numbered `.sql` files (CONVENTIONS: `NNNN_<verb>_<noun>.sql`). They are read at
 * run time from `./migrations/` beside the running module: src/db/migrations in development and
 * tests, dist/migrations in the bundle (build.mjs copies them there).
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (f) => ({
      version: Number(f.slice(0, 4)),
      name: f.replace(/\.sql$/, ''),
      sql: await readFile(path.join(dir, f), 'utf8'),
    })),
  );
}

/**
 * Applies the missing migrations in order, in one transaction that holds an advisory lock keyed
 * by the current schema: several instances starting together on one PostgreSQL migrate once.
 * Returns the names applied.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  return db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('migrate:' || current_schema()))`);
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const m of all) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
