import { z } from 'zod/mini';

/** Spec §3: whitelabel settings are a tree of nodes; enabled '1' is on. */
export interface WhitelabelNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
}
export const whitelabelNodeSchema: z.ZodMiniType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.enum(['1', '0']),
    childrenNodes: z.array(whitelabelNodeSchema),
  }),
);

/**
 * Every feature flag of spec §1, the agent-centre flags of spec §2 (enableCt, salary,
 * hourSalary), the login-required brand guard of spec §2, and one node per game type that the
 * header navigation shows. The seed creates all of them; `flags()` below reads any tree into a
 * complete map, so a missing node reads as off.
 */
export const FLAG_IDS = [
  'mobileRegister',
  'smsVerification',
  'mobilePasswordRegister',
  'usernameRegister',
  'freePlay',
  'forcePasswordExpiry',
  'verificationCodeLogin',
  'smsLogin',
  'phonePasswordRecovery',
  'registerMobileVerification',
  'directRegister',
  'affiliateCode',
  'countryCodeDisplay',
  'socialGoogle',
  'socialFacebook',
  'socialTelegram',
  'newIpVerification',
  'loginRequired',
  'enableCt',
  'salary',
  'hourSalary',
  'vipService',
] as const;
export type FlagId = (typeof FLAG_IDS)[number];

/** Game types of the top navigation (spec §2). */
export const GAME_TYPES = ['LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const gameTypeSchema = z.enum(GAME_TYPES);

/** Node ids of the game-type subtree: `games` with one child `game.<TYPE>` per type. */
export const GAMES_NODE = 'games';
export const gameNodeId = (t: GameType) => `game.${t}`;

export type Flags = Record<FlagId, boolean>;

function walk(
  nodes: readonly WhitelabelNode[],
  visit: (n: WhitelabelNode, parentOn: boolean) => void,
  parentOn = true,
) {
  for (const n of nodes) {
    visit(n, parentOn);
    walk(n.childrenNodes, visit, parentOn && n.enabled === '1');
  }
}

/** A node is on when it and every ancestor are enabled. */
export function enabledIds(tree: readonly WhitelabelNode[]): Set<string> {
  const on = new Set<string>();
  walk(tree, (n, parentOn) => {
    if (parentOn && n.enabled === '1') on.add(n.modId);
  });
  return on;
}

export function flags(tree: readonly WhitelabelNode[]): Flags {
  const on = enabledIds(tree);
  return Object.fromEntries(FLAG_IDS.map((id) => [id, on.has(id)])) as Flags;
}

export function enabledGameTypes(tree: readonly WhitelabelNode[]): GameType[] {
  const on = enabledIds(tree);
  return GAME_TYPES.filter((t) => on.has(gameNodeId(t)));
}
