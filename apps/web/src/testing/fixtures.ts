import {
  ERROR_STATUS,
  GAMES_NODE,
  GAME_TYPES,
  FLAG_IDS,
  REGISTER_FIELDS,
  endpoints,
  envelope,
  errorEnvelopeSchema,
  gameNodeId,
  type Endpoint,
  type ErrorCode,
  type FlagId,
  type GameType,
  decryptPayload,
  loginResultSchema,
  securePayloadSchema,
  sessionEndpoints,
  toBase64,
  type HelpCategory,
  type LoginResult,
  type MemberInfo,
  type Permission,
  type ResponseOf,
  type StatusInfo,
  type WhitelabelNode,
} from '@app/contracts';

/** A whitelabel tree with the given flags and game types on (everything else present but off). */
export function whitelabelTree(
  on: readonly FlagId[] = [],
  games: readonly GameType[] = GAME_TYPES,
): WhitelabelNode[] {
  return [
    ...FLAG_IDS.map((id): WhitelabelNode => ({
      modId: id,
      enabled: on.includes(id) ? '1' : '0',
      childrenNodes: [],
    })),
    {
      modId: GAMES_NODE,
      enabled: '1',
      childrenNodes: GAME_TYPES.map((t): WhitelabelNode => ({
        modId: gameNodeId(t),
        enabled: games.includes(t) ? '1' : '0',
        childrenNodes: [],
      })),
    },
  ];
}

/** Status info validated by the real contract schema, so a fixture can never drift from it. */
export function statusFixture(
  overrides: Partial<StatusInfo> & { flagsOn?: FlagId[]; games?: GameType[] } = {},
): StatusInfo {
  const { flagsOn, games, ...rest } = overrides;
  return endpoints.status.response.parse({
    merchant: {
      merchantCode: 'DEMO',
      brand: 'LuckyStar',
      currency: 'MMK',
      currencyScale: 100,
      copyright: '© 2025 LuckyStar. All rights reserved.',
      licence: 'Licensed by the LuckyStar Gaming Authority, licence no. 123.',
    },
    whitelabel: whitelabelTree(flagsOn, games),
    register: Object.fromEntries(
      REGISTER_FIELDS.map((f) => [
        f,
        { enabled: true, required: true, minLength: 4, maxLength: 16, acceptedPattern: '*', patternId: 1 },
      ]),
    ),
    resources: {
      android: { resourceType: 'ANDROID', url: 'https://dl.example.test/app.apk', qrCodeUrl: null },
    },
    customerService: [
      { title: 'Live chat 24/7', kind: 'livechat', url: 'https://chat.example.test/standard' },
      { title: 'VIP desk', kind: 'livechat', url: 'https://chat.example.test/vip' },
    ],
    imageCDNs: [],
    launchGameCDNs: [],
    ...rest,
  });
}

export function permissionFixture(overrides: Partial<Permission> = {}): Permission {
  return endpoints.permission.response.parse({
    maintenance: false,
    regionRestriction: false,
    ipBlocked: false,
    country: 'MM',
    ...overrides,
  });
}

export const helpFixture: HelpCategory[] = endpoints.helpCenter.response.parse([
  {
    id: 1,
    title: 'Getting started',
    articles: [
      {
        id: 11,
        title: 'How to register',
        content: '<p>Open <b>Register</b>.</p><script>window.hacked = true</script>',
      },
      { id: 12, title: 'How to deposit', content: '<p>Choose a channel.</p>' },
    ],
  },
]);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

/** A success envelope whose value passed the endpoint's real response schema. */
export function ok<E extends Endpoint>(endpoint: E, value: ResponseOf<E>): Response {
  return json(envelope(endpoint.response).parse({ success: true, value }));
}

/** A failure envelope with the honest status of its code (and the optional value / field errors). */
export function fail(
  code: ErrorCode,
  message?: string,
  extra: { value?: unknown; fields?: Record<string, string> } = {},
): Response {
  return json(errorEnvelopeSchema.parse({ success: false, code, message, ...extra }), ERROR_STATUS[code]);
}

/** Member info validated by the real contract schema. */
export function memberFixture(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return sessionEndpoints.memberInfo.response.parse({
    id: 7,
    account: 'demo01',
    nickname: null,
    type: 3,
    toUpline: false,
    clubLabel: null,
    memberLabel: [{ labelName: 'VIP1' }],
    language: 'EN',
    mobile: null,
    email: null,
    hasPaymentPassword: false,
    totpEnabled: false,
    previousLogin: { time: '2026-11-20T10:00:00.000Z', ip: '203.0.113.9' },
    ...overrides,
  });
}

export function loginResultFixture(overrides: Partial<LoginResult> = {}): LoginResult {
  return loginResultSchema.parse({
    token: 'tok-123',
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    expiresAt: '2026-11-22T12:00:00.000Z',
    ...overrides,
  });
}

/** Starts a test logged in: token and account in session storage, member info answered. */
export function loggedInHandlers(
  member: Partial<MemberInfo> = {},
  site: Parameters<typeof siteHandlers>[0] = {},
): Record<string, Handler> {
  const m = memberFixture(member);
  window.sessionStorage.setItem('token', 'tok-live');
  window.sessionStorage.setItem('account', m.account);
  return {
    ...siteHandlers(site),
    [sessionEndpoints.memberInfo.path]: () => ok(sessionEndpoints.memberInfo, m),
  };
}

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces fetch with handlers by path; unknown paths answer 404 in the envelope. */
export function mockServer(handlers: Record<string, Handler>) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const handler = handlers[url.pathname];
    return handler ? handler(url, init) : fail('NOT_FOUND');
  };
  return { fetchMock, calls };
}

/** The default healthy site: permission fine, status, help centre. */
export function siteHandlers(
  opts: { permission?: Partial<Permission>; status?: Parameters<typeof statusFixture>[0] } = {},
): Record<string, Handler> {
  return {
    [endpoints.permission.path]: () => ok(endpoints.permission, permissionFixture(opts.permission)),
    [endpoints.status.path]: () => ok(endpoints.status, statusFixture(opts.status)),
    [endpoints.helpCenter.path]: () => ok(endpoints.helpCenter, helpFixture),
  };
}

/**
 * A real one-time-key endpoint for encrypted calls: an RSA-OAEP-256 key pair made for the test,
 * so a handler can open what the client sealed (`open(init)` answers the decrypted data).
 */
export async function payloadKeyServer() {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  const spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
  let n = 0;
  return {
    handler: (() =>
      ok(sessionEndpoints.payloadKey, { keyId: 'test', publicKey: spki, nonce: `n${++n}` })) as Handler,
    open: async (init: RequestInit | undefined): Promise<Record<string, unknown>> => {
      const sealed = securePayloadSchema.parse(JSON.parse(String(init?.body)));
      return (await decryptPayload(pair.privateKey, sealed)).data as Record<string, unknown>;
    },
  };
}
