import { randomBytes } from 'node:crypto';
import {
  decryptPayload,
  fromBase64,
  generatePayloadKeyPair,
  PayloadError,
  toBase64,
  type PayloadCryptoKey,
  type PayloadKey,
  type SecurePayload,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/errors.ts';

/** Issue 3: a nonce is valid 5 minutes and consumed by the one call it is sent with. */
export const NONCE_TTL_SECONDS = 5 * 60;
const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

interface LoadedKey {
  keyId: string;
  publicKey: string;
  privateKey: PayloadCryptoKey;
}

export type PayloadService = ReturnType<typeof createPayloadService>;

/**
 * The server side of encrypted bodies (DESIGN §3): one RSA-OAEP-256 key pair created on first use
 * and kept in payload_keys (every instance reads the same one), cached in memory; one-time nonces
 * in payload_nonces.
 */
export function createPayloadService({ db, now }: { db: Db; now: Clock }) {
  let loading: Promise<LoadedKey> | undefined;

  async function loadOrCreate(): Promise<LoadedKey> {
    const row = await db.withTx(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext('payload_key:' || current_schema()))`);
      const [found] = await tx.query<{ key_id: string; public_spki: string; private_pkcs8: string }>(
        'select key_id, public_spki, private_pkcs8 from payload_keys where active order by created_at desc limit 1',
      );
      if (found) return found;
      const pair = await generatePayloadKeyPair();
      const spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
      const pkcs8 = toBase64(new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey)));
      const created = {
        key_id: randomBytes(8).toString('hex'),
        public_spki: spki,
        private_pkcs8: pkcs8,
      };
      await tx.query('insert into payload_keys (key_id, public_spki, private_pkcs8) values ($1, $2, $3)', [
        created.key_id,
        created.public_spki,
        created.private_pkcs8,
      ]);
      return created;
    });
    const privateKey = await crypto.subtle.importKey('pkcs8', fromBase64(row.private_pkcs8), RSA, false, [
      'decrypt',
    ]);
    return { keyId: row.key_id, publicKey: row.public_spki, privateKey };
  }

  function key(): Promise<LoadedKey> {
    loading ??= loadOrCreate().catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
    return loading;
  }

  return {
    key,

    /** GET /wps/session/key: the public key and a fresh nonce. */
    async issue(): Promise<PayloadKey> {
      const k = await key();
      const nonce = randomBytes(24).toString('base64url');
      const t = now();
      // Old nonces are swept where new ones are written, so the table stays small.
      await db.query('delete from payload_nonces where expires_at < $1', [
        new Date(t.getTime() - 24 * 3600_000),
      ]);
      await db.query('insert into payload_nonces (nonce, created_at, expires_at) values ($1, $2, $3)', [
        nonce,
        t,
        new Date(t.getTime() + NONCE_TTL_SECONDS * 1000),
      ]);
      return { keyId: k.keyId, publicKey: k.publicKey, nonce };
    },

    /**
     * Decrypts a body and consumes its nonce (once). Throws PayloadError for a wrong key id, a
     * tampered or undecryptable body, an unknown, expired or already used nonce.
     */
    async open(body: SecurePayload): Promise<unknown> {
      const k = await key();
      if (body.keyId !== k.keyId) throw new PayloadError('unknown key');
      const { nonce, data } = await decryptPayload(k.privateKey, body);
      const t = now();
      const used = await db.query(
        `update payload_nonces set used_at = $2
          where nonce = $1 and used_at is null and expires_at > $2 returning nonce`,
        [nonce, t],
      );
      if (used.length !== 1) throw new PayloadError('nonce refused');
      return data;
    },
  };
}
