import { useRef } from 'react';
import { isApiError } from './api-client';

/**
 * A fresh idempotency key (issue 4: client-generated per submit). `crypto.randomUUID` exists only
 * in secure contexts (https, localhost); a site opened over plain http on a LAN address still has
 * `getRandomValues`, so the same v4 UUID is built from it there.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submit. The same body sent again after an answer that never arrived (network,
 * timeout, 5xx) is a retry of that submit and reuses its key, so the server answers the first
 * result instead of moving the money twice; a settled answer (success or a 4xx) or another body
 * starts a new submit with a new key.
 */
export function createSubmitKey() {
  let current: { key: string; body: string } | null = null;
  return {
    /** The key for a submit of `body`. */
    for(body: unknown): string {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { key: newIdempotencyKey(), body: text };
      return current.key;
    },
    /** After an answer: keep the key only when the outcome is unknown. */
    settle(error?: unknown): void {
      if (error === undefined || !outcomeUnknown(error)) current = null;
    },
  };
}

/** No answer, an unreadable one, or a server failure: the request may or may not have been carried out. */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return (
    error.status === 0 || error.status >= 500 || error.code === 'TIMEOUT' || error.code === 'INVALID_RESPONSE'
  );
}

/** `createSubmitKey` held for the life of a form. */
export function useSubmitKey(): ReturnType<typeof createSubmitKey> {
  const ref = useRef<ReturnType<typeof createSubmitKey> | null>(null);
  ref.current ??= createSubmitKey();
  return ref.current;
}
