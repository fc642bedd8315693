import type { Draw, LotteryResult } from '@app/contracts';

/**
 * Checks a draw in the browser (WebCrypto), as the contract's LOTTERY_DRAW_ALGORITHM
 * ('hmac-sha256-counter-v1') says: commitHash = hex(SHA-256(seed bytes)); the random stream is
 * HMAC-SHA256(key = seed bytes, message = "<counter>") for counter 0, 1, 2 …, read as big-endian
 * uint32 values; a digit takes the next value v < 4294967290 as v mod 10. Digit games draw their
 * digits in position order; a VN sheet draws its prizes from the lowest tier up to the special
 * prize, each number digit by digit. Imported lazily (only when "verify" is pressed).
 */
export const VERIFY_ALGORITHM = 'hmac-sha256-counter-v1';
const DIGIT_LIMIT = 4_294_967_290;

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToHex(await crypto.subtle.digest('SHA-256', bytes));
}

/** The digit stream of a seed. */
export async function digitStream(seed: Uint8Array<ArrayBuffer>) {
  const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  let counter = 0;
  let block: DataView | null = null;
  let offset = 0;
  const nextUint32 = async (): Promise<number> => {
    if (!block || offset >= block.byteLength) {
      block = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(String(counter))));
      counter += 1;
      offset = 0;
    }
    const v = block.getUint32(offset, false);
    offset += 4;
    return v;
  };
  return async (): Promise<number> => {
    for (;;) {
      const v = await nextUint32();
      if (v < DIGIT_LIMIT) return v % 10;
    }
  };
}

/** The result a seed gives, in the shape of the published one (a VN sheet: the same tiers and lengths). */
export async function resultFromSeed(
  seed: Uint8Array<ArrayBuffer>,
  published: LotteryResult,
): Promise<LotteryResult> {
  const next = await digitStream(seed);
  if (published.digits) {
    const digits: number[] = [];
    for (let i = 0; i < published.digits.length; i++) digits.push(await next());
    return { digits };
  }
  const prizes = published.prizes ?? [];
  const drawn = new Map<number, string[]>();
  // From the lowest tier (the last of the sheet) up to the special prize (the first).
  for (let p = prizes.length - 1; p >= 0; p--) {
    const numbers: string[] = [];
    for (const n of prizes[p]!.numbers) {
      let s = '';
      for (let i = 0; i < n.length; i++) s += String(await next());
      numbers.push(s);
    }
    drawn.set(p, numbers);
  }
  return { prizes: prizes.map((tier, p) => ({ tier: tier.tier, numbers: drawn.get(p) ?? [] })) };
}

export interface Verification {
  commitOk: boolean;
  resultOk: boolean;
}

/** SHA-256(seed) = commit, and the seed gives the published result. */
export async function verifyDraw(
  draw: Pick<Draw, 'seed' | 'commitHash' | 'result' | 'algorithm'>,
): Promise<Verification> {
  const seed = draw.seed ? hexToBytes(draw.seed) : null;
  if (!seed || !draw.result) return { commitOk: false, resultOk: false };
  const commitOk = (await sha256Hex(seed)) === draw.commitHash.toLowerCase();
  if (draw.algorithm !== VERIFY_ALGORITHM) return { commitOk, resultOk: false };
  const result = await resultFromSeed(seed, draw.result);
  return { commitOk, resultOk: JSON.stringify(result) === JSON.stringify(normalise(draw.result)) };
}

function normalise(r: LotteryResult): LotteryResult {
  if (r.digits) return { digits: r.digits };
  return { prizes: (r.prizes ?? []).map((p) => ({ tier: p.tier, numbers: p.numbers })) };
}
