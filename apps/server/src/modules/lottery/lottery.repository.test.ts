import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { openTestDb } from '../../test/helper.ts';
import {
  ensurePeriods,
  gameByCode,
  loadOdds,
  periodByNumero,
  saveOdds,
  toDraw,
  toPeriod,
  type GameRow,
} from './lottery.repository.ts';

let db: Db;
let merchantId: number;
let game: GameRow;

beforeAll(async () => {
  db = await openTestDb();
  [{ id: merchantId }] = (await db.query<{ id: number }>('select id from merchants order by id limit 1')) as [
    { id: number },
  ];
  await db.query(
    `insert into lottery_games (merchant_id, code, label, group_code, prize_mode, kind, interval_seconds, close_seconds,
                                default_play_type, play_types, vassalage)
     values ($1, 'T_REPO_1M', 'Test 1m', 'T', 'Lott', 'digit5', 60, 10, 'STRAIGHT_1', '{STRAIGHT_1}', 'LOTTO')`,
    [merchantId],
  );
  game = (await gameByCode(db, merchantId, 'T_REPO_1M'))!;
});
afterAll(async () => db.close());

describe('lottery repository', () => {
  it('reads a game with its schedule columns', () => {
    expect(game).toMatchObject({
      code: 'T_REPO_1M',
      intervalSeconds: 60,
      closeSeconds: 10,
      kind: 'digit5',
      playTypes: ['STRAIGHT_1'],
      timeZone: 'Asia/Yangon',
      drawTime: null,
    });
  });

  it('ensurePeriods creates the periods once (idempotent, also when run concurrently)', async () => {
    const from = new Date('2026-03-09T17:31:05Z');
    const [a, b] = await Promise.all([ensurePeriods(db, game, from, 3), ensurePeriods(db, game, from, 3)]);
    expect(a!.map((p) => p.numero)).toEqual(['20260310-0002', '20260310-0003', '20260310-0004']);
    expect(b!.map((p) => p.id)).toEqual(a!.map((p) => p.id));
    const again = await ensurePeriods(db, game, from, 4);
    expect(again.slice(0, 3).map((p) => p.commitHash)).toEqual(a!.map((p) => p.commitHash));
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from lottery_periods where game_id = $1',
      [game.id],
    )) as [{ n: number }];
    expect(n).toBe(4);
  });

  it('each period has its own 32-byte seed; the commit is its SHA-256, published without the seed', async () => {
    const p = (await periodByNumero(db, game.id, '20260310-0002'))!;
    expect(p.seed.length).toBe(32);
    expect(p.commitHash).toBe(createHash('sha256').update(p.seed).digest('hex'));
    const q = (await periodByNumero(db, game.id, '20260310-0003'))!;
    expect(Buffer.from(q.seed).equals(Buffer.from(p.seed))).toBe(false);
    const shown = toPeriod(p);
    expect(shown).toEqual({
      gameCode: 'T_REPO_1M',
      numero: '20260310-0002',
      openAt: '2026-03-09T17:31:00.000Z',
      closeAt: '2026-03-09T17:31:50.000Z',
      drawAt: '2026-03-09T17:32:00.000Z',
      state: 'open',
      commitHash: p.commitHash,
    });
    expect(JSON.stringify(shown)).not.toContain(Buffer.from(p.seed).toString('hex'));
    // Not drawn: a draw view hides the seed.
    expect(toDraw({ ...p, state: 'refunded' }, game).seed).toBeNull();
    const drawn = toDraw({ ...p, state: 'drawn', result: { digits: [1, 2, 3, 4, 5] } }, game);
    expect(drawn.seed).toBe(Buffer.from(p.seed).toString('hex'));
    expect(drawn.result).toEqual({ digits: [1, 2, 3, 4, 5] });
  });

  it('odds are stored and read per merchant and kind', async () => {
    await saveOdds(db, merchantId, 'digit3', [
      { playType: 'STRAIGHT_1', option: '', oddsX10000: 98_000 },
      { playType: 'SUM_RANGE', option: 'r1', oddsX10000: 50_000 },
    ]);
    const odds = await loadOdds(db, merchantId, 'digit3');
    expect(odds).toEqual(
      expect.arrayContaining([
        { playType: 'STRAIGHT_1', option: '', oddsX10000: 98_000 },
        { playType: 'SUM_RANGE', option: 'r1', oddsX10000: 50_000 },
      ]),
    );
  });
});
