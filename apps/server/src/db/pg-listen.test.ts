import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPgListener } from './pg-listen.ts';

describe.runIf(process.env.TEST_DB === 'postgres')('the LISTEN connection (PostgreSQL)', () => {
  it('a listener that throws is reported, and neither crashes the process nor silences the others', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const errors: Error[] = [];
    const listener = createPgListener(url, (err) => errors.push(err));
    const channel = `test_${randomBytes(6).toString('hex')}`;
    const heard: string[] = [];
    await listener.listen(channel, () => {
      throw new Error('listener bug');
    });
    await listener.listen(channel, (p) => heard.push(p));
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query('select pg_notify($1, $2)', [channel, 'one']);
      await c.query('select pg_notify($1, $2)', [channel, 'two']);
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['one', 'two']);
      expect(errors.map((e) => e.message)).toEqual(['listener bug', 'listener bug']);
    } finally {
      await c.end();
      await listener.close();
    }
  });
});
