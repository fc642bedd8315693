import { VN_SHEETS, type Draw, type LotteryGame, type Period } from '@app/contracts';

/** Test fixtures of the VN lottery (not shipped: only tests import this file). */
export function lotteryGameFixture(g: Partial<LotteryGame> = {}): LotteryGame {
  return {
    gameCode: 'VN_MB',
    labelName: 'Miền Bắc',
    gameGroupCode: 'VN',
    prizeMode: 'SEA',
    lotteryType: 'Lott',
    kind: 'vn_north',
    region: 'north',
    intervalSeconds: null,
    drawTime: '18:30',
    drawDays: [0, 1, 2, 3, 4, 5, 6],
    closeSeconds: 900,
    defaultPlayType: 'LO_2D',
    playTypes: ['LO_2D', 'LO_3D', 'DE', 'DAU', 'DUOI', 'BA_CANG', 'XIEN_2', 'XIEN_3', 'XIEN_4', 'DA'],
    catalogueGameId: null,
    ...g,
  };
}

const num = (i: number, width: number) => String((i * 7919 + 12345) % 10 ** width).padStart(width, '0');

/** The sheets' layouts (the contract's). */
export const NORTH_LAYOUT = VN_SHEETS.vn_north;
export const SOUTH_LAYOUT = VN_SHEETS.vn_south;

export function drawFixture(kind: 'vn_north' | 'vn_south', d: Partial<Draw> = {}): Draw {
  let i = 0;
  const layout = kind === 'vn_north' ? NORTH_LAYOUT : SOUTH_LAYOUT;
  return {
    gameCode: kind === 'vn_north' ? 'VN_MB' : 'VN_HCM',
    labelName: kind === 'vn_north' ? 'Miền Bắc' : 'TP. Hồ Chí Minh',
    kind,
    numero: '20261124',
    drawAt: '2026-11-24T11:30:00.000Z',
    state: 'drawn',
    commitHash: 'a'.repeat(64),
    seed: 'b'.repeat(64),
    result: {
      prizes: layout.map(([tier, count, width]) => ({
        tier,
        numbers: Array.from({ length: count }, () => num(++i, width)),
      })),
    },
    algorithm: 'hmac-sha256-counter-v1',
    ...d,
  };
}

export function periodFixture(p: Partial<Period> = {}): Period {
  return {
    gameCode: 'VN_MB',
    numero: '20261125',
    openAt: '2026-11-24T11:30:00.000Z',
    closeAt: '2099-11-25T11:15:00.000Z',
    drawAt: '2099-11-25T11:30:00.000Z',
    state: 'open',
    commitHash: 'c'.repeat(64),
    ...p,
  };
}
