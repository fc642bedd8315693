import { randomBytes, randomUUID } from 'node:crypto';
import { MAIN_WALLET, TRIAL_TYPE, type LaunchResult } from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { SessionMember } from '../session/session.service.ts';
import type { SystemService } from '../system/system.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import * as repo from './play.repository.ts';
import { hashTicket } from './vendor-protocol.service.ts';

/**
 * Game launch (issue 5; spec §4 game launch, §7 launchGame and launch V2). A launch is a game
 * session behind an opaque 256-bit ticket (only its SHA-256 is stored), handed to the game page in
 * its address; the vendor presents the ticket on every protocol call.
 *
 * Rules: an unknown game → 404; a VASSALAGE entry (a popup list, spec §3) → 400; the game or its
 * vendor under maintenance → 503; without a session only RNG games launch, in trial mode (spec §4:
 * RNG games do not need a login); `trial` asks for play money. A trial account (type 4, free play)
 * plays a game that offers the free trial with play money; any other game is refused (403
 * errors.in_need_true_account, as the client warns). Transfer-wallet vendors get the whole main balance moved into
 * their wallet on a real launch (issue 4's two-phase transfer, outside any transaction); when that
 * cannot happen the launch still succeeds, with `transferred` 0.
 */

/** Play money of a trial launch: 2,000.00 in minor units. */
export const TRIAL_BALANCE = 200_000;
export const GAME_SESSION_HOURS = 12;
const DEFAULT_LANGUAGE = 'my';

export interface LaunchDeps {
  db: Db;
  system: SystemService;
  wallet: WalletService;
  now: Clock;
}

export interface LaunchInput {
  gameId: number;
  trial?: boolean;
  language?: string | undefined;
  /** Launch V2: the vendor the caller believes the game belongs to. */
  vassalage?: string;
}

/** The ticket names its vendor before the random part, so the game page's vendor knows whose it is. */
export const newTicket = (vassalage: string) => `${vassalage}-${randomBytes(32).toString('base64url')}`;
export const vendorOfTicket = (ticket: string) => ticket.slice(0, Math.max(0, ticket.indexOf('-')));

const studioUrl = (ticket: string, language: string) =>
  `/studio/?${new URLSearchParams({ ticket, lang: language }).toString()}`;

/** A catalogue lottery game and the platform lottery game (issue 7) it is linked to, if any. */
interface LotteryLaunchRow {
  account_type_name: string | null;
  lottery_code: string | null;
  lottery_kind: string | null;
  lottery_play_type: string | null;
}

/**
 * Spec §4: where a lottery game (LOTT, ELOTT) opens. The platform runs its own lotteries (issue 7),
 * so no lottery launch goes to the studio: TCG_SEA's special external entry is our SEA
 * (Vietnamese) lottery page, opened by the client in a new window; GPI starts like any game, in
 * the frame, on the lottery game the catalogue game is linked to (embed=1: the page inside the
 * frame); any other lottery game (the client navigates itself; a launch call answers the same
 * page) opens the /lottery or /vnlottery page of its linked game.
 */
export function lotteryLaunchUrl(row: LotteryLaunchRow, gameType: string): string {
  const vn = row.lottery_kind ? row.lottery_kind.startsWith('vn_') : gameType === 'ELOTT';
  const page = vn ? '/vnlottery' : '/lottery';
  if (row.account_type_name === 'TCG_SEA') {
    return row.lottery_code && vn
      ? `${page}?${new URLSearchParams({ gameCode: row.lottery_code })}`
      : '/vnlottery';
  }
  const q = new URLSearchParams();
  if (row.lottery_code) {
    q.set('gameCode', row.lottery_code);
    if (!vn && row.lottery_play_type) q.set('playType', row.lottery_play_type);
  }
  q.set('embed', '1');
  return `${page}?${q}`;
}

export type LaunchService = ReturnType<typeof createLaunchService>;

export function createLaunchService({ db, system, wallet, now }: LaunchDeps) {
  let guestMerchant: Promise<number> | null = null;
  function merchantOf(member: SessionMember | null): Promise<number> {
    if (member) return Promise.resolve(member.merchantId);
    guestMerchant ??= system
      .merchant()
      .then((m) => m.id)
      .catch((e: unknown) => {
        guestMerchant = null;
        throw e;
      });
    return guestMerchant;
  }

  async function launch(member: SessionMember | null, input: LaunchInput): Promise<LaunchResult> {
    const merchantId = await merchantOf(member);
    const game = await repo.findLaunchGame(db, merchantId, input.gameId);
    if (!game) throw new AppError('NOT_FOUND', 'games.errors.unknown_game');
    if (input.vassalage !== undefined && input.vassalage !== game.vassalage)
      throw new AppError('BAD_REQUEST', 'games.errors.vendor_mismatch', {
        vassalage: 'games.errors.vendor_mismatch',
      });
    if (game.is_game === 'VASSALAGE')
      throw new AppError('BAD_REQUEST', 'games.errors.not_launchable', {
        gameId: 'games.errors.not_launchable',
      });
    if (game.status === 'maintenance' || game.vendor_status === 'maintenance')
      throw new AppError('SERVICE_UNAVAILABLE', 'games.errors.game_maintenance');

    let mode: 'real' | 'trial';
    if (!member) {
      // Spec §4: a guest must log in except for RNG games, which open as the free trial.
      if (game.game_type !== 'RNG' || !game.trial) throw new AppError('UNAUTHORIZED');
      mode = 'trial';
    } else if (input.trial) {
      if (!game.trial) throw new AppError('BAD_REQUEST', 'games.errors.trial_unavailable');
      mode = 'trial';
    } else if (member.type === TRIAL_TYPE) {
      // Spec §4/§6: a trial account is warned that a real account is needed; it plays only the
      // games that offer the free trial, with play money (the client shows the same warning).
      if (!game.trial) throw new AppError('FORBIDDEN', 'errors.in_need_true_account');
      mode = 'trial';
    } else mode = 'real';

    if (game.game_type === 'LOTT' || game.game_type === 'ELOTT') {
      const url = await lotteryLaunch(merchantId, game.id, game.game_type);
      if (member) await repo.touchRecent(db, member.id, game.id, now());
      return { game_url: url, mode };
    }

    const language = (input.language || DEFAULT_LANGUAGE).toLowerCase();
    const ticket = newTicket(game.vassalage);
    const sessionId = randomUUID();
    const t = now();
    await db.withTx(async (tx) => {
      await repo.insertGameSession(tx, {
        id: sessionId,
        ticketHash: hashTicket(ticket),
        merchantId,
        memberId: member?.id ?? null,
        gameId: game.id,
        vassalage: game.vassalage,
        mode,
        language,
        trialBalance: mode === 'trial' ? TRIAL_BALANCE : 0,
        createdAt: t,
        expiresAt: new Date(t.getTime() + GAME_SESSION_HOURS * 3600_000),
      });
      if (member) await repo.touchRecent(tx, member.id, game.id, t);
    });

    const result: LaunchResult = { game_url: studioUrl(ticket, language), mode };
    if (member && mode === 'real' && game.wallet_mode === 'transfer') {
      result.transferred = await moveIntoVendorWallet(member, game.vassalage, sessionId);
    }
    return result;
  }

  /** The page a lottery game opens (no studio session: our own lottery pages take the bets). */
  async function lotteryLaunch(merchantId: number, gameId: number, gameType: string): Promise<string> {
    const [row] = await db.query<LotteryLaunchRow>(
      `select g.account_type_name, l.code as lottery_code, l.kind as lottery_kind,
              l.default_play_type as lottery_play_type
         from games g
         left join lateral (
           select lg.code, lg.kind, lg.default_play_type from lottery_games lg
            where lg.merchant_id = g.merchant_id and lg.catalogue_game_id = g.id and lg.status = 'active'
            order by lg.sort, lg.id limit 1
         ) l on true
        where g.merchant_id = $1 and g.id = $2`,
      [merchantId, gameId],
    );
    return lotteryLaunchUrl(
      row ?? {
        account_type_name: null,
        lottery_code: null,
        lottery_kind: null,
        lottery_play_type: null,
      },
      gameType,
    );
  }

  /** The whole main balance into the vendor's wallet (issue 4 transfer); 0 when nothing moved. */
  async function moveIntoVendorWallet(
    member: SessionMember,
    vendor: string,
    sessionId: string,
  ): Promise<number> {
    try {
      const r = await wallet.transfer(member, {
        from: MAIN_WALLET,
        to: vendor,
        all: true,
        // '.' never appears in a client's key: no collision with the wallet page's own transfers.
        key: `launch.${sessionId}`,
      });
      return r.status === 'completed' ? r.amount : 0;
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return 0;
      throw err;
    }
  }

  return { launch };
}
