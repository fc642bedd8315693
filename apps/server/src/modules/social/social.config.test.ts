import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';

describe('social login configuration (environment)', () => {
  it('defaults the issuers and the public URL, and reads the provider credentials', () => {
    const c = parseConfig({ PORT: '9090' }).social;
    expect(c.publicUrl).toBe('http://localhost:9090');
    expect(c.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: undefined,
      clientSecret: undefined,
    });
    expect(c.facebook.issuer).toBe('https://www.facebook.com');
    const set = parseConfig({
      PUBLIC_URL: 'https://bet.example.com',
      OIDC_GOOGLE_CLIENT_ID: 'gid',
      OIDC_GOOGLE_CLIENT_SECRET: 'gsecret',
      TELEGRAM_BOT_TOKEN: '123:abc_DEF-9',
      TELEGRAM_BOT_NAME: 'bet_bot',
    }).social;
    expect(set).toMatchObject({
      publicUrl: 'https://bet.example.com',
      google: { clientId: 'gid', clientSecret: 'gsecret' },
      telegram: { botToken: '123:abc_DEF-9', botName: 'bet_bot' },
    });
  });

  it('refuses a bad value in one line without printing a secret', () => {
    expect(() => parseConfig({ PUBLIC_URL: 'https://bet.example.com/path' })).toThrow(
      /PUBLIC_URL must be the site origin/,
    );
    expect(() => parseConfig({ TELEGRAM_BOT_TOKEN: 'not a token s3cr3t' })).toThrow(
      'config error: TELEGRAM_BOT_TOKEN must be a bot token (<id>:<secret>) (got "***")',
    );
    expect(() => parseConfig({ OIDC_GOOGLE_ISSUER: 'nope' })).toThrow(/OIDC_GOOGLE_ISSUER/);
  });
});
