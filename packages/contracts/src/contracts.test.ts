import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cashierEndpoints,
  gameCatalogueEndpoints,
  gamePlayEndpoints,
  catalogueFor,
  COMPLETE_LANGUAGES,
  DEFAULT_LANGUAGE,
  enabledGameTypes,
  endpointList,
  endpoints,
  envelope,
  ERROR_CODES,
  ERROR_MESSAGE_KEYS,
  ERROR_STATUS,
  FLAG_IDS,
  flags,
  LANGUAGE_CODES,
  passwordSchema,
  recordsEndpoints,
  registerPayloadSchema,
  securityEndpoints,
  sessionEndpoints,
  studioBaccaratEndpoints,
  studioFishEndpoints,
  studioPvpEndpoints,
  lotteryEndpoints,
  agentEndpoints,
  contractEndpoints,
  pointsEndpoints,
  contentEndpoints,
  rewardEndpoints,
  promotionEndpoints,
  announcementEndpoints,
  protectionEndpoints,
  studioSportsEndpoints,
  systemEndpoints,
  SWITCHER_LANGUAGES,
  walletEndpoints,
  type WhitelabelNode,
} from './index.ts';

describe('envelope', () => {
  const schema = envelope(z.object({ n: z.number() }));
  it('accepts success with a value and failure with a code', () => {
    expect(schema.safeParse({ success: true, value: { n: 1 } }).success).toBe(true);
    expect(schema.safeParse({ success: false, code: 'NOT_FOUND', message: 'errors.not_found' }).success).toBe(
      true,
    );
  });
  it('rejects a value of the wrong shape and an unknown code', () => {
    expect(schema.safeParse({ success: true, value: { n: 'x' } }).success).toBe(false);
    expect(schema.safeParse({ success: false, code: 'TEAPOT' }).success).toBe(false);
  });
  it('maps every error code to an honest status and a message key', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_MESSAGE_KEYS[code]).toMatch(/^errors\./);
    }
  });
});

describe('endpoint table', () => {
  it('has unique ids and unique method+path pairs', () => {
    expect(new Set(endpointList.map((e) => e.id)).size).toBe(endpointList.length);
    expect(new Set(endpointList.map((e) => `${e.method} ${e.path}`)).size).toBe(endpointList.length);
  });
  it('keys the table by endpoint id', () => {
    for (const [key, e] of Object.entries(endpoints)) expect(e.id).toBe(key);
  });
  it('rejects unknown query fields on the system calls', () => {
    expect(endpoints.status.request.safeParse({ evil: 1 }).success).toBe(false);
    expect(endpoints.helpCenter.request.safeParse({ language: 'EN' }).success).toBe(true);
    expect(endpoints.helpCenter.request.safeParse({ language: 'XX' }).success).toBe(false);
  });
});

describe('languages', () => {
  it('defaults to Burmese and lists about 40 unique codes', () => {
    expect(DEFAULT_LANGUAGE).toBe('MY');
    expect(new Set(LANGUAGE_CODES).size).toBe(LANGUAGE_CODES.length);
    expect(LANGUAGE_CODES.length).toBeGreaterThanOrEqual(38);
    for (const c of ['CN', 'EN', 'JA', 'TH', 'VI', 'MY', 'KO', 'SW', 'TE'])
      expect(LANGUAGE_CODES).toContain(c);
  });
  it('offers the switcher languages of spec §1 and falls back to EN', () => {
    expect([...SWITCHER_LANGUAGES].sort()).toEqual(['CN', 'EN', 'JA', 'MY', 'TH', 'VI']);
    expect(catalogueFor('JA')).toBe('EN');
    for (const c of COMPLETE_LANGUAGES) expect(catalogueFor(c)).toBe(c);
  });
});

describe('whitelabel flags', () => {
  const node = (modId: string, enabled: '1' | '0', childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
    modId,
    enabled,
    childrenNodes,
  });

  it('reads a complete flag map; missing nodes are off', () => {
    const f = flags([node('freePlay', '1')]);
    expect(Object.keys(f).sort()).toEqual([...FLAG_IDS].sort());
    expect(f.freePlay).toBe(true);
    expect(f.smsLogin).toBe(false);
  });

  it('turns children off with their parent', () => {
    const tree = [
      node('login', '0', [node('smsLogin', '1')]),
      node('social', '1', [node('socialGoogle', '1')]),
    ];
    expect(flags(tree).smsLogin).toBe(false);
    expect(flags(tree).socialGoogle).toBe(true);
  });

  it('lists enabled game types in navigation order', () => {
    const tree = [
      node('games', '1', [node('game.RNG', '1'), node('game.LOTT', '1'), node('game.LIVE', '0')]),
    ];
    expect(enabledGameTypes(tree)).toEqual(['LOTT', 'RNG']);
    expect(enabledGameTypes([node('games', '0', [node('game.RNG', '1')])])).toEqual([]);
  });
});

describe('issue 3 tables', () => {
  const all = endpointList;
  it('joins every table (system, session, security, wallet, cashier, records, games, the studio tables) into the one table, without overlap', () => {
    const parts = [
      systemEndpoints,
      sessionEndpoints,
      securityEndpoints,
      walletEndpoints,
      cashierEndpoints,
      recordsEndpoints,
      gameCatalogueEndpoints,
      gamePlayEndpoints,
      studioBaccaratEndpoints,
      studioSportsEndpoints,
      studioFishEndpoints,
      studioPvpEndpoints,
      lotteryEndpoints,
      agentEndpoints,
      contractEndpoints,
      pointsEndpoints,
      // Issue 9 (content).
      contentEndpoints,
      rewardEndpoints,
      promotionEndpoints,
      announcementEndpoints,
      protectionEndpoints,
    ].flatMap((t) => Object.keys(t));
    expect(parts.length).toBe(all.length);
    expect(new Set(parts).size).toBe(all.length);
  });
  it('gives every encrypted call the shape of its decrypted payload', () => {
    for (const e of all) if (e.encrypted) expect(e.payload, e.id).toBeDefined();
  });
  it('refuses a registration without agreeing to the terms', () => {
    const base = { password: 'abc123', confirmPassword: 'abc123', registerMethod: 'WEB', login: true };
    expect(registerPayloadSchema.safeParse({ ...base, agree: true }).success).toBe(true);
    expect(registerPayloadSchema.safeParse({ ...base, agree: false }).success).toBe(false);
  });
  it('applies the password rule', () => {
    for (const ok of ['abc123', 'Demo2026!', 'A1b2C3d4E5f6G7h8I9j0'])
      expect(passwordSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['abc12', '123456', 'abcdef', 'abc 123', 'a1'.repeat(11)])
      expect(passwordSchema.safeParse(bad).success, bad).toBe(false);
  });
});
