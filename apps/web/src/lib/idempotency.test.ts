import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createSubmitKey, newIdempotencyKey, outcomeUnknown } from './idempotency';
import { idempotencyKeySchema } from '@app/contracts';

describe('idempotency keys', () => {
  it('are v4 UUIDs the contract accepts, also where randomUUID is missing (plain http)', () => {
    expect(idempotencyKeySchema.safeParse(newIdempotencyKey()).success).toBe(true);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView<ArrayBuffer>>(a: T) => real.getRandomValues(a),
    });
    const k = newIdempotencyKey();
    vi.unstubAllGlobals();
    expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('one per submit: kept for a retry of the same body after no answer, new after an answer', () => {
    const s = createSubmitKey();
    const a = s.for({ amount: 100 });
    s.settle(new ApiError('NETWORK', 'errors.link_abnormal', 0));
    expect(s.for({ amount: 100 })).toBe(a);
    s.settle(new ApiError('INTERNAL', 'errors.system_error', 500));
    expect(s.for({ amount: 100 })).toBe(a);
    // Another body is another submit.
    const b = s.for({ amount: 200 });
    expect(b).not.toBe(a);
    // A 4xx is an answer; so is success.
    s.settle(new ApiError('UNPROCESSABLE', 'money.errors.insufficient_balance', 422));
    const c = s.for({ amount: 200 });
    expect(c).not.toBe(b);
    s.settle();
    expect(s.for({ amount: 200 })).not.toBe(c);
  });

  it('count a timeout, an unreadable answer and a 5xx as unknown outcomes', () => {
    expect(outcomeUnknown(new ApiError('TIMEOUT', 'errors.page_slow', 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('INVALID_RESPONSE', 'errors.domain_check_invalid', 200))).toBe(true);
    expect(outcomeUnknown(new ApiError('SERVICE_UNAVAILABLE', 'errors.system_error', 503))).toBe(true);
    expect(outcomeUnknown(new ApiError('CONFLICT', 'money.errors.idempotency_conflict', 409))).toBe(false);
  });
});
