import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * A provider-agnostic OpenID Connect relying party (authorization code + PKCE S256, state and
 * nonce) on openid-client. Google, Facebook and the test's local oidc-provider differ only in
 * their issuer and client credentials; the metadata comes from discovery and is cached.
 */

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the login needs from a validated ID token. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface OidcClient {
  readonly issuer: string;
  authorizationRequest(): Promise<AuthorizationRequest>;
  /** Exchanges the code and validates the ID token (issuer, audience, nonce, signature, expiry). */
  exchange(p: { code: string; state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity>;
}

export interface OidcClientOptions {
  redirectUri: string;
  /** Seconds for each call to the provider. */
  timeoutSeconds?: number;
  /**
   * Used when the discovery document names no token endpoint (Facebook publishes only its
   * implicit-flow metadata, but its code flow with PKCE answers an ID token at this endpoint).
   */
  tokenEndpointFallback?: string;
}

const isLoopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

/** Plain http is allowed for a loopback issuer only (tests, a local provider in development). */
function insecureAllowed(issuer: URL): boolean {
  return issuer.protocol === 'http:' && isLoopback(issuer);
}

function clientError(): AppError {
  return new AppError('UNAUTHORIZED', 'errors.social_login_failed');
}

/** openid-client's own checks (bad code, state, nonce, signature …) vs the provider being unreachable. */
function isProtocolError(e: unknown): boolean {
  return (
    e instanceof client.ResponseBodyError ||
    e instanceof client.AuthorizationResponseError ||
    e instanceof client.WWWAuthenticateChallengeError ||
    e instanceof client.ClientError
  );
}

export function createOidcClient(provider: OidcProviderConfig, opts: OidcClientOptions): OidcClient {
  const { clientId, clientSecret } = provider;
  if (!clientId) throw new Error('an OpenID Connect client needs a client id');
  const issuer = new URL(provider.issuer);
  const timeout = opts.timeoutSeconds ?? 10;

  function configure(config: client.Configuration): client.Configuration {
    config.timeout = timeout;
    if (insecureAllowed(issuer)) client.allowInsecureRequests(config);
    // Check the ID token's signature against the provider's JWKS too, not only TLS (issue 3).
    client.enableNonRepudiationChecks(config);
    return config;
  }

  let cached: Promise<client.Configuration> | undefined;
  /** Discovery once per process; a failure is not cached, so the next call tries again. */
  function configuration(): Promise<client.Configuration> {
    cached ??= (async () => {
      let config = await client.discovery(issuer, clientId!, clientSecret, undefined, {
        timeout,
        ...(insecureAllowed(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      });
      const { supportsPKCE: _pkce, ...meta } = config.serverMetadata();
      if (!meta.token_endpoint && opts.tokenEndpointFallback) {
        config = new client.Configuration(
          { ...meta, token_endpoint: opts.tokenEndpointFallback } as client.ServerMetadata,
          clientId!,
          clientSecret,
        );
      }
      return configure(config);
    })().catch((e: unknown) => {
      cached = undefined;
      throw e;
    });
    return cached;
  }

  async function reachable(): Promise<client.Configuration> {
    try {
      return await configuration();
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE');
    }
  }

  return {
    issuer: issuer.href,

    async authorizationRequest() {
      const config = await reachable();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async exchange({ code, state, nonce, codeVerifier }) {
      const config = await reachable();
      const meta = config.serverMetadata();
      // The SPA's /social/callback page posts code and state; the response is rebuilt here.
      // RFC 9207 `iss`: the state row already names the provider this code came back for, so the
      // expected issuer is the only one it can be.
      const callback = new URL(opts.redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      if (meta.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', meta.issuer);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
      } catch (e) {
        if (isProtocolError(e)) throw clientError();
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      const claims = tokens.claims();
      if (!claims) throw clientError();
      const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
      const email = str(claims.email)?.toLowerCase() ?? null;
      const name =
        str(claims.name) ??
        ([str(claims.given_name), str(claims.family_name)].filter(Boolean).join(' ') || null) ??
        str(claims.preferred_username);
      return {
        subject: claims.sub,
        email,
        // Only an explicit `true` counts (Facebook sends no such claim).
        emailVerified: email !== null && claims.email_verified === true,
        name,
      };
    },
  };
}
