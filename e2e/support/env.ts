import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** A fixed folder per port, wiped by start-server.mjs before each run, so every run starts fresh. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), `e2e-data-${E2E_PORT}`);

/** Telegram login: the server verifies the widget's data by HMAC with this (test-only) token. */
export const TELEGRAM_BOT = { token: '123456:e2e-telegram-bot-token', name: 'e2e_login_bot' };

/** The local OpenID provider standing in for Google (support/oidc-provider.mjs). */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8182);
const oidcClient = { id: 'e2e-google', secret: 'e2e-google-secret-not-for-production' };

export const oidcProviderEnv: Record<string, string> = {
  E2E_OIDC_PORT: String(E2E_OIDC_PORT),
  E2E_OIDC_CLIENT_ID: oidcClient.id,
  E2E_OIDC_CLIENT_SECRET: oidcClient.secret,
  E2E_OIDC_REDIRECT_URI: `http://127.0.0.1:${E2E_PORT}/social/callback`,
};

/**
 * Issue 11: the server's whole log of the run (start-server.mjs writes it, at info: every request
 * line too), scanned for passwords, codes and tokens by support/log-check.ts at the end.
 */
export const E2E_SERVER_LOG = process.env.E2E_SERVER_LOG ?? join(tmpdir(), `e2e-server-${E2E_PORT}.log`);

export const serverEnv: Record<string, string> = {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  LOG_LEVEL: 'info',
  E2E_SERVER_LOG,
  // The e2e browser is on loopback; trusting it lets a test present another client address
  // (X-Forwarded-For) to reach the new-IP verification step. Untrusted peers still can't.
  TRUST_PROXY: '127.0.0.1',
  // "Continue with Google" against the local provider (the socialGoogle flag stays off in the seed).
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
  OIDC_GOOGLE_CLIENT_ID: oidcClient.id,
  OIDC_GOOGLE_CLIENT_SECRET: oidcClient.secret,
  // The same local provider stands in for Facebook: the server runs the same OpenID Connect code
  // for both; what differs is configuration.
  OIDC_FACEBOOK_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
  OIDC_FACEBOOK_CLIENT_ID: oidcClient.id,
  OIDC_FACEBOOK_CLIENT_SECRET: oidcClient.secret,
  // A Telegram bot for the login widget; the test signs the widget's data with this token.
  TELEGRAM_BOT_TOKEN: TELEGRAM_BOT.token,
  TELEGRAM_BOT_NAME: TELEGRAM_BOT.name,
  // Baccarat tables (issue 6): a short betting window so a round settles quickly.
  STUDIO_BACCARAT_BETTING_SECONDS: '10',
};
