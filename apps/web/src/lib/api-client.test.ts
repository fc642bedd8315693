import {
  PHONE_AUTH_ERRORS,
  decryptPayload,
  endpoints,
  generatePayloadKeyPair,
  securePayloadSchema,
  sessionEndpoints,
  toBase64,
} from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, permissionFixture, statusFixture } from '@/testing/fixtures';
import { ApiError, call, setApiListeners } from './api-client';
import { i18n, loadAccountCatalogue } from './i18n';
import { useUiStore } from './ui-store';

function stubFetch(impl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('api client', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns the validated value and sends module id, language and token headers', async () => {
    window.sessionStorage.setItem('token', 'abc');
    const fetchMock = stubFetch(async () => ok(endpoints.status, statusFixture()));
    const value = await call(endpoints.status, {});
    expect(value.merchant.brand).toBe('LuckyStar');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/wps/system/status');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Module-Id']).toBe(endpoints.status.moduleId);
    expect(headers['X-Language']).toBe('EN');
    expect(headers['Accept-Language']).toBe('en');
    expect(headers.Authorization).toBe('Bearer abc');
  });

  it('puts GET input in the query and PUT input in a JSON body', async () => {
    const fetchMock = stubFetch(async (url) =>
      url.startsWith('/wps/system/helpCenter')
        ? ok(endpoints.helpCenter, [])
        : ok(endpoints.updateLanguage, { language: 'TH', stored: false }),
    );
    await call(endpoints.helpCenter, { language: 'MY' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/wps/system/helpCenter?language=MY');
    await call(endpoints.updateLanguage, { language: 'TH' });
    const init = fetchMock.mock.calls[1]![1]!;
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(JSON.stringify({ language: 'TH' }));
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('maps a rejected fetch to link abnormal', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const e = await failure(call(endpoints.status, {}));
    expect(e).toMatchObject({ code: 'NETWORK', messageKey: 'errors.link_abnormal', status: 0 });
  });

  it('maps a timeout to page slow', async () => {
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const e = await failure(call(endpoints.status, {}, { timeoutMs: 20 }));
    expect(e).toMatchObject({ code: 'TIMEOUT', messageKey: 'errors.page_slow' });
  });

  it('maps an HTML answer to domain check invalid', async () => {
    stubFetch(
      async () => new Response('<html>parked domain</html>', { headers: { 'content-type': 'text/html' } }),
    );
    const e = await failure(call(endpoints.status, {}));
    expect(e).toMatchObject({ code: 'INVALID_RESPONSE', messageKey: 'errors.domain_check_invalid' });
  });

  it('maps JSON that is not our envelope, or a value that breaks the schema, to domain check invalid', async () => {
    stubFetch(async () => Response.json({ hello: 'world' }));
    expect(await failure(call(endpoints.status, {}))).toMatchObject({ code: 'INVALID_RESPONSE' });
    // A real envelope of the wrong shape: `value` misses the merchant.
    const { merchant: _m, ...broken } = statusFixture();
    stubFetch(async () => Response.json({ success: true, value: broken }));
    expect(await failure(call(endpoints.status, {}))).toMatchObject({
      code: 'INVALID_RESPONSE',
      messageKey: 'errors.domain_check_invalid',
    });
    // Success without a value when the endpoint promises one.
    stubFetch(async () => Response.json({ success: true }));
    expect(await failure(call(endpoints.permission, {}))).toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it("uses the server's message key, falling back to the code's key and then to system error", async () => {
    stubFetch(async () => fail('CONFLICT', 'errors.game_maintenance'));
    expect(await failure(call(endpoints.status, {}))).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      messageKey: 'errors.game_maintenance',
    });
    // Account keys resolve once the account texts are loaded (every account form loads them first).
    await loadAccountCatalogue();
    stubFetch(async () => fail('CONFLICT', 'errors.invitation_code_error'));
    expect(await failure(call(endpoints.status, {}))).toMatchObject({
      messageKey: 'errors.invitation_code_error',
    });
    // A bare spec key (spec §4 in_need_true_account) resolves under errors.
    stubFetch(async () => fail('FORBIDDEN', 'in_need_true_account'));
    expect(await failure(call(endpoints.status, {}))).toMatchObject({
      messageKey: 'errors.in_need_true_account',
    });
    // An unknown text: the code's own key.
    stubFetch(async () => fail('RATE_LIMITED', 'slow down please'));
    const e = await failure(call(endpoints.status, {}));
    expect(e).toMatchObject({ messageKey: 'errors.too_many_requests', serverMessage: 'slow down please' });
    // An envelope without a code on a 5xx: system error.
    stubFetch(async () => Response.json({ success: false }, { status: 500 }));
    expect(await failure(call(endpoints.status, {}))).toMatchObject({
      code: 'INTERNAL',
      messageKey: 'errors.system_error',
    });
  });

  it('spec §8 phone auth: every code, as the server sends it, resolves to its translated phone_auth message', async () => {
    await loadAccountCatalogue();
    for (const code of PHONE_AUTH_ERRORS) {
      for (const sent of [`phone_auth.${code}`]) {
        stubFetch(async () => fail('UNPROCESSABLE', sent));
        const e = await failure(call(endpoints.status, {}));
        expect(e.messageKey, sent).toBe(`phone_auth.${code}`);
        expect(i18n.t(e.messageKey), sent).not.toBe(e.messageKey);
      }
    }
  });

  it('on 401 from a member call clears the session (keeping merchant keys) and opens the login modal', async () => {
    window.sessionStorage.setItem('token', 'abc');
    window.sessionStorage.setItem('account', 'demo01');
    window.sessionStorage.setItem('merchantCode', 'DEMO');
    stubFetch(async () => fail('UNAUTHORIZED'));
    const e = await failure(call(sessionEndpoints.memberInfo, {}));
    expect(e).toMatchObject({ code: 'UNAUTHORIZED', messageKey: 'errors.not_logged_in' });
    expect(useUiStore.getState().modal).toEqual({ kind: 'login' });
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('account')).toBeNull();
    expect(window.sessionStorage.getItem('merchantCode')).toBe('DEMO');
  });

  it('a 401 answer of a guest call (wrong credentials) is not a lost session', async () => {
    await loadAccountCatalogue(); // as the login form does
    window.sessionStorage.setItem('token', 'abc');
    stubFetch(async () => fail('UNAUTHORIZED', 'errors.wrong_credentials', { value: { captcha: true } }));
    const e = await failure(call(endpoints.status, {}));
    expect(e).toMatchObject({ messageKey: 'errors.wrong_credentials', value: { captcha: true } });
    expect(useUiStore.getState().modal).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBe('abc');
  });

  it('sends an encrypted endpoint as a sealed payload after fetching a one-time key', async () => {
    const pair = await generatePayloadKeyPair();
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
    const fetchMock = stubFetch(async (url) =>
      url === sessionEndpoints.payloadKey.path
        ? ok(sessionEndpoints.payloadKey, { keyId: 'k1', publicKey: toBase64(spki), nonce: 'n-1' })
        : ok(sessionEndpoints.login, {
            kind: 'session',
            session: {
              token: 't',
              firstTimeLogin: false,
              passwordExpired: false,
              mustChangePassword: false,
              expiresAt: '2026-11-22T12:00:00.000Z',
            },
          }),
    );
    await call(sessionEndpoints.login, { type: 'username', username: 'demo01', password: 'Demo2026!' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/wps/session/key', '/wps/session/login']);
    const body = String(fetchMock.mock.calls[1]![1]!.body);
    expect(body).not.toContain('Demo2026!');
    expect(body).not.toContain('demo01');
    const sealed = securePayloadSchema.parse(JSON.parse(body));
    expect(sealed.keyId).toBe('k1');
    // The server's private key opens it: the nonce and the plaintext payload are inside.
    expect(await decryptPayload(pair.privateKey, sealed)).toEqual({
      nonce: 'n-1',
      data: { type: 'username', username: 'demo01', password: 'Demo2026!' },
    });
  });

  it('sends a form endpoint as application/x-www-form-urlencoded', async () => {
    const fetchMock = stubFetch(async () => ok(sessionEndpoints.forgotPasswordEmail, null));
    await call(sessionEndpoints.forgotPasswordEmail, { username: 'demo01', email: 'd@example.com' });
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(init.body).toBe('username=demo01&email=d%40example.com');
    expect(init.credentials).toBe('same-origin');
  });

  it('asks for a permission re-check on 503 MAINTENANCE and 403 REGION_RESTRICTED', async () => {
    const onAccessDenied = vi.fn();
    const restore = setApiListeners({ onAccessDenied });
    stubFetch(async () => fail('MAINTENANCE'));
    expect(await failure(call(endpoints.status, {}))).toMatchObject({ status: 503, code: 'MAINTENANCE' });
    stubFetch(async () => fail('REGION_RESTRICTED'));
    expect(await failure(call(endpoints.status, {}))).toMatchObject({ status: 403 });
    stubFetch(async () => ok(endpoints.permission, permissionFixture()));
    await call(endpoints.permission, {});
    expect(onAccessDenied).toHaveBeenCalledTimes(2);
    restore();
  });
});
