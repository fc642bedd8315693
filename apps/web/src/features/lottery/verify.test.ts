import { describe, expect, it } from 'vitest';
import { bytesToHex, verifyDraw } from './verify';

// The vectors of the server's rules test (computed there by an independent Python implementation
// of LOTTERY_DRAW_ALGORITHM 'hmac-sha256-counter-v1'): seed 00 01 … 1f.
const SEED = bytesToHex(Uint8Array.from({ length: 32 }, (_, i) => i));
const COMMIT = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const algorithm = 'hmac-sha256-counter-v1';

describe('draw verification in the browser (WebCrypto)', () => {
  it('accepts the known digit result of a seed and its commit', async () => {
    expect(
      await verifyDraw({ seed: SEED, commitHash: COMMIT, result: { digits: [7, 7, 7, 0, 0] }, algorithm }),
    ).toEqual({
      commitOk: true,
      resultOk: true,
    });
    expect(
      await verifyDraw({ seed: SEED, commitHash: COMMIT, result: { digits: [7, 7, 7] }, algorithm }),
    ).toEqual({
      commitOk: true,
      resultOk: true,
    });
  });

  it('rejects another result, another commit, another seed', async () => {
    expect(
      await verifyDraw({ seed: SEED, commitHash: COMMIT, result: { digits: [7, 7, 7, 0, 1] }, algorithm }),
    ).toEqual({
      commitOk: true,
      resultOk: false,
    });
    expect(
      await verifyDraw({
        seed: SEED,
        commitHash: 'ff'.repeat(32),
        result: { digits: [7, 7, 7, 0, 0] },
        algorithm,
      }),
    ).toMatchObject({ commitOk: false });
    expect(await verifyDraw({ seed: 'zz', commitHash: COMMIT, result: { digits: [7] }, algorithm })).toEqual({
      commitOk: false,
      resultOk: false,
    });
  });

  it('recomputes a southern sheet, lowest prize first', async () => {
    const prizes = [
      { tier: 'special' as const, numbers: ['759537'] },
      { tier: 'p1' as const, numbers: ['31147'] },
      { tier: 'p2' as const, numbers: ['31304'] },
      { tier: 'p3' as const, numbers: ['76566', '49722'] },
      { tier: 'p4' as const, numbers: ['95854', '40967', '39263', '71108', '38527', '91225', '15624'] },
      { tier: 'p5' as const, numbers: ['3408'] },
      { tier: 'p6' as const, numbers: ['6452', '8996', '0576'] },
      { tier: 'p7' as const, numbers: ['700'] },
      { tier: 'p8' as const, numbers: ['77'] },
    ];
    expect(await verifyDraw({ seed: SEED, commitHash: COMMIT, result: { prizes }, algorithm })).toEqual({
      commitOk: true,
      resultOk: true,
    });
    const wrong = prizes.map((p) => (p.tier === 'p8' ? { ...p, numbers: ['78'] } : p));
    expect(
      (await verifyDraw({ seed: SEED, commitHash: COMMIT, result: { prizes: wrong }, algorithm })).resultOk,
    ).toBe(false);
  });
});
