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
  type HelpCategory,
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

/** A failure envelope with the honest status of its code. */
export function fail(code: ErrorCode, message?: string): Response {
  return json(errorEnvelopeSchema.parse({ success: false, code, message }), ERROR_STATUS[code]);
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
