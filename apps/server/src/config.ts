import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root. This module lives at apps/server/src/config.ts in development and is
 * bundled into apps/server/dist/server.mjs (and ops.mjs) for production: both are three levels
 * below the root, so one relative URL works for both.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Thrown with a message that is printed as the one line the process says before exiting 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** TRUST_PROXY entries: an IP address or CIDR (v4 or v6). */
function isAddressOrCidr(entry: string): boolean {
  const [addr, prefix, extra] = entry.split('/');
  if (extra !== undefined || !addr) return false;
  const family = isIP(addr);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  // `::ffff:10.0.0.0/8` reads as 10/8 but is /8 of the whole IPv6 space: an IPv4-mapped range
  // needs a prefix of 96 or more (the advisory review of issue 11).
  if (family === 6 && /^::ffff:/i.test(addr) && Number(prefix) < 96) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const boolFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(65535)).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/)
    .optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isAddressOrCidr))),
  ENABLE_DOCS: boolFlag.default(false),
  WEB_DIST: z.string().min(1).optional(),
  WEB_SSR: z.string().min(1).optional(),
  GAMES_DIST: z.string().min(1).optional(),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+$/)
    .optional(),
  OIDC_GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_FACEBOOK_ISSUER: z.string().url().default('https://www.facebook.com'),
  OIDC_FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  OIDC_FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]+$/)
    .optional(),
  TELEGRAM_BOT_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,64}$/)
    .optional(),
});

/** What each variable must look like, for the one-line error (issue 2 "Bad input"). */
const EXPECTED: Record<keyof z.input<typeof envSchema>, string> = {
  PORT: 'must be an integer 1-65535',
  HOST: 'must be a host name or address',
  DATA_DIR: 'must be a directory path',
  DATABASE_URL: 'must be a postgres:// or postgresql:// URL',
  NODE_ENV: 'must be one of development, production, test',
  LOG_LEVEL: `must be one of ${LOG_LEVELS.join(', ')}`,
  TRUST_PROXY: 'must be a comma-separated list of IP addresses or CIDRs',
  ENABLE_DOCS: 'must be 1 or 0 (true/false, yes/no, on/off)',
  WEB_DIST: 'must be a directory path',
  WEB_SSR: 'must be a directory path, or "off"',
  GAMES_DIST: 'must be a directory path',
  PUBLIC_URL: 'must be the site origin, e.g. https://example.com (no path)',
  OIDC_GOOGLE_ISSUER: 'must be the issuer URL',
  OIDC_GOOGLE_CLIENT_ID: 'must be the OAuth client id',
  OIDC_GOOGLE_CLIENT_SECRET: 'must be the OAuth client secret',
  OIDC_FACEBOOK_ISSUER: 'must be the issuer URL',
  OIDC_FACEBOOK_CLIENT_ID: 'must be the app id',
  OIDC_FACEBOOK_CLIENT_SECRET: 'must be the app secret',
  TELEGRAM_BOT_TOKEN: 'must be a bot token (<id>:<secret>)',
  TELEGRAM_BOT_NAME: 'must be the bot user name',
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: string[];
  docs: boolean;
  webDist: string;
  /** False when WEB_DIST does not exist: the API still runs and `/` says the client is not built. */
  webDistExists: boolean;
  /**
   * The client's server-render module (apps/web/dist-ssr/entry-server.mjs, built beside the client);
   * null when it is not built or WEB_SSR=off: every page is then rendered by the browser alone.
   */
  webSsr: string | null;
  /** The built game studio (apps/games/dist), served under /studio/; when missing /studio/ says so. */
  gamesDist: string;
  social: SocialConfig;
}

/** WEB_SSR: a folder holding entry-server.mjs, "off", or unset (dist-ssr beside WEB_DIST). */
function ssrModule(setting: string | undefined, webDist: string): string | null {
  if (setting === 'off') return null;
  const dir = setting ? path.resolve(setting) : path.join(path.dirname(webDist), 'dist-ssr');
  const file = path.join(dir, 'entry-server.mjs');
  return existsSync(file) ? file : null;
}

/** One OpenID Connect provider; without a client id it is not offered even when its flag is on. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

/** Social logins (issue 3): the redirect URI is `<publicUrl>/social/callback`. */
export interface SocialConfig {
  publicUrl: string;
  google: OidcProviderConfig;
  facebook: OidcProviderConfig;
  telegram: { botToken: string | undefined; botName: string | undefined };
}

/** Removes the password of a connection URL so it can be printed or logged. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparseable url>';
  }
}

const SECRET_VARS = new Set([
  'OIDC_GOOGLE_CLIENT_SECRET',
  'OIDC_FACEBOOK_CLIENT_SECRET',
  'TELEGRAM_BOT_TOKEN',
]);

function shown(name: string, raw: string): string {
  if (name === 'DATABASE_URL') return redactUrl(raw);
  if (SECRET_VARS.has(name)) return '***';
  return raw.length > 80 ? `${raw.slice(0, 77)}...` : raw;
}

/** Parses the environment; throws ConfigError with one clear line on the first bad value. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(EXPECTED)) {
    const v = env[key];
    // An empty variable counts as unset, as shells and .env files often produce them.
    if (v !== undefined && (v !== '' || key === 'ENABLE_DOCS')) picked[key] = v;
  }
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment') as keyof typeof EXPECTED;
    const raw = picked[name] ?? '';
    throw new ConfigError(`config error: ${name} ${EXPECTED[name]} (got "${shown(name, raw)}")`);
  }
  const e = parsed.data;
  // Explicit paths are relative to the working directory, defaults to the repository root.
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist');
  const gamesDist = e.GAMES_DIST ? path.resolve(e.GAMES_DIST) : path.join(REPO_ROOT, 'apps/games/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(REPO_ROOT, 'data'),
    databaseUrl: e.DATABASE_URL,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY,
    docs: e.NODE_ENV !== 'production' || e.ENABLE_DOCS,
    webDist,
    webDistExists: existsSync(path.join(webDist, 'index.html')),
    webSsr: ssrModule(e.WEB_SSR, webDist),
    gamesDist,
    social: {
      publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      google: {
        issuer: e.OIDC_GOOGLE_ISSUER,
        clientId: e.OIDC_GOOGLE_CLIENT_ID,
        clientSecret: e.OIDC_GOOGLE_CLIENT_SECRET,
      },
      facebook: {
        issuer: e.OIDC_FACEBOOK_ISSUER,
        clientId: e.OIDC_FACEBOOK_CLIENT_ID,
        clientSecret: e.OIDC_FACEBOOK_CLIENT_SECRET,
      },
      telegram: { botToken: e.TELEGRAM_BOT_TOKEN, botName: e.TELEGRAM_BOT_NAME },
    },
  };
}
