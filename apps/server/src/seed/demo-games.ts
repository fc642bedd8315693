import type { GameType, WalletMode } from '@app/contracts';
import type { Db } from '../db/db.ts';
import { DEMO_WALLET_VENDORS } from './demo-wallets.ts';

/**
 * The demo game catalogue (issue 5): 41 vendors across every game type and 10,000 slot games, all
 * generated deterministically from word lists, so tests and the lobby can name games. Idempotent:
 * rows the merchant already has (by vendor code, game code, room name) are left as they are.
 */

export interface VendorSeed {
  code: string;
  name: string;
  gameType: GameType;
  status?: 'maintenance';
  hot?: boolean;
}

const WALLET_CODES = new Set<string>(DEMO_WALLET_VENDORS.map((v) => v.code));

/** In menu order. The four wallet vendors of issue 4 (PG, JILI, EVO, SABA) are the transfer ones. */
export const DEMO_VENDORS: readonly VendorSeed[] = [
  // RNG (slots): more than 6, so the header's slot menu uses its wide layout (spec §2).
  { code: 'PG', name: 'PG Soft', gameType: 'RNG', hot: true },
  { code: 'JILI', name: 'JILI', gameType: 'RNG', hot: true },
  { code: 'LOTUS', name: 'Lotus Reels', gameType: 'RNG', hot: true },
  { code: 'TIGER', name: 'Golden Tiger', gameType: 'RNG' },
  { code: 'NOVA', name: 'Nova Spin', gameType: 'RNG' },
  { code: 'RUBY', name: 'Ruby Play', gameType: 'RNG' },
  { code: 'ORCA', name: 'Orca Games', gameType: 'RNG' },
  { code: 'JADE', name: 'Jade Studio', gameType: 'RNG' },
  { code: 'SUN', name: 'Sun Slots', gameType: 'RNG' },
  { code: 'MOON', name: 'Moonlight Gaming', gameType: 'RNG' },
  { code: 'ZEN', name: 'Zen Reels', gameType: 'RNG' },
  { code: 'APEX', name: 'Apex Slots', gameType: 'RNG' },
  { code: 'MEGA', name: 'Mega Fortune', gameType: 'RNG' },
  // LIVE: one vendor under maintenance (the game-maintenance page).
  { code: 'EVO', name: 'Evolution', gameType: 'LIVE', hot: true },
  { code: 'ROYAL', name: 'Royal Live', gameType: 'LIVE' },
  { code: 'DIAMOND', name: 'Diamond Live', gameType: 'LIVE' },
  { code: 'PEARL', name: 'Pearl Casino', gameType: 'LIVE' },
  { code: 'GLORY', name: 'Glory Casino', gameType: 'LIVE' },
  { code: 'ASIA', name: 'Asia Live', gameType: 'LIVE', status: 'maintenance' },
  // SPORTS
  { code: 'SABA', name: 'SABA', gameType: 'SPORTS', hot: true },
  { code: 'ARENA', name: 'Arena Sports', gameType: 'SPORTS' },
  { code: 'GOAL', name: 'Goal Sportsbook', gameType: 'SPORTS' },
  { code: 'PITCH', name: 'Pitch Bet', gameType: 'SPORTS' },
  // ESPORTS
  { code: 'PIXEL', name: 'Pixel Esports', gameType: 'ESPORTS', hot: true },
  { code: 'NEXUS', name: 'Nexus Esports', gameType: 'ESPORTS' },
  { code: 'RIFT', name: 'Rift Gaming', gameType: 'ESPORTS' },
  // FISH
  { code: 'REEF', name: 'Reef Hunter', gameType: 'FISH', hot: true },
  { code: 'KRAKEN', name: 'Kraken Fishing', gameType: 'FISH' },
  { code: 'CORAL', name: 'Coral Shooter', gameType: 'FISH' },
  { code: 'TIDE', name: 'Tide Games', gameType: 'FISH' },
  // PVP card rooms; KINGS has one VASSALAGE entry with sub-games (spec §3 popup list).
  { code: 'NIU', name: 'Niu-Niu House', gameType: 'PVP', hot: true },
  { code: 'TEEN', name: 'Teen Patti Club', gameType: 'PVP' },
  { code: 'CARD', name: 'Card Kings', gameType: 'PVP' },
  { code: 'KINGS', name: "King's Table", gameType: 'PVP' },
  // LOTT: TCG_SEA and GPI special entries (spec §4), ordinary lottery games with code and play type.
  { code: 'LOTTO', name: 'Lucky Lotto', gameType: 'LOTT', hot: true },
  { code: 'TCG', name: 'TCG Lottery', gameType: 'LOTT' },
  { code: 'GPI', name: 'GPI Lottery', gameType: 'LOTT' },
  { code: 'KENO', name: 'ZY Lottery', gameType: 'LOTT' },
  // ELOTT
  { code: 'VNL', name: 'VN Lottery', gameType: 'ELOTT', hot: true },
  { code: 'XOSO', name: 'Xo So Live', gameType: 'ELOTT' },
  { code: 'ELOTTO', name: 'E-Lotto', gameType: 'ELOTT' },
];

export const walletModeOf = (code: string): WalletMode => (WALLET_CODES.has(code) ? 'transfer' : 'seamless');

export const SLOT_VENDORS = DEMO_VENDORS.filter((v) => v.gameType === 'RNG').map((v) => v.code);
export const SLOT_FAMILIES = ['fruits', 'gems', 'dragon', 'pharaoh', 'ocean', 'jungle'] as const;
export type SlotFamily = (typeof SLOT_FAMILIES)[number];
export const SLOT_COUNT = 10_000;

/** Two theme word lists per family (10 × 10 = 100 pairs each). */
const THEMES: Record<SlotFamily, { first: string[]; second: string[] }> = {
  fruits: {
    first: ['Juicy', 'Sweet', 'Frozen', 'Tropical', 'Sunny', 'Sizzling', 'Lucky', 'Wild', 'Candy', 'Berry'],
    second: [
      'Cherries',
      'Melons',
      'Lemons',
      'Grapes',
      'Plums',
      'Oranges',
      'Bananas',
      'Mangoes',
      'Kiwis',
      'Peaches',
    ],
  },
  gems: {
    first: [
      'Crystal',
      'Shining',
      'Royal',
      'Sparkling',
      'Hidden',
      'Starlit',
      'Radiant',
      'Velvet',
      'Emperor',
      'Glacier',
    ],
    second: [
      'Diamonds',
      'Rubies',
      'Emeralds',
      'Sapphires',
      'Jewels',
      'Opals',
      'Pearls',
      'Topaz',
      'Amethyst',
      'Crowns',
    ],
  },
  dragon: {
    first: [
      'Dragon',
      'Jade',
      'Phoenix',
      'Imperial',
      'Thunder',
      'Mystic',
      'Golden',
      'Celestial',
      'Blazing',
      'Shadow',
    ],
    second: [
      'Fortune',
      'Pearl',
      'Temple',
      'Dynasty',
      'Lantern',
      'Legend',
      'Warrior',
      'Palace',
      'Scroll',
      'Tiger',
    ],
  },
  pharaoh: {
    first: [
      'Pharaoh',
      'Desert',
      'Sacred',
      'Ancient',
      'Sunken',
      'Eternal',
      'Cursed',
      'Nile',
      'Sphinx',
      'Scarab',
    ],
    second: ['Treasure', 'Tomb', 'Secrets', 'Riches', 'Gold', 'Pyramid', 'Oasis', 'Queen', 'Relics', 'Sands'],
  },
  ocean: {
    first: ['Ocean', 'Coral', 'Deep', 'Mermaid', 'Pirate', 'Tidal', 'Lagoon', 'Storm', 'Azure', 'Captain'],
    second: [
      'Treasures',
      'Reef',
      'Voyage',
      'Waves',
      'Shells',
      'Bounty',
      'Kraken',
      'Harbour',
      'Anchors',
      'Dolphins',
    ],
  },
  jungle: {
    first: [
      'Jungle',
      'Safari',
      'Savage',
      'Emerald',
      'Roaring',
      'Tribal',
      'Amazon',
      'Wild',
      'Golden',
      'Rainforest',
    ],
    second: ['King', 'Spirits', 'Drums', 'Panther', 'Gorilla', 'Totems', 'Quest', 'Idol', 'Parrots', 'Rhino'],
  },
};
/** The suffix makes 100 pairs × 17 = 1,700 names per family, 10,200 in all (10,000 used). */
const SUFFIXES = [
  '',
  'Deluxe',
  'Megaways',
  'Rush',
  'Bonanza',
  'Link',
  'Frenzy',
  'Blitz',
  'Riches',
  'Hold & Win',
  'Xmas',
  'Power',
  'Gold',
  'Jackpot',
  'Reloaded',
  'Spins',
  'Party',
];
const TAG_WORDS = ['new', 'jackpot', 'megaways', 'bonus-buy', 'free-spins', 'classic', 'high-volatility'];

export interface SlotSeed {
  code: string;
  name: string;
  vassalage: string;
  family: SlotFamily;
  tags: string[];
  hot: boolean;
  maintenance: boolean;
}

/** Slot i (0-based): every field a function of i alone, so any slot can be named without the database. */
export function slotSeed(i: number): SlotSeed {
  const family = SLOT_FAMILIES[i % 6] as SlotFamily;
  const k = Math.floor(i / 6); // 0 … 1,699 within the family
  const pair = k % 100;
  const suffix = SUFFIXES[Math.floor(k / 100)] ?? '';
  const theme = THEMES[family];
  // A stride coprime to 10 spreads consecutive slots over the first words.
  const first = theme.first[(pair * 3) % 10] as string;
  const second = theme.second[Math.floor(pair / 10)] as string;
  const name = suffix ? `${first} ${second} ${suffix}` : `${first} ${second}`;
  const vassalage = SLOT_VENDORS[(i * 7 + Math.floor(i / 13)) % SLOT_VENDORS.length] as string;
  const tags: string[] = [];
  if (i % 17 === 3) tags.push('new');
  if (suffix === 'Jackpot' || i % 23 === 5) tags.push('jackpot');
  if (suffix === 'Megaways') tags.push('megaways');
  if (tags.length < 3 && i % 11 === 7) tags.push(TAG_WORDS[3 + (i % 4)] as string);
  return {
    code: `${vassalage}_S${String(i + 1).padStart(5, '0')}`,
    name,
    vassalage,
    family,
    tags: tags.slice(0, 3),
    hot: i % 37 === 0,
    maintenance: i === MAINTENANCE_SLOT_INDEX,
  };
}
const MAINTENANCE_SLOT_INDEX = 1;

interface OtherGameSeed {
  code: string;
  name: string;
  vassalage: string;
  isGame?: 'VASSALAGE';
  parent?: string;
  defaultPlayType?: string;
  accountTypeName?: 'TCG_SEA' | 'GPI';
  hot?: boolean;
}

const LIVE_TABLES = ['Baccarat', 'Speed Baccarat', 'Dragon Tiger', 'Roulette', 'Sic Bo'];
const FISH_GAMES = ['Ocean King', 'Fishing Frenzy', 'Dragon Fishing'];

/** Every game that is not a generated slot: a handful per vendor. */
export function otherGames(): OtherGameSeed[] {
  const out: OtherGameSeed[] = [];
  const slug = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  for (const v of DEMO_VENDORS) {
    const add = (name: string, extra: Partial<OtherGameSeed> = {}) =>
      out.push({ code: `${v.code}_${slug(name)}`, name: `${v.name} ${name}`, vassalage: v.code, ...extra });
    switch (v.gameType) {
      case 'LIVE':
        LIVE_TABLES.forEach((t, i) => add(t, { hot: i === 0 }));
        break;
      case 'SPORTS':
        add('Sportsbook', { hot: true });
        add('Virtual Football');
        break;
      case 'ESPORTS':
        add('Esports Arena', { hot: true });
        add('League Live');
        break;
      case 'FISH':
        FISH_GAMES.forEach((t, i) => add(t, { hot: i === 0 }));
        break;
      case 'PVP':
        if (v.code === 'KINGS') {
          add('Lobby', { isGame: 'VASSALAGE', hot: true });
          for (const t of ['Blackjack', 'Pai Gow', 'Sam Gong', 'Pusoy'])
            add(t, { parent: `${v.code}_LOBBY` });
        } else if (v.code === 'NIU') {
          add('Niu-Niu', { hot: true });
          add('Bull Fight');
        } else if (v.code === 'TEEN') {
          add('Teen Patti', { hot: true });
          add('Andar Bahar');
        } else {
          add('Niu-Niu');
          add('Teen Patti');
          add("Texas Hold'em");
        }
        break;
      case 'LOTT':
        if (v.code === 'TCG') add('SEA Lottery', { accountTypeName: 'TCG_SEA', hot: true });
        else if (v.code === 'GPI') add('Keno Express', { accountTypeName: 'GPI' });
        else if (v.code === 'LOTTO') {
          // Our own lotteries (issue 7, demo-lottery.ts links them): digit games, straight by default.
          add('Lucky 5D', { defaultPlayType: 'STRAIGHT_1', hot: true });
          add('Lucky 3D', { defaultPlayType: 'STRAIGHT_1' });
          add('Daily 5D', { defaultPlayType: 'STRAIGHT_1' });
        } else {
          add('5D', { defaultPlayType: 'STRAIGHT_1' });
          add('3D', { defaultPlayType: 'STRAIGHT_1' });
        }
        break;
      case 'ELOTT':
        if (v.code === 'ELOTTO') {
          add('5D', { defaultPlayType: 'STRAIGHT_1', hot: true });
          add('3D', { defaultPlayType: 'STRAIGHT_1' });
        } else for (const t of ['Mien Bac', 'Mien Nam', 'Mien Trung']) add(t, { defaultPlayType: 'LO_2D' });
        break;
      default:
        break;
    }
  }
  return out;
}

/** Games tests name (codes are stable; ids are read from the database by code). */
export const DEMO_GAMES = {
  /** The first generated slot. */
  slot: { code: slotSeed(0).code, name: slotSeed(0).name, vassalage: slotSeed(0).vassalage },
  /** A slot under maintenance (its vendor is active). */
  maintenanceSlot: {
    code: slotSeed(MAINTENANCE_SLOT_INDEX).code,
    name: slotSeed(MAINTENANCE_SLOT_INDEX).name,
  },
  /** A live table of Evolution (transfer wallet). */
  live: { code: 'EVO_BACCARAT', name: 'Evolution Baccarat', vassalage: 'EVO' },
  /** A live table of the vendor under maintenance. */
  maintenanceLive: { code: 'ASIA_BACCARAT', name: 'Asia Live Baccarat', vassalage: 'ASIA' },
  sports: { code: 'SABA_SPORTSBOOK', name: 'SABA Sportsbook', vassalage: 'SABA' },
  fish: { code: 'REEF_OCEAN_KING', name: 'Reef Hunter Ocean King', vassalage: 'REEF' },
  tcgSea: { code: 'TCG_SEA_LOTTERY', name: 'TCG Lottery SEA Lottery', vassalage: 'TCG' },
  gpi: { code: 'GPI_KENO_EXPRESS', name: 'GPI Lottery Keno Express', vassalage: 'GPI' },
  lottery: {
    code: 'LOTTO_LUCKY_5D',
    name: 'Lucky Lotto Lucky 5D',
    defaultPlayType: 'STRAIGHT_1',
    vassalage: 'LOTTO',
  },
  vassalageEntry: { code: 'KINGS_LOBBY', name: "King's Table Lobby", vassalage: 'KINGS' },
  niuNiu: { code: 'NIU_NIU_NIU', name: 'Niu-Niu House Niu-Niu', vassalage: 'NIU' },
  teenPatti: { code: 'TEEN_TEEN_PATTI', name: 'Teen Patti Club Teen Patti', vassalage: 'TEEN' },
} as const;

/** PVP rooms of the card games (stakes in minor units; 6 seats). */
const ROOM_STAKES = [
  { label: 'Beginner', stake: 10_000 },
  { label: 'Classic', stake: 50_000 },
  { label: 'Pro', stake: 200_000 },
  { label: 'VIP', stake: 1_000_000 },
];
const PVP_ROOM_GAMES = ['NIU_NIU_NIU', 'TEEN_TEEN_PATTI', 'CARD_NIU_NIU', 'CARD_TEEN_PATTI'];

const GAME_TYPE_OF = new Map(DEMO_VENDORS.map((v) => [v.code, v.gameType]));
const TRIAL_TYPES = new Set<GameType>(['RNG', 'FISH']);

/** Inserts the catalogue in a few bulk statements (unnest of arrays): well under a second on PGlite. */
export async function seedDemoGames(db: Db, merchantId: number): Promise<void> {
  await db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed-games:' || current_schema()))`);
    const [have] = await tx.query<{ n: string }>('select count(*) as n from games where merchant_id = $1', [
      merchantId,
    ]);
    await tx.query(
      `insert into game_vendors (merchant_id, code, name, game_type, account_type_id, wallet_mode, status, is_hot, sort)
       select $1, v.code, v.name, v.game_type, v.ord, v.wallet_mode, v.status, v.hot, v.ord * 10
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[])
              with ordinality as v(code, name, game_type, wallet_mode, status, hot, ord)
       on conflict do nothing`,
      [
        merchantId,
        DEMO_VENDORS.map((v) => v.code),
        DEMO_VENDORS.map((v) => v.name),
        DEMO_VENDORS.map((v) => v.gameType),
        DEMO_VENDORS.map((v) => walletModeOf(v.code)),
        DEMO_VENDORS.map((v) => v.status ?? 'active'),
        DEMO_VENDORS.map((v) => v.hot ?? false),
      ],
    );
    // 10,000 slots at once; skipped as a whole once they exist (a restart costs one count).
    if (Number(have?.n ?? 0) < SLOT_COUNT) {
      const slots = Array.from({ length: SLOT_COUNT }, (_, i) => slotSeed(i));
      await tx.query(
        `insert into games (merchant_id, code, name, vassalage, game_type, family, tags, is_hot, status, trial, sort)
         select $1, s.code, s.name, s.vassalage, 'RNG', s.family,
                case when s.tags = '' then '{}'::text[] else string_to_array(s.tags, ',') end,
                s.hot, s.status, true, s.ord
           from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::text[])
                with ordinality as s(code, name, vassalage, family, tags, hot, status, ord)
         on conflict do nothing`,
        [
          merchantId,
          slots.map((s) => s.code),
          slots.map((s) => s.name),
          slots.map((s) => s.vassalage),
          slots.map((s) => s.family),
          slots.map((s) => s.tags.join(',')),
          slots.map((s) => s.hot),
          slots.map((s) => (s.maintenance ? 'maintenance' : 'active')),
        ],
      );
    }
    const others = otherGames();
    const top = others.filter((g) => !g.parent);
    const subs = others.filter((g) => g.parent);
    for (const batch of [top, subs]) {
      await tx.query(
        `insert into games (merchant_id, code, name, vassalage, game_type, is_game, parent_id, default_play_type,
                            account_type_name, is_hot, trial, sort)
         select $1, g.code, g.name, g.vassalage, g.game_type, g.is_game,
                (select p.id from games p where p.merchant_id = $1 and p.code = nullif(g.parent, '')),
                nullif(g.play_type, ''), nullif(g.account_type_name, ''), g.hot, g.trial, g.ord
           from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                       $9::text[], $10::boolean[], $11::boolean[])
                with ordinality as g(code, name, vassalage, game_type, is_game, parent, play_type,
                                     account_type_name, hot, trial, ord)
         on conflict do nothing`,
        [
          merchantId,
          batch.map((g) => g.code),
          batch.map((g) => g.name),
          batch.map((g) => g.vassalage),
          batch.map((g) => GAME_TYPE_OF.get(g.vassalage) as GameType),
          batch.map((g) => g.isGame ?? 'GAME'),
          batch.map((g) => g.parent ?? ''),
          batch.map((g) => g.defaultPlayType ?? ''),
          batch.map((g) => g.accountTypeName ?? ''),
          batch.map((g) => g.hot ?? false),
          batch.map((g) => TRIAL_TYPES.has(GAME_TYPE_OF.get(g.vassalage) as GameType)),
        ],
      );
    }
    const rooms = PVP_ROOM_GAMES.flatMap((code, gi) =>
      ROOM_STAKES.map((r, ri) => {
        const taken = (gi * 5 + ri * 2) % 7; // 0 … 6 of 6 seats: some rooms full
        return { code, name: `${r.label} ${ri + 1}`, stake: r.stake, taken: Math.min(taken, 6) };
      }),
    );
    await tx.query(
      `insert into pvp_rooms (merchant_id, game_id, name, stake, min_balance, seats, seats_taken, status)
       select $1, g.id, r.name, r.stake, r.stake * 20, 6, r.taken, case when r.taken >= 6 then 'full' else 'open' end
         from unnest($2::text[], $3::text[], $4::bigint[], $5::int[]) as r(code, name, stake, taken)
         join games g on g.merchant_id = $1 and g.code = r.code
       on conflict do nothing`,
      [
        merchantId,
        rooms.map((r) => r.code),
        rooms.map((r) => r.name),
        rooms.map((r) => r.stake),
        rooms.map((r) => r.taken),
      ],
    );
  });
}
