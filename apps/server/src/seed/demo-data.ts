import {
  FLAG_IDS,
  GAME_TYPES,
  GAMES_NODE,
  PATTERN_KINDS,
  gameNodeId,
  type CustomerService,
  type FieldConfig,
  type FlagId,
  type RegisterField,
} from '@app/contracts';

/** The demo merchant (issue 2 §5). Kyat in minor units of 1/100 (pya). */
export const DEMO_MERCHANT = {
  code: 'DEMO',
  brand: 'Golden Lotus',
  currency: 'MMK',
  currencyScale: 100,
  // The year the merchant was seeded; operators edit the line like any other merchant data.
  copyright: `© ${new Date().getUTCFullYear()} Golden Lotus. All rights reserved.`,
  // Issue 10: an operator states its gaming licence here (the footer shows it); the demo has none.
  licence: 'Golden Lotus is a demonstration brand and holds no gaming licence.',
};

export interface TreeSeed {
  modId: string;
  enabled: boolean;
  children?: TreeSeed[];
}

const flag = (modId: FlagId, enabled: boolean): TreeSeed => ({ modId, enabled });

/**
 * The whitelabel tree: every FLAG_ID grouped by what it governs, and the game-type subtree.
 * Defaults make a demo site: registration by username or mobile with SMS, free play, agent
 * contracts on; social logins off (no provider keys); the login-required guard off.
 */
export const WHITELABEL_TREE: TreeSeed[] = [
  {
    modId: 'register',
    enabled: true,
    children: [
      flag('usernameRegister', true),
      flag('mobileRegister', true),
      flag('mobilePasswordRegister', false),
      flag('smsVerification', true),
      flag('registerMobileVerification', false),
      flag('directRegister', false),
      flag('affiliateCode', true),
      flag('countryCodeDisplay', true),
    ],
  },
  {
    modId: 'login',
    enabled: true,
    children: [
      flag('verificationCodeLogin', true),
      flag('smsLogin', true),
      flag('phonePasswordRecovery', true),
      flag('forcePasswordExpiry', true),
      flag('newIpVerification', false),
      flag('freePlay', true),
      flag('loginRequired', false),
    ],
  },
  {
    modId: 'social',
    enabled: true,
    children: [flag('socialGoogle', false), flag('socialFacebook', false), flag('socialTelegram', false)],
  },
  {
    modId: 'agent',
    enabled: true,
    children: [flag('enableCt', true), flag('salary', true), flag('hourSalary', true)],
  },
  { modId: 'service', enabled: true, children: [flag('vipService', false)] },
  {
    modId: GAMES_NODE,
    enabled: true,
    children: GAME_TYPES.map((t) => ({ modId: gameNodeId(t), enabled: true })),
  },
];

const pattern = (name: (typeof PATTERN_KINDS)[number]['name']) => {
  const kind = PATTERN_KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`unknown pattern ${name}`);
  // '*' means any characters (spec §3); otherwise the pattern's own expression.
  return { patternId: kind.id, acceptedPattern: kind.name === 'any' ? '*' : kind.re.source };
};

const field = (
  enabled: boolean,
  required: boolean,
  minLength: number,
  maxLength: number,
  p: ReturnType<typeof pattern>,
): FieldConfig => ({ enabled, required, minLength, maxLength, ...p });

/** Registration field config (spec §3/§5) for every REGISTER_FIELDS entry. */
export const REGISTER_CONFIG: Record<RegisterField, FieldConfig> = {
  username: field(true, true, 6, 16, pattern('letterFirstAlnum')),
  password: field(true, true, 6, 16, pattern('alnumNoChinese')),
  payeeName: field(true, false, 2, 50, pattern('any')),
  paymentPassword: field(false, true, 6, 6, pattern('digits')),
  qqNum: field(false, false, 5, 12, pattern('digits')),
  line: field(false, false, 1, 30, pattern('noSpaces')),
  whatsapp: field(false, false, 6, 15, pattern('digits')),
  facebook: field(false, false, 1, 50, pattern('noSpaces')),
  wechat: field(false, false, 1, 30, pattern('noSpaces')),
  idNumber: field(false, false, 6, 20, pattern('alnumNoChinese')),
  email: field(true, false, 6, 50, pattern('email')),
  mobileNum: field(true, false, 6, 15, pattern('digits')),
  affiliateCode: field(true, false, 4, 20, pattern('alnumNoChinese')),
  captcha: field(true, true, 4, 4, pattern('alnumNoChinese')),
  verificationCode: field(true, false, 4, 255, pattern('noSpaces')),
};

/** Status resources keyed by name; the download page of the client explains each. */
export const RESOURCES = [
  { key: 'appIos', resourceType: 'APP_IOS', url: '/down?platform=ios', qrCodeUrl: null },
  { key: 'appAndroid', resourceType: 'APP_ANDROID', url: '/down?platform=android', qrCodeUrl: null },
  { key: 'appLite', resourceType: 'APP_LITE', url: '/down?platform=lite', qrCodeUrl: null },
];

/** Two entries so the VIP variant (spec §2: second entry) has its own desk. */
export const CUSTOMER_SERVICES: CustomerService[] = [
  { title: 'Live chat', kind: 'livechat', url: '/dev/livechat?desk=main' },
  { title: 'VIP live chat', kind: 'livechat', url: '/dev/livechat?desk=vip' },
];

export const DOMAINS = ['localhost', '127.0.0.1'];

/** '/' means the site's own origin until an operator puts files behind a CDN (DESIGN §6). */
export const CDNS = [
  { kind: 'image', url: '/' },
  { kind: 'launchGame', url: '/' },
] as const;

/** Countries with dialing codes; Myanmar and its neighbours first. */
export const COUNTRIES: [code: string, dialing: string, name: string][] = [
  ['MM', '+95', 'Myanmar'],
  ['TH', '+66', 'Thailand'],
  ['VN', '+84', 'Vietnam'],
  ['CN', '+86', 'China'],
  ['LA', '+856', 'Laos'],
  ['KH', '+855', 'Cambodia'],
  ['MY', '+60', 'Malaysia'],
  ['SG', '+65', 'Singapore'],
  ['ID', '+62', 'Indonesia'],
  ['PH', '+63', 'Philippines'],
  ['IN', '+91', 'India'],
  ['BD', '+880', 'Bangladesh'],
  ['NP', '+977', 'Nepal'],
  ['LK', '+94', 'Sri Lanka'],
  ['PK', '+92', 'Pakistan'],
  ['HK', '+852', 'Hong Kong'],
  ['MO', '+853', 'Macao'],
  ['TW', '+886', 'Taiwan'],
  ['JP', '+81', 'Japan'],
  ['KR', '+82', 'South Korea'],
  ['MN', '+976', 'Mongolia'],
  ['AU', '+61', 'Australia'],
  ['NZ', '+64', 'New Zealand'],
  ['AE', '+971', 'United Arab Emirates'],
  ['SA', '+966', 'Saudi Arabia'],
  ['TR', '+90', 'Turkey'],
  ['RU', '+7', 'Russia'],
  ['GB', '+44', 'United Kingdom'],
  ['DE', '+49', 'Germany'],
  ['FR', '+33', 'France'],
  ['BR', '+55', 'Brazil'],
  ['US', '+1', 'United States'],
];

/**
 * A tiny address → country table so country region rules match something real. The ranges are
 * the documentation ranges of RFC 5737 / RFC 3849, which never appear on the public internet:
 * an operator replaces this table with a real geo-IP import, or sets a trusted proxy's
 * X-Country-Code header.
 */
export const IP_COUNTRIES: [range: string, country: string][] = [
  ['192.0.2.0/24', 'US'],
  ['198.51.100.0/24', 'SG'],
  ['203.0.113.0/24', 'MM'],
  ['2001:db8::/48', 'TH'],
  ['2001:db8:1::/48', 'VN'],
];

export const ALL_FLAG_IDS: readonly string[] = FLAG_IDS;
