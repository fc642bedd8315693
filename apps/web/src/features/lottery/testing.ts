/** Test answers for the lottery calls, each checked by the real contract schema (tests only). */
import {
  gameMenus,
  lotteryBets,
  lotteryDraws,
  lotteryOpenedNumero,
  lotteryPlaceBets,
  type LotteryBet,
  type LotteryGame,
  type ResponseOf,
} from '@app/contracts';

export function gameFixture(overrides: Partial<LotteryGame> = {}): LotteryGame {
  return {
    gameCode: 'FAST5_1M',
    labelName: 'Fast 5D 1 min',
    gameGroupCode: 'lott_5d',
    prizeMode: 'Lott',
    lotteryType: 'Lott',
    kind: 'digit5',
    region: null,
    intervalSeconds: 60,
    drawTime: null,
    drawDays: null,
    closeSeconds: 10,
    defaultPlayType: 'STRAIGHT_1',
    playTypes: [
      'STRAIGHT_1',
      'STRAIGHT_2',
      'STRAIGHT_3',
      'BOX_2',
      'BOX_3',
      'BIG_SMALL',
      'ODD_EVEN',
      'SUM_RANGE',
    ],
    catalogueGameId: null,
    ...overrides,
  };
}

export const SERVER_NOW = '2026-11-24T04:00:00.000Z';

export function menusFixture(games: LotteryGame[] = [gameFixture()]): ResponseOf<typeof gameMenus> {
  return gameMenus.response.parse({
    categories: [],
    lotteryMenus: [{ gameGroupCode: 'lott_5d', labelName: 'lottery.groups.lott_5d', gameMenus: games }],
  });
}

export function openedFixture(
  game: LotteryGame = gameFixture(),
  overrides: Partial<ResponseOf<typeof lotteryOpenedNumero>> = {},
): ResponseOf<typeof lotteryOpenedNumero> {
  return lotteryOpenedNumero.response.parse({
    game,
    current: {
      gameCode: game.gameCode,
      numero: '20261124-0241',
      openAt: '2026-11-24T03:59:00.000Z',
      closeAt: '2026-11-24T04:00:50.000Z',
      drawAt: '2026-11-24T04:01:00.000Z',
      state: 'open',
      commitHash: 'ab'.repeat(32),
    },
    next: null,
    recent: [
      {
        gameCode: game.gameCode,
        labelName: game.labelName,
        kind: game.kind,
        numero: '20261124-0240',
        drawAt: '2026-11-24T04:00:00.000Z',
        state: 'drawn',
        commitHash: 'cd'.repeat(32),
        seed: 'ef'.repeat(32),
        result: { digits: [3, 1, 4, 1, 5] },
        algorithm: 'hmac-sha256-counter-v1',
      },
    ],
    odds: [{ playType: 'STRAIGHT_1', option: '', odds: 9.8, houseEdge: 0.02 }],
    serverTime: SERVER_NOW,
    ...overrides,
  });
}

export function betFixture(overrides: Partial<LotteryBet> = {}): LotteryBet {
  return {
    id: 11,
    gameCode: 'FAST5_1M',
    labelName: 'Fast 5D 1 min',
    numero: '20261124-0241',
    playType: 'STRAIGHT_1',
    selection: [['7'], [], [], [], []],
    unit: 100,
    multiplier: 1,
    betCount: 1,
    stake: 100,
    state: 'pending',
    payout: 0,
    winCount: 0,
    chaseId: null,
    cancellable: true,
    createdAt: SERVER_NOW,
    settledAt: null,
    ...overrides,
  };
}

export function betsFixture(items: LotteryBet[] = []): ResponseOf<typeof lotteryBets> {
  return lotteryBets.response.parse({ items, page: 1, pageSize: 10, total: items.length });
}

export function drawsFixture(game: LotteryGame = gameFixture()): ResponseOf<typeof lotteryDraws> {
  return lotteryDraws.response.parse({ items: openedFixture(game).recent, page: 1, pageSize: 10, total: 1 });
}

export function placedFixture(bets: LotteryBet[] = [betFixture()], balance = 48_999_900) {
  return lotteryPlaceBets.response.parse({ bets, chaseId: null, balance });
}
