/** Test answers for the betting record's calls, each checked by the real contract schema (tests only). */
import {
  betDetail,
  betRecordSchema,
  betRecords,
  vendorList,
  type BetRecord,
  type GameVendor,
  type ResponseOf,
} from '@app/contracts';

export function betFixture(overrides: Partial<BetRecord> = {}): BetRecord {
  return betRecordSchema.parse({
    id: 1,
    roundId: 'R-1001',
    gameId: 11,
    gameName: 'Lucky Dragon',
    vassalage: 'PG',
    vendorName: 'PG Soft',
    vertical: 'slots',
    stake: 10_000,
    payout: 25_050,
    winLoss: 15_050,
    status: 'settled',
    createdAt: '2026-11-22T10:00:00.000Z',
    settledAt: '2026-11-22T10:00:01.000Z',
    ...overrides,
  });
}

export function betsFixture(
  items: BetRecord[] = [
    betFixture(),
    betFixture({
      id: 2,
      roundId: 'R-1002',
      gameName: 'Baccarat A',
      vassalage: 'EVO',
      vendorName: 'Evolution',
      vertical: 'live',
      stake: 50_000,
      payout: 0,
      winLoss: -50_000,
    }),
  ],
  overrides: Partial<ResponseOf<typeof betRecords>> = {},
): ResponseOf<typeof betRecords> {
  return betRecords.response.parse({
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    totals: { count: items.length, stake: 60_000, payout: 25_050, winLoss: -34_950 },
    ...overrides,
  });
}

const vendor = (v: Partial<GameVendor>): GameVendor => ({
  vassalage: 'PG',
  name: 'PG Soft',
  accountTypeId: 1,
  gameType: 'RNG',
  walletMode: 'seamless',
  status: 'active',
  logoUrl: '/img/vendors/PG.svg',
  gameCount: 10,
  ...v,
});

export function vendorsFixture(): ResponseOf<typeof vendorList> {
  return vendorList.response.parse({
    vendors: [
      vendor({}),
      vendor({ vassalage: 'JILI', name: 'JILI', accountTypeId: 2 }),
      vendor({ vassalage: 'EVO', name: 'Evolution', accountTypeId: 3, gameType: 'LIVE' }),
      vendor({ vassalage: 'SABA', name: 'SABA Sports', accountTypeId: 4, gameType: 'SPORTS' }),
    ],
  });
}

const row = (a: string, b: string, c: string) => [a, b, c];

export function slotDetailFixture(): ResponseOf<typeof betDetail> {
  return betDetail.response.parse({
    bet: betFixture(),
    transactions: [
      { txId: 'PG:R-1001:debit', kind: 'debit', amount: 10_000, createdAt: '2026-11-22T10:00:00.000Z' },
      { txId: 'PG:R-1001:credit', kind: 'credit', amount: 25_050, createdAt: '2026-11-22T10:00:01.000Z' },
    ],
    detail: {
      glyphs: { S: '⭐' },
      spins: [
        {
          // grid[reel][row]
          grid: [
            row('A', 'K', 'Q'),
            row('A', 'J', 'Q'),
            row('A', 'K', 'S'),
            row('K', 'J', 'Q'),
            row('Q', 'S', 'J'),
          ],
          lineWins: [
            {
              line: 1,
              symbol: 'A',
              count: 3,
              multiplier: 5,
              amount: 5_050,
              positions: [
                [0, 0],
                [1, 0],
                [2, 0],
              ],
            },
          ],
          scatterCount: 2,
          scatterWin: 1_000,
          freeSpinsAwarded: 1,
          multiplier: 1,
          win: 5_050,
          free: false,
        },
        {
          grid: [
            row('K', 'K', 'Q'),
            row('W', 'J', 'Q'),
            row('K', 'K', 'S'),
            row('K', 'J', 'Q'),
            row('Q', 'S', 'J'),
          ],
          lineWins: [],
          scatterCount: 0,
          scatterWin: 0,
          freeSpinsAwarded: 0,
          multiplier: 2,
          win: 0,
          free: true,
        },
      ],
    },
  });
}
