import { randomBytes } from 'node:crypto';
import { flags, MEMBER_TYPE, TRIAL_TYPE, type LoginResult, type SocialProvider } from '@app/contracts';
import type { SocialConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { recordLoginEvent } from '../session/password-checks.ts';
import { createSession, loginResult } from '../session/session.service.ts';
import type { SystemService } from '../system/system.service.ts';
import { createOidcClient, type OidcClient, type OidcIdentity } from './oidc.client.ts';
import * as repo from './social.repository.ts';
import { verifyTelegramLogin, type TelegramAuthData } from './telegram.ts';

export type OidcProviderName = 'google' | 'facebook';

/** Issue 3: an OpenID Connect login must come back within 10 minutes. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
/** The path of the SPA page the providers redirect to; it posts code and state to socialComplete. */
export const SOCIAL_CALLBACK_PATH = '/social/callback';

const FLAG = { google: 'socialGoogle', facebook: 'socialFacebook', telegram: 'socialTelegram' } as const;

/** Facebook's discovery document lists no token endpoint; its code flow answers an ID token here. */
const FACEBOOK_TOKEN_ENDPOINT = 'https://graph.facebook.com/v21.0/oauth/access_token';

/** No provider configured (the app without a parsed environment: every social login is off). */
export const NO_SOCIAL_PROVIDERS: SocialConfig = {
  publicUrl: 'http://localhost:8080',
  google: { issuer: 'https://accounts.google.com', clientId: undefined, clientSecret: undefined },
  facebook: { issuer: 'https://www.facebook.com', clientId: undefined, clientSecret: undefined },
  telegram: { botToken: undefined, botName: undefined },
};

export interface RequestInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface SocialServiceDeps {
  db: Db;
  system: Pick<SystemService, 'merchant' | 'whitelabel'>;
  config: SocialConfig;
  now?: () => Date;
}

export type SocialService = ReturnType<typeof createSocialService>;

const failed = () => new AppError('UNAUTHORIZED', 'errors.social_login_failed');

export function createSocialService(deps: SocialServiceDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const redirectUri = new URL(SOCIAL_CALLBACK_PATH, config.publicUrl).href;

  const clients = new Map<OidcProviderName, OidcClient>();
  function oidcClient(provider: OidcProviderName): OidcClient {
    const c = config[provider];
    if (!c.clientId) throw new AppError('SERVICE_UNAVAILABLE');
    let client = clients.get(provider);
    if (!client) {
      client = createOidcClient(c, {
        redirectUri,
        ...(provider === 'facebook' ? { tokenEndpointFallback: FACEBOOK_TOKEN_ENDPOINT } : {}),
      });
      clients.set(provider, client);
    }
    return client;
  }

  async function enabled(provider: SocialProvider): Promise<boolean> {
    return flags(await deps.system.whitelabel())[FLAG[provider]];
  }

  async function requireEnabled(provider: SocialProvider): Promise<void> {
    if (!(await enabled(provider))) throw new AppError('FORBIDDEN');
  }

  const configured = (provider: SocialProvider) =>
    provider === 'telegram'
      ? !!config.telegram.botToken && !!config.telegram.botName
      : !!config[provider].clientId;

  /**
   * Finds the member of a provider identity, or links it to the one member whose verified
   * e-mail is the identity's verified e-mail, or creates a member; then opens a full session.
   */
  async function signIn(
    provider: SocialProvider,
    identity: OidcIdentity & { telegram?: string | null },
    info: RequestInfo,
  ): Promise<LoginResult> {
    const merchant = await deps.system.merchant();
    const at = now();
    return db.withTx(async (tx) => {
      // Two first logins of one identity at once create one member.
      await tx.query(`select pg_advisory_xact_lock(hashtext('social:' || $1::text || ':' || $2::text))`, [
        provider,
        identity.subject,
      ]);
      let member = await repo.findIdentityMember(tx, provider, identity.subject);
      if (!member && identity.emailVerified && identity.email) {
        const matches = await repo.findVerifiedEmailMembers(tx, merchant.id, identity.email);
        const only = matches.length === 1 ? matches[0] : undefined;
        if (only && only.type !== TRIAL_TYPE) {
          await repo.insertIdentity(tx, {
            provider,
            subject: identity.subject,
            memberId: only.id,
            email: identity.email,
          });
          member = only;
        }
      }
      if (!member) {
        let id: number | null = null;
        for (let i = 0; i < 5 && id === null; i++) {
          id = await repo.insertMember(tx, {
            merchantId: merchant.id,
            account: `${provider}_${randomBytes(5).toString('hex')}`,
            // No login password yet: the member signs in through the provider and may set one
            // with the change-password call, which asks for no old password when none is stored
            // (spec §5). Password sign-in verifies against a dummy hash and fails meanwhile.
            passwordHash: null,
            type: MEMBER_TYPE,
            nickname: identity.name?.slice(0, 32) ?? null,
            email: identity.emailVerified ? identity.email : null,
            telegram: identity.telegram ?? null,
            registerIp: info.ip,
            registerMethod: `social:${provider}`,
          });
        }
        if (id === null) throw new AppError('SERVICE_UNAVAILABLE');
        await repo.insertIdentity(tx, {
          provider,
          subject: identity.subject,
          memberId: id,
          email: identity.emailVerified ? identity.email : null,
        });
        member = { id, type: MEMBER_TYPE, status: 'active' };
      }
      if (member.status !== 'active') throw new AppError('FORBIDDEN', 'errors.account_frozen');
      const method = `social:${provider}`;
      const session = await createSession(
        tx,
        { memberId: member.id, scope: 'full', method, ip: info.ip, userAgent: info.userAgent },
        at,
      );
      await recordLoginEvent(
        tx,
        { memberId: String(member.id), ip: info.ip, method, success: true, userAgent: info.userAgent },
        at,
      );
      await repo.rememberIp(tx, member.id, info.ip, at);
      const firstTimeLogin = await repo.isFirstLogin(tx, member.id);
      return loginResult(session, { firstTimeLogin, passwordExpired: false, scope: 'full' });
    });
  }

  return {
    redirectUri,

    /** Spec §1: only the providers whose flag is on and that this installation can serve. */
    async providers() {
      const f = flags(await deps.system.whitelabel());
      return (['google', 'facebook', 'telegram'] as const)
        .filter((p) => f[FLAG[p]] && configured(p))
        .map((provider) => ({
          provider,
          botName: provider === 'telegram' ? (config.telegram.botName ?? null) : null,
        }));
    },

    /** Answers the provider's authorization URL and the state to bind to the browser. */
    async start(provider: OidcProviderName): Promise<{ url: string; state: string }> {
      await requireEnabled(provider);
      const request = await oidcClient(provider).authorizationRequest();
      const at = now();
      await repo.insertState(db, {
        state: request.state,
        provider,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
        now: at,
        expiresAt: new Date(at.getTime() + OAUTH_STATE_TTL_SECONDS * 1000),
      });
      return { url: request.url, state: request.state };
    },

    async complete(
      provider: OidcProviderName,
      p: { code: string; state: string; cookieState: string | undefined },
      info: RequestInfo,
    ): Promise<LoginResult> {
      await requireEnabled(provider);
      const client = oidcClient(provider);
      // The state must be the one this browser started (login CSRF), unused and unexpired.
      if (!p.cookieState || p.cookieState !== p.state) throw failed();
      const secrets = await repo.takeState(db, p.state, provider, now());
      if (!secrets) throw failed();
      const identity = await client.exchange({ code: p.code, state: p.state, ...secrets });
      return signIn(provider, identity, info);
    },

    async telegram(data: TelegramAuthData, info: RequestInfo): Promise<LoginResult> {
      await requireEnabled('telegram');
      const token = config.telegram.botToken;
      if (!token || !config.telegram.botName) throw new AppError('SERVICE_UNAVAILABLE');
      const check = verifyTelegramLogin(data, token, Math.floor(now().getTime() / 1000));
      if (check === 'expired') throw new AppError('UNAUTHORIZED', 'errors.social_login_expired');
      if (check !== 'ok') throw failed();
      const name = [data.first_name, data.last_name].filter(Boolean).join(' ') || data.username || null;
      return signIn(
        'telegram',
        {
          subject: String(data.id),
          email: null,
          emailVerified: false,
          name,
          telegram: data.username ? `@${data.username}`.slice(0, 64) : null,
        },
        info,
      );
    },
  };
}
