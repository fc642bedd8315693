import { randomBytes } from 'node:crypto';
import { playTypesOf, type PrizeMode, type VnRegion } from '@app/contracts';
import type { Db } from '../db/db.ts';
import { commitHashOf, listGames, type GameRow } from '../modules/lottery/lottery.repository.ts';
import { defaultOdds, resultFromSeed } from '../modules/lottery/rules.ts';
import { windowsUntil } from '../modules/lottery/schedule.ts';

/**
 * The demo lotteries (issue 7): the Lott fast and daily digit games, ZY and Elott fast games and
 * the Vietnamese lottery (SEA) with the real weekly province schedule; each game's payout table
 * from the rules' defaults, each linked to its catalogue game. A fresh game gets a drawn history
 * (the last 30 fast periods, the last 14 days of VN draws: a real seed, its commit and the result
 * the seed gives) so the results pages are not empty on a first start. No bets on them.
 */

export type LotterySeed = Pick<
  GameRow,
  | 'code'
  | 'label'
  | 'groupCode'
  | 'prizeMode'
  | 'kind'
  | 'region'
  | 'intervalSeconds'
  | 'drawTime'
  | 'drawDays'
  | 'timeZone'
  | 'closeSeconds'
  | 'defaultPlayType'
  | 'vassalage'
> & {
  /** The catalogue game's code (games.code) it is launched from. */
  catalogueCode: string | null;
};

const YANGON = 'Asia/Yangon';
const VIETNAM = 'Asia/Ho_Chi_Minh';
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const fast = (
  code: string,
  label: string,
  groupCode: string,
  prizeMode: PrizeMode,
  kind: 'digit5' | 'digit3',
  minutes: number,
  vassalage: string,
  catalogueCode: string,
): LotterySeed => ({
  code,
  label,
  groupCode,
  prizeMode,
  kind,
  region: null,
  intervalSeconds: minutes * 60,
  drawTime: null,
  drawDays: null,
  timeZone: YANGON,
  closeSeconds: 10,
  defaultPlayType: 'STRAIGHT_1',
  vassalage,
  catalogueCode,
});

/** Province → days of the week it draws (0 = Sunday), in the order of the official weekly schedule. */
const SOUTH: readonly [string, string, number[]][] = [
  ['VN_HCM', 'TP.HCM', [1, 6]],
  ['VN_DONG_THAP', 'Đồng Tháp', [1]],
  ['VN_CA_MAU', 'Cà Mau', [1]],
  ['VN_BEN_TRE', 'Bến Tre', [2]],
  ['VN_VUNG_TAU', 'Vũng Tàu', [2]],
  ['VN_BAC_LIEU', 'Bạc Liêu', [2]],
  ['VN_DONG_NAI', 'Đồng Nai', [3]],
  ['VN_CAN_THO', 'Cần Thơ', [3]],
  ['VN_SOC_TRANG', 'Sóc Trăng', [3]],
  ['VN_TAY_NINH', 'Tây Ninh', [4]],
  ['VN_AN_GIANG', 'An Giang', [4]],
  ['VN_BINH_THUAN', 'Bình Thuận', [4]],
  ['VN_VINH_LONG', 'Vĩnh Long', [5]],
  ['VN_BINH_DUONG', 'Bình Dương', [5]],
  ['VN_TRA_VINH', 'Trà Vinh', [5]],
  ['VN_LONG_AN', 'Long An', [6]],
  ['VN_BINH_PHUOC', 'Bình Phước', [6]],
  ['VN_HAU_GIANG', 'Hậu Giang', [6]],
  ['VN_TIEN_GIANG', 'Tiền Giang', [0]],
  ['VN_KIEN_GIANG', 'Kiên Giang', [0]],
  ['VN_DA_LAT', 'Đà Lạt', [0]],
];
const CENTRAL: readonly [string, string, number[]][] = [
  ['VN_HUE', 'Thừa Thiên Huế', [1, 0]],
  ['VN_PHU_YEN', 'Phú Yên', [1]],
  ['VN_DAK_LAK', 'Đắk Lắk', [2]],
  ['VN_QUANG_NAM', 'Quảng Nam', [2]],
  ['VN_DA_NANG', 'Đà Nẵng', [3, 6]],
  ['VN_KHANH_HOA', 'Khánh Hòa', [3, 0]],
  ['VN_BINH_DINH', 'Bình Định', [4]],
  ['VN_QUANG_TRI', 'Quảng Trị', [4]],
  ['VN_QUANG_BINH', 'Quảng Bình', [4]],
  ['VN_GIA_LAI', 'Gia Lai', [5]],
  ['VN_NINH_THUAN', 'Ninh Thuận', [5]],
  ['VN_QUANG_NGAI', 'Quảng Ngãi', [6]],
  ['VN_DAK_NONG', 'Đắk Nông', [6]],
  ['VN_KON_TUM', 'Kon Tum', [0]],
];

const vn = (
  code: string,
  label: string,
  region: VnRegion,
  drawTime: string,
  drawDays: number[],
  catalogueCode: string,
): LotterySeed => ({
  code,
  label,
  groupCode: region === 'north' ? 'VN_NORTH' : region === 'south' ? 'VN_SOUTH' : 'VN_CENTRAL',
  prizeMode: 'SEA',
  kind: region === 'north' ? 'vn_north' : 'vn_south',
  region,
  intervalSeconds: null,
  drawTime,
  drawDays,
  timeZone: VIETNAM,
  closeSeconds: 15 * 60,
  defaultPlayType: 'LO_2D',
  vassalage: 'VNL',
  catalogueCode,
});

export const DEMO_LOTTERIES: readonly LotterySeed[] = [
  fast('LUCKY5D_1M', 'Lucky 5D 1 Min', 'LOTT_5D', 'Lott', 'digit5', 1, 'LOTTO', 'LOTTO_LUCKY_5D'),
  fast('LUCKY5D_3M', 'Lucky 5D 3 Min', 'LOTT_5D', 'Lott', 'digit5', 3, 'LOTTO', 'LOTTO_LUCKY_5D'),
  fast('LUCKY5D_5M', 'Lucky 5D 5 Min', 'LOTT_5D', 'Lott', 'digit5', 5, 'LOTTO', 'LOTTO_LUCKY_5D'),
  {
    ...fast('DAILY5D', 'Daily 5D', 'LOTT_5D', 'Lott', 'digit5', 1, 'LOTTO', 'LOTTO_DAILY_5D'),
    intervalSeconds: null,
    drawTime: '20:30',
    drawDays: EVERY_DAY,
    closeSeconds: 15 * 60,
  },
  fast('LUCKY3D_1M', 'Lucky 3D 1 Min', 'LOTT_3D', 'Lott', 'digit3', 1, 'LOTTO', 'LOTTO_LUCKY_3D'),
  fast('LUCKY3D_3M', 'Lucky 3D 3 Min', 'LOTT_3D', 'Lott', 'digit3', 3, 'LOTTO', 'LOTTO_LUCKY_3D'),
  fast('LUCKY3D_5M', 'Lucky 3D 5 Min', 'LOTT_3D', 'Lott', 'digit3', 5, 'LOTTO', 'LOTTO_LUCKY_3D'),
  fast('ZY5D_1M', 'ZY 5D 1 Min', 'ZY', 'ZY', 'digit5', 1, 'KENO', 'KENO_5D'),
  fast('ZY5D_3M', 'ZY 5D 3 Min', 'ZY', 'ZY', 'digit5', 3, 'KENO', 'KENO_5D'),
  fast('ZY3D_5M', 'ZY 3D 5 Min', 'ZY', 'ZY', 'digit3', 5, 'KENO', 'KENO_3D'),
  fast('ELOTT5D_1M', 'E-Lotto 5D 1 Min', 'ELOTT', 'Elott', 'digit5', 1, 'ELOTTO', 'ELOTTO_5D'),
  fast('ELOTT3D_3M', 'E-Lotto 3D 3 Min', 'ELOTT', 'Elott', 'digit3', 3, 'ELOTTO', 'ELOTTO_3D'),
  vn('VN_MB', 'Miền Bắc', 'north', '18:15', EVERY_DAY, 'VNL_MIEN_BAC'),
  ...SOUTH.map(([code, label, days]) => vn(code, label, 'south', '16:15', days, 'VNL_MIEN_NAM')),
  ...CENTRAL.map(([code, label, days]) => vn(code, label, 'central', '17:15', days, 'VNL_MIEN_TRUNG')),
];

/** The group codes of the menus (labelName lottery.groups.<code in lower case>). */
export const LOTTERY_GROUPS = [...new Set(DEMO_LOTTERIES.map((g) => g.groupCode))];

const HISTORY_FAST = 30;
const HISTORY_VN_DAYS = 14;

/** Idempotent (a restart changes nothing); two instances seeding at once wait on one lock. */
export async function seedDemoLottery(db: Db, merchantId: number, now: Date = new Date()): Promise<void> {
  const list = DEMO_LOTTERIES;
  await db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed-lottery:' || current_schema()))`);
    await tx.query(
      `insert into lottery_games (merchant_id, code, label, group_code, prize_mode, kind, region, interval_seconds,
                                  draw_time, draw_days, time_zone, close_seconds, default_play_type, play_types,
                                  vassalage, catalogue_game_id, sort)
       select $1, g.code, g.label, g.group_code, g.prize_mode, g.kind, nullif(g.region, ''), g.interval_seconds,
              nullif(g.draw_time, ''),
              case when g.draw_days = '' then null else string_to_array(g.draw_days, ',')::int[] end,
              g.time_zone, g.close_seconds, g.default_play_type, string_to_array(g.play_types, ','),
              g.vassalage, (select c.id from games c where c.merchant_id = $1 and c.code = nullif(g.catalogue, '')),
              g.ord * 10
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[],
                     $10::text[], $11::text[], $12::int[], $13::text[], $14::text[], $15::text[], $16::text[])
              with ordinality as g(code, label, group_code, prize_mode, kind, region, interval_seconds, draw_time,
                                   draw_days, time_zone, close_seconds, default_play_type, play_types, vassalage,
                                   catalogue, ord)
       on conflict (merchant_id, code) do nothing`,
      [
        merchantId,
        list.map((g) => g.code),
        list.map((g) => g.label),
        list.map((g) => g.groupCode),
        list.map((g) => g.prizeMode),
        list.map((g) => g.kind),
        list.map((g) => g.region ?? ''),
        list.map((g) => g.intervalSeconds),
        list.map((g) => g.drawTime ?? ''),
        list.map((g) => (g.drawDays ?? []).join(',')),
        list.map((g) => g.timeZone),
        list.map((g) => g.closeSeconds),
        list.map((g) => g.defaultPlayType),
        list.map((g) => playTypesOf(g.kind).join(',')),
        list.map((g) => g.vassalage),
        list.map((g) => g.catalogueCode ?? ''),
      ],
    );
    // Links made on a database seeded before the lotteries existed: the catalogue games follow.
    await tx.query(
      `update lottery_games l set catalogue_game_id = c.id
         from unnest($2::text[], $3::text[]) as s(code, catalogue)
         join games c on c.merchant_id = $1 and c.code = s.catalogue
        where l.merchant_id = $1 and l.code = s.code and l.catalogue_game_id is null`,
      [merchantId, list.map((g) => g.code), list.map((g) => g.catalogueCode ?? '')],
    );
    await tx.query(
      `update games c set default_play_type = l.default_play_type
         from lottery_games l
        where l.merchant_id = $1 and c.id = l.catalogue_game_id
          and c.default_play_type is distinct from l.default_play_type`,
      [merchantId],
    );
    const odds = (['digit5', 'digit3', 'vn_north', 'vn_south'] as const).flatMap((kind) =>
      defaultOdds(kind).map((o) => ({ kind, ...o })),
    );
    await tx.query(
      `insert into lottery_odds (merchant_id, kind, play_type, option, odds_x10000)
       select $1, o.kind, o.play_type, o.option, o.odds
         from unnest($2::text[], $3::text[], $4::text[], $5::int[]) as o(kind, play_type, option, odds)
       on conflict do nothing`,
      [
        merchantId,
        odds.map((o) => o.kind),
        odds.map((o) => o.playType),
        odds.map((o) => o.option),
        odds.map((o) => o.oddsX10000),
      ],
    );

    // History of the games that have no period yet (a fresh game): drawn from real seeds.
    const games = (await listGames(tx, merchantId)).filter((g) => list.some((s) => s.code === g.code));
    const fresh = await tx.query<{ id: number }>(
      `select g.id from lottery_games g where g.merchant_id = $1
          and not exists (select 1 from lottery_periods p where p.game_id = g.id)`,
      [merchantId],
    );
    const freshIds = new Set(fresh.map((r) => Number(r.id)));
    const rows: {
      gameId: number;
      numero: string;
      openAt: Date;
      closeAt: Date;
      drawAt: Date;
      seed: Buffer;
      result: unknown;
    }[] = [];
    for (const g of games) {
      if (!freshIds.has(g.id)) continue;
      const count = g.intervalSeconds ? HISTORY_FAST : HISTORY_VN_DAYS;
      const windows = g.intervalSeconds
        ? windowsUntil(g, now, count)
        : windowsUntil(g, now, count).filter((w) => now.getTime() - w.drawAt.getTime() < count * 86_400_000);
      for (const w of windows) {
        const seed = randomBytes(32);
        rows.push({ gameId: g.id, ...w, seed, result: resultFromSeed(g.kind, seed) });
      }
    }
    if (rows.length === 0) return;
    await tx.query(
      `insert into lottery_periods (game_id, numero, open_at, close_at, draw_at, state, seed, commit_hash, result,
                                    drawn_at, settled_at)
       select r.game_id, r.numero, r.open_at, r.close_at, r.draw_at, 'drawn', decode(r.seed, 'hex'), r.commit_hash,
              r.result::jsonb, r.draw_at, r.draw_at
         from unnest($1::int[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[], $6::text[],
                     $7::text[], $8::text[])
              as r(game_id, numero, open_at, close_at, draw_at, seed, commit_hash, result)
       on conflict (game_id, numero) do nothing`,
      [
        rows.map((r) => r.gameId),
        rows.map((r) => r.numero),
        rows.map((r) => r.openAt.toISOString()),
        rows.map((r) => r.closeAt.toISOString()),
        rows.map((r) => r.drawAt.toISOString()),
        rows.map((r) => r.seed.toString('hex')),
        rows.map((r) => commitHashOf(r.seed)),
        rows.map((r) => JSON.stringify(r.result)),
      ],
    );
  });
}
