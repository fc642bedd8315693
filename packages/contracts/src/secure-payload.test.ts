import { beforeAll, describe, expect, it } from 'vitest';
import {
  decryptPayload,
  encryptPayload,
  fromBase64,
  generatePayloadKeyPair,
  PayloadError,
  toBase64,
  type PayloadKey,
  type PayloadKeyPair,
} from './secure-payload.ts';

let pair: PayloadKeyPair;
let key: PayloadKey;

beforeAll(async () => {
  pair = await generatePayloadKeyPair();
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  key = { keyId: 'k1', publicKey: toBase64(spki), nonce: 'n-123' };
});

describe('secure payload', () => {
  it('round-trips data with its nonce', async () => {
    const p = await encryptPayload(key, { username: 'demo01', password: 'Demo2026!' });
    expect(p.keyId).toBe('k1');
    expect(p.data).not.toContain('demo01');
    await expect(decryptPayload(pair.privateKey, p)).resolves.toEqual({
      nonce: 'n-123',
      data: { username: 'demo01', password: 'Demo2026!' },
    });
  });

  it('refuses a tampered ciphertext, IV or wrapped key', async () => {
    const p = await encryptPayload(key, { a: 1 });
    const flip = (b64: string) => {
      const bytes = fromBase64(b64);
      bytes[bytes.length - 1]! ^= 1;
      return toBase64(bytes);
    };
    for (const field of ['data', 'iv', 'key'] as const) {
      await expect(decryptPayload(pair.privateKey, { ...p, [field]: flip(p[field]) })).rejects.toBeInstanceOf(
        PayloadError,
      );
    }
  });

  it('refuses garbage and another key pair', async () => {
    const p = await encryptPayload(key, { a: 1 });
    await expect(decryptPayload(pair.privateKey, { ...p, data: '%%%' })).rejects.toBeInstanceOf(PayloadError);
    const other = await generatePayloadKeyPair();
    await expect(decryptPayload(other.privateKey, p)).rejects.toBeInstanceOf(PayloadError);
  });

  it('handles unicode and large bodies', async () => {
    const data = { name: 'မောင်မောင် 张三 สมชาย', blob: 'x'.repeat(100_000) };
    const p = await encryptPayload(key, data);
    expect((await decryptPayload(pair.privateKey, p)).data).toEqual(data);
  });
});
