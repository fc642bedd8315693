import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcClient, type OidcClient } from './oidc.client.ts';
import { startTestOidcProvider, type TestOidcProvider } from './test-oidc-provider.ts';

const REDIRECT = 'http://localhost:8080/social/callback';
let op: TestOidcProvider;
let rp: OidcClient;

beforeAll(async () => {
  op = await startTestOidcProvider(REDIRECT);
  rp = createOidcClient(
    { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret },
    { redirectUri: REDIRECT },
  );
});
afterAll(async () => op.close());

describe('OpenID Connect client against a local oidc-provider', () => {
  it('builds an authorization URL with state, nonce and PKCE S256', async () => {
    const a = await rp.authorizationRequest();
    const u = new URL(a.url);
    expect(u.origin).toBe(op.issuer);
    expect(u.searchParams.get('state')).toBe(a.state);
    expect(u.searchParams.get('nonce')).toBe(a.nonce);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(u.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(u.searchParams.get('scope')).toBe('openid email profile');
  });

  it('exchanges the code and reads the validated ID token', async () => {
    op.signInAs({ sub: 'u-1', email: 'Ann@Example.com', email_verified: true, name: 'Ann Lee' });
    const a = await rp.authorizationRequest();
    const { code, state } = await op.authorize(a.url);
    expect(state).toBe(a.state);
    const id = await rp.exchange({ code, state, nonce: a.nonce, codeVerifier: a.codeVerifier });
    expect(id).toEqual({ subject: 'u-1', email: 'ann@example.com', emailVerified: true, name: 'Ann Lee' });
  });

  it('refuses a wrong nonce, a wrong PKCE verifier and a used code', async () => {
    op.signInAs({ sub: 'u-2' });
    const a = await rp.authorizationRequest();
    const { code, state } = await op.authorize(a.url);
    await expect(
      rp.exchange({ code, state, nonce: a.nonce, codeVerifier: a.codeVerifier.replace(/.$/, 'x') }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const b = await rp.authorizationRequest();
    const second = await op.authorize(b.url);
    await expect(
      rp.exchange({ ...second, nonce: 'not-the-nonce', codeVerifier: b.codeVerifier }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const c = await rp.authorizationRequest();
    const third = await op.authorize(c.url);
    const ok = await rp.exchange({ ...third, nonce: c.nonce, codeVerifier: c.codeVerifier });
    expect(ok.subject).toBe('u-2');
    expect(ok.emailVerified).toBe(false);
    await expect(
      rp.exchange({ ...third, nonce: c.nonce, codeVerifier: c.codeVerifier }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const down = createOidcClient(
      { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' },
      { redirectUri: REDIRECT, timeoutSeconds: 2 },
    );
    await expect(down.authorizationRequest()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
