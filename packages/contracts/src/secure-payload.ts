import { z } from 'zod/mini';

/**
 * Encrypted request bodies (spec §7: login, register and password calls are "encrypted"; DESIGN
 * §3: RSA-OAEP-256 wrapping an AES-GCM key, with a one-time server nonce). Written once on
 * WebCrypto so the browser encrypts and the server decrypts with the same code.
 *
 * The client fetches `{ keyId, publicKey, nonce }`, encrypts `{ nonce, data }` with a fresh
 * AES-256-GCM key and wraps that key with the server's RSA-OAEP-256 public key. The server unwraps,
 * decrypts (GCM authenticates: a tampered byte fails) and consumes the nonce once (a replayed
 * payload fails).
 */
export const securePayloadSchema = z.strictObject({
  keyId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** AES key wrapped with RSA-OAEP-256, base64. */
  key: z.string().check(z.minLength(1), z.maxLength(1024)),
  /** 12-byte GCM IV, base64. */
  iv: z.string().check(z.minLength(1), z.maxLength(64)),
  /** AES-GCM ciphertext of JSON `{ nonce, data }`, base64. */
  data: z.string().check(z.minLength(1), z.maxLength(200_000)),
});
export type SecurePayload = z.infer<typeof securePayloadSchema>;

export const payloadKeySchema = z.object({
  keyId: z.string(),
  /** SPKI public key, base64. */
  publicKey: z.string(),
  /** One-time nonce, valid a few minutes, consumed by the call it is sent with. */
  nonce: z.string(),
});
export type PayloadKey = z.infer<typeof payloadKeySchema>;

const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** WebCrypto key types, spelled so they resolve with DOM types (web) and Node types (server). */
export type PayloadCryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
export type PayloadKeyPair = { publicKey: PayloadCryptoKey; privateKey: PayloadCryptoKey };

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export async function importPublicKey(spkiB64: string): Promise<PayloadCryptoKey> {
  return crypto.subtle.importKey('spki', fromBase64(spkiB64), RSA, false, ['encrypt']);
}

export async function encryptPayload(key: PayloadKey, data: unknown): Promise<SecurePayload> {
  const rsa = await importPublicKey(key.publicKey);
  const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ nonce: key.nonce, data }));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain));
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', aes));
  const wrapped = new Uint8Array(await crypto.subtle.encrypt(RSA, rsa, raw));
  return { keyId: key.keyId, key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(cipher) };
}

export class PayloadError extends Error {}

/**
 * Decrypts a payload with the server's private key. Throws PayloadError for anything wrong
 * (bad base64, wrong key, tampered ciphertext, not JSON); the caller answers it exactly like
 * wrong credentials. Returns the nonce for the caller to consume, and the data.
 */
export async function decryptPayload(
  privateKey: PayloadCryptoKey,
  payload: SecurePayload,
): Promise<{ nonce: string; data: unknown }> {
  try {
    const raw = await crypto.subtle.decrypt(RSA, privateKey, fromBase64(payload.key));
    const aes = await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['decrypt']);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(payload.iv) },
      aes,
      fromBase64(payload.data),
    );
    const parsed = JSON.parse(new TextDecoder().decode(plain)) as { nonce?: unknown; data?: unknown };
    if (typeof parsed.nonce !== 'string') throw new PayloadError('no nonce');
    return { nonce: parsed.nonce, data: parsed.data };
  } catch (e) {
    throw e instanceof PayloadError ? e : new PayloadError('undecryptable payload');
  }
}

/** Generates an RSA-OAEP-256 key pair (3072 bits) for the server. */
export async function generatePayloadKeyPair(): Promise<PayloadKeyPair> {
  const pair = await crypto.subtle.generateKey(
    { ...RSA, modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  return pair as PayloadKeyPair;
}
