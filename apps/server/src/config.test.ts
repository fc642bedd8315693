import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, REPO_ROOT, redactUrl } from './config.ts';

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('has working defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      docs: true,
      trustProxy: [],
    });
    expect(c.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(c.webDist).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const c = parseConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1',
      ENABLE_DOCS: '1',
      WEB_DIST: '/srv/web',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/app',
      nodeEnv: 'production',
      logLevel: 'warn',
      trustProxy: ['10.0.0.1', '192.168.0.0/16', '::1'],
      docs: true,
      webDist: '/srv/web',
      webDistExists: false,
    });
  });

  it('finds the client’s server-render build beside WEB_DIST, or takes WEB_SSR; off turns it off', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ssr-conf-'));
    mkdirSync(path.join(dir, 'dist-ssr'));
    writeFileSync(path.join(dir, 'dist-ssr/entry-server.mjs'), 'export {}');
    try {
      const found = path.join(dir, 'dist-ssr/entry-server.mjs');
      expect(parseConfig({ WEB_DIST: path.join(dir, 'dist') }).webSsr).toBe(found);
      expect(parseConfig({ WEB_SSR: path.join(dir, 'dist-ssr') }).webSsr).toBe(found);
      expect(parseConfig({ WEB_DIST: path.join(dir, 'dist'), WEB_SSR: 'off' }).webSsr).toBeNull();
      expect(parseConfig({ WEB_DIST: '/srv/web' }).webSsr).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('turns docs off in production unless ENABLE_DOCS', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).docs).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', ENABLE_DOCS: 'true' }).docs).toBe(true);
  });

  it('refuses bad values with one clear line', () => {
    expect(errorOf({ PORT: 'abc' })).toBe('config error: PORT must be an integer 1-65535 (got "abc")');
    expect(errorOf({ PORT: '70000' })).toBe('config error: PORT must be an integer 1-65535 (got "70000")');
    expect(errorOf({ PORT: '0' })).toContain('PORT must be an integer 1-65535');
    expect(errorOf({ NODE_ENV: 'prod' })).toBe(
      'config error: NODE_ENV must be one of development, production, test (got "prod")',
    );
    expect(errorOf({ TRUST_PROXY: '10.0.0.1,not-an-ip' })).toContain(
      'TRUST_PROXY must be a comma-separated list',
    );
    expect(errorOf({ TRUST_PROXY: '10.0.0.0/33' })).toContain('TRUST_PROXY');
    expect(errorOf({ TRUST_PROXY: '::ffff:10.0.0.0/8' })).toContain('TRUST_PROXY');
    expect(parseConfig({ TRUST_PROXY: '::ffff:10.0.0.0/104' }).trustProxy).toEqual(['::ffff:10.0.0.0/104']);
    expect(errorOf({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL must be one of');
    expect(errorOf({ ENABLE_DOCS: 'maybe' })).toContain('ENABLE_DOCS must be 1 or 0');
    for (const env of [{ PORT: 'abc' }, { TRUST_PROXY: 'x' }]) expect(errorOf(env)).not.toContain('\n');
  });

  it('never prints a password from DATABASE_URL', () => {
    const msg = errorOf({ DATABASE_URL: 'mysql://admin:hunter2@db/app' });
    expect(msg).toContain('DATABASE_URL must be a postgres://');
    expect(msg).not.toContain('hunter2');
    expect(redactUrl('postgres://admin:hunter2@db:5432/app')).toBe('postgres://admin:***@db:5432/app');
  });
});
