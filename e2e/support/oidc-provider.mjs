// A real OpenID provider (oidc-provider) on loopback for the e2e run, standing in for Google
// (started by playwright.config.ts before the server; env from support/env.ts). One client, the
// authorization code flow with PKCE S256, and a sign-in page a browser completes: a form asking
// for an account name; submitting it signs that account in and grants the requested scopes.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const port = Number(process.env.E2E_OIDC_PORT);
const clientId = process.env.E2E_OIDC_CLIENT_ID;
const clientSecret = process.env.E2E_OIDC_CLIENT_SECRET;
const redirectUri = process.env.E2E_OIDC_REDIRECT_URI;
if (!port || !clientId || !clientSecret || !redirectUri) throw new Error('E2E_OIDC_* env missing');

const issuer = `http://127.0.0.1:${port}`;
const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
/** Any account name signs in; its claims follow from the name. */
const claimsOf = (sub) => ({ sub, email: `${sub}@example.test`, email_verified: true, name: `E2E ${sub}` });

const provider = new Provider(issuer, {
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
  pkce: { required: () => true },
  jwks: { keys: [{ ...signingKey, kid: 'e2e-key', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  features: { devInteractions: { enabled: false } },
  // The scope's claims (email, name) in the ID token itself, as Google does.
  conformIdTokenClaims: false,
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: async () => claimsOf(sub) }),
});

const escape = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(uid, clientName) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in – E2E OpenID provider</title></head>
<body>
<main>
<h1>Sign in to continue to ${escape(clientName)}</h1>
<form method="post" action="/interaction/${escape(uid)}">
<label for="account">Account</label>
<input id="account" name="account" required autocomplete="username">
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>`;
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

async function interaction(req, res) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // No form-action: the provider's answer to the post redirects on to the site's callback.
      'content-security-policy': "default-src 'none'",
    });
    res.end(signInPage(details.uid, String(details.params.client_id)));
    return;
  }
  const account = (await readForm(req)).get('account')?.trim();
  if (!account) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('account required');
    return;
  }
  const grant = new provider.Grant({ accountId: account, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope ?? 'openid'));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: account, remember: false }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

const callback = provider.callback();
const server = createServer((req, res) => {
  if (req.url?.startsWith('/interaction/')) {
    interaction(req, res).catch((e) => {
      res.statusCode = 500;
      res.end(String(e));
    });
    return;
  }
  callback(req, res);
});
server.listen(port, '127.0.0.1', () => console.log(`e2e OpenID provider at ${issuer}`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
