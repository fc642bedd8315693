import { encryptPayload, payloadKey, type PayloadKey, type SecurePayload } from '@app/contracts';

/**
 * Loaded with the first encrypted call (login, register, password): fetches a one-time key
 * (`GET /wps/session/key`; a nonce is single use, so one per call) and seals the payload with the
 * contract's WebCrypto code (RSA-OAEP-256 wrapping AES-GCM).
 */
export async function sealPayload(
  fetchKey: (endpoint: typeof payloadKey) => Promise<PayloadKey>,
  data: unknown,
): Promise<SecurePayload> {
  return encryptPayload(await fetchKey(payloadKey), data);
}
