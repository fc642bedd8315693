import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on a random loopback port for tests, standing in for
 * Google and Facebook. There is no login page: the interaction route signs in whichever account
 * the test chose with `signInAs` and grants the requested scopes, so a test drives the whole
 * authorization code flow with fetch (authorize → interaction → resume → redirect with a code).
 */

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization signs in. */
  signInAs(account: TestAccount): void;
  /**
   * Follows an authorization URL like a browser without a person: returns the code and state the
   * provider sends to the redirect URI.
   */
  authorize(url: string): Promise<{ code: string; state: string; redirect: URL }>;
  close(): Promise<void>;
}

/** A tiny cookie jar: enough for the provider's interaction cookies. */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    store(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';', 1);
        const eq = pair?.indexOf('=') ?? -1;
        if (!pair || eq < 1) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

export async function startTestOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const clientId = 'betting-app';
  const clientSecret = randomBytes(24).toString('base64url');
  let account: TestAccount = { sub: 'nobody' };
  const accounts = new Map<string, TestAccount>();

  // Created once the port (and so the issuer) is known.
  const holder: { provider?: Provider } = {};
  const server: Server = createServer((req, res) => {
    const p = holder.provider;
    if (!p) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const details = await p.interactionDetails(req, res);
          const current = account;
          accounts.set(current.sub, current);
          const grant = new p.Grant({ accountId: current.sub, clientId: String(details.params.client_id) });
          grant.addOIDCScope(String(details.params.scope ?? 'openid'));
          const grantId = await grant.save();
          await p.interactionFinished(
            req,
            res,
            { login: { accountId: current.sub }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        } catch (e) {
          res.statusCode = 500;
          res.end(String(e));
        }
      })();
      return;
    }
    p.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  holder.provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    // Put the scope's claims (email, name) in the ID token itself, as Google does.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(a.email !== undefined ? { email: a.email } : {}),
          ...(a.email_verified !== undefined ? { email_verified: a.email_verified } : {}),
          ...(a.name !== undefined ? { name: a.name } : {}),
        }),
      };
    },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(a) {
      account = a;
    },
    async authorize(url) {
      const jar = cookieJar();
      let next = new URL(url);
      for (let hop = 0; hop < 10; hop++) {
        if (next.origin !== issuer) {
          const code = next.searchParams.get('code');
          const state = next.searchParams.get('state');
          if (!code || !state) throw new Error(`no code in the redirect: ${next.href}`);
          return { code, state, redirect: next };
        }
        const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.store(res);
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location) {
          throw new Error(`provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        }
        await res.body?.cancel();
        next = new URL(location, next);
      }
      throw new Error('too many redirects');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
