import type { Game, GameStatus, GameType, GameVendor, PvpRoom, WalletMode } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

/**
 * SQL of the game catalogue (issue 5). Optional filters are added to the statement text only when
 * set: each combination is its own (prepared, on PostgreSQL) statement with its own plan, instead of
 * one `$n is null or …` text with a generic plan.
 */

export const gameThumbnailUrl = (id: number) => `/img/games/${id}.svg`;
export const vendorLogoUrl = (code: string) => `/img/vendors/${code}.svg`;

const GAME_COLUMNS = `g.id, g.code, g.name, g.vassalage, v.name as vendor_name, g.game_type, g.is_game,
  g.default_play_type, g.account_type_name, g.is_hot, g.tags, g.trial,
  case when g.status = 'maintenance' or v.status = 'maintenance' then 'maintenance' else 'active' end as status`;
const GAME_FROM = `games g join game_vendors v on v.merchant_id = g.merchant_id and v.code = g.vassalage`;

interface GameRow {
  id: number;
  code: string;
  name: string;
  vassalage: string;
  vendor_name: string;
  game_type: GameType;
  is_game: 'GAME' | 'VASSALAGE';
  default_play_type: string | null;
  account_type_name: string | null;
  is_hot: boolean;
  tags: string[];
  trial: boolean;
  status: GameStatus;
}

/** A game as the contract shows it; a game of a vendor under maintenance is under maintenance too. */
function toGame(r: GameRow): Game {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    vassalage: r.vassalage,
    vendorName: r.vendor_name,
    gameType: r.game_type,
    isGame: r.is_game,
    defaultPlayType: r.default_play_type,
    accountTypeName: r.account_type_name,
    isHot: r.is_hot,
    tags: r.tags,
    thumbnailUrl: gameThumbnailUrl(r.id),
    status: r.status,
    trial: r.trial,
  };
}

/** The catalogue's change counter (0008_create_games.sql: bumped by every write to games or vendors). */
export async function catalogueVersion(q: Queryable): Promise<number> {
  const [row] = await q.query<{ version: string }>('select version from catalogue_version');
  return Number(row?.version ?? 0);
}

export interface CatalogueRow {
  game: Game;
  /** Lower-case name and code (games.search). */
  search: string;
  parentId: number | null;
}

/** Every game of a merchant, in name order (the database's collation), with what the lobby filters on. */
export async function loadCatalogue(q: Queryable, merchantId: number): Promise<CatalogueRow[]> {
  const rows = await q.query<GameRow & { search: string; parent_id: number | null }>(
    `select ${GAME_COLUMNS}, g.search, g.parent_id from ${GAME_FROM}
      where g.merchant_id = $1 order by g.name, g.id`,
    [merchantId],
  );
  return rows.map((r) => ({ game: toGame(r), search: r.search, parentId: r.parent_id }));
}

export async function hotGames(
  q: Queryable,
  merchantId: number,
  gameType: GameType | undefined,
  limit: number,
): Promise<Game[]> {
  const rows = await q.query<GameRow>(
    `select ${GAME_COLUMNS} from ${GAME_FROM}
      where g.merchant_id = $1 and g.is_hot and g.parent_id is null${gameType ? ' and g.game_type = $3' : ''}
      order by g.sort, g.id limit $2`,
    gameType ? [merchantId, limit, gameType] : [merchantId, limit],
  );
  return rows.map(toGame);
}

export async function findGame(q: Queryable, merchantId: number, id: number): Promise<Game | null> {
  const [row] = await q.query<GameRow>(
    `select ${GAME_COLUMNS} from ${GAME_FROM} where g.merchant_id = $1 and g.id = $2`,
    [merchantId, id],
  );
  return row ? toGame(row) : null;
}

/** A member's own list of games (favourites or recent), newest first. */
async function memberGames(
  q: Queryable,
  list: { table: 'game_favourites' | 'game_recents'; at: 'created_at' | 'played_at' },
  memberId: string,
  merchantId: number,
  gameType: GameType | undefined,
  limit: number,
): Promise<Game[]> {
  const rows = await q.query<GameRow>(
    `select ${GAME_COLUMNS} from ${list.table} m join ${GAME_FROM} on g.id = m.game_id
      where m.member_id = $1 and g.merchant_id = $2${gameType ? ' and g.game_type = $4' : ''}
      order by m.${list.at} desc, g.id desc limit $3`,
    gameType ? [memberId, merchantId, limit, gameType] : [memberId, merchantId, limit],
  );
  return rows.map(toGame);
}

export function favouriteGames(
  q: Queryable,
  memberId: string,
  merchantId: number,
  gameType: GameType | undefined,
  limit: number,
): Promise<Game[]> {
  return memberGames(
    q,
    { table: 'game_favourites', at: 'created_at' },
    memberId,
    merchantId,
    gameType,
    limit,
  );
}

export async function addFavourite(q: Queryable, memberId: string, gameId: number): Promise<void> {
  await q.query(`insert into game_favourites (member_id, game_id) values ($1, $2) on conflict do nothing`, [
    memberId,
    gameId,
  ]);
}

export async function removeFavourite(q: Queryable, memberId: string, gameId: number): Promise<void> {
  await q.query(`delete from game_favourites where member_id = $1 and game_id = $2`, [memberId, gameId]);
}

export function recentGames(
  q: Queryable,
  memberId: string,
  merchantId: number,
  gameType: GameType | undefined,
  limit: number,
): Promise<Game[]> {
  return memberGames(q, { table: 'game_recents', at: 'played_at' }, memberId, merchantId, gameType, limit);
}

interface VendorRow {
  code: string;
  name: string;
  game_type: GameType;
  account_type_id: number;
  wallet_mode: WalletMode;
  status: GameStatus;
  is_hot: boolean;
}

export interface VendorInfo extends Omit<GameVendor, 'gameCount'> {
  isHot: boolean;
}

/** The merchant's vendors (of one game type when given) in menu order. */
export async function listVendors(
  q: Queryable,
  merchantId: number,
  gameType?: GameType,
): Promise<VendorInfo[]> {
  const rows = await q.query<VendorRow>(
    `select v.code, v.name, v.game_type, v.account_type_id, v.wallet_mode, v.status, v.is_hot
       from game_vendors v
      where v.merchant_id = $1${gameType ? ' and v.game_type = $2' : ''}
      order by v.sort, v.code`,
    gameType ? [merchantId, gameType] : [merchantId],
  );
  return rows.map((r) => ({
    vassalage: r.code,
    name: r.name,
    accountTypeId: r.account_type_id,
    gameType: r.game_type,
    walletMode: r.wallet_mode,
    status: r.status,
    logoUrl: vendorLogoUrl(r.code),
    isHot: r.is_hot,
  }));
}

export async function vendorExists(q: Queryable, merchantId: number, code: string): Promise<boolean> {
  const rows = await q.query('select 1 from game_vendors where merchant_id = $1 and code = $2', [
    merchantId,
    code,
  ]);
  return rows.length > 0;
}

export async function findMerchantId(q: Queryable, code: string): Promise<number | null> {
  const [row] = await q.query<{ id: number }>('select id from merchants where code = $1', [code]);
  return row?.id ?? null;
}

export async function listRooms(
  q: Queryable,
  merchantId: number,
  vassalage: string | undefined,
): Promise<PvpRoom[]> {
  const rows = await q.query<{
    id: number;
    name: string;
    game_id: number;
    code: string;
    vassalage: string;
    stake: string;
    min_balance: string;
    seats: number;
    seats_taken: number;
    status: PvpRoom['status'];
  }>(
    `select r.id, r.name, r.game_id, g.code, g.vassalage, r.stake, r.min_balance, r.seats, r.seats_taken, r.status
       from pvp_rooms r join games g on g.id = r.game_id
      where r.merchant_id = $1${vassalage ? ' and g.vassalage = $2' : ''}
      order by g.sort, g.id, r.stake, r.id`,
    vassalage ? [merchantId, vassalage] : [merchantId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    gameId: r.game_id,
    gameCode: r.code,
    vassalage: r.vassalage,
    stake: Number(r.stake),
    minBalance: Number(r.min_balance),
    seats: r.seats,
    seatsTaken: r.seats_taken,
    status: r.status,
  }));
}

/** What an image needs: the name, the vendor's name and the slot family. */
export async function gameImageInfo(
  q: Queryable,
  id: number,
): Promise<{ name: string; vendorName: string; family: string | null; gameType: GameType } | null> {
  const [row] = await q.query<{
    name: string;
    vendor_name: string;
    family: string | null;
    game_type: GameType;
  }>(`select g.name, v.name as vendor_name, g.family, g.game_type from ${GAME_FROM} where g.id = $1`, [id]);
  return row
    ? { name: row.name, vendorName: row.vendor_name, family: row.family, gameType: row.game_type }
    : null;
}

/** A vendor's name and type by code (any merchant: codes are the same across the installation's merchants). */
export async function vendorImageInfo(
  q: Queryable,
  code: string,
): Promise<{ name: string; gameType: GameType } | null> {
  const [row] = await q.query<{ name: string; game_type: GameType }>(
    `select name, game_type from game_vendors where code = $1 order by merchant_id limit 1`,
    [code],
  );
  return row ? { name: row.name, gameType: row.game_type } : null;
}
