import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  DEV_VENDOR_PROTOCOL_SECRET,
  signVendorBody,
  vendorSecret,
} from '../modules/games/vendor-protocol.service.ts';
import { DEMO_GAMES } from '../seed/demo-games.ts';
import { secureCall } from './accounts.ts';

/**
 * Test helpers of the play side (issue 5). The flow a player's browser follows:
 *   1. GET /wps/game/launchGame?gameId=… (Bearer token, or none for an RNG trial) → value.game_url
 *      `/studio/?ticket=<ticket>&lang=<language>`;
 *   2. the studio page: GET /studio/api/session?ticket=… (game, balance, bet levels, paytable);
 *   3. POST /studio/api/spin { ticket, bet (one of betLevels), requestId } → the round, the balance
 *      after; the studio has debited the stake and credited the win through the vendor protocol;
 *   4. GET /wps/member/bets (Bearer) lists the round; /wps/member/bets/detail?id= its spins.
 */

/** A game's id by its (stable) code. */
export async function gameId(app: FastifyInstance, code: string): Promise<number> {
  const [row] = await app.services.db.query<{ id: number }>('select id from games where code = $1', [code]);
  if (!row) throw new Error(`no game ${code}`);
  return row.id;
}

/** The first slot of a vendor (any active slot when no vendor is named). */
export async function slotOf(
  app: FastifyInstance,
  vassalage?: string,
): Promise<{ id: number; vassalage: string }> {
  const [row] = await app.services.db.query<{ id: number; vassalage: string }>(
    `select g.id, g.vassalage from games g join game_vendors v on v.merchant_id = g.merchant_id and v.code = g.vassalage
      where g.game_type = 'RNG' and g.status = 'active' and v.status = 'active' and g.family is not null
        and ($1::text is null or g.vassalage = $1) order by g.id limit 1`,
    [vassalage ?? null],
  );
  if (!row) throw new Error(`no slot of ${vassalage ?? 'any vendor'}`);
  return row;
}

export interface Launched {
  status: number;
  body: {
    success: boolean;
    value?: { game_url?: string; mode: 'real' | 'trial'; transferred?: number };
    message?: string;
  };
  ticket: string;
}

export const ticketOf = (url: string | undefined) =>
  new URLSearchParams(url?.split('?')[1] ?? '').get('ticket') ?? '';

/** GET /wps/game/launchGame (with the member's token when given). */
export async function launch(
  app: FastifyInstance,
  id: number,
  o: { token?: string; trial?: boolean; language?: string } = {},
): Promise<Launched> {
  const q = new URLSearchParams({ gameId: String(id) });
  if (o.trial) q.set('trial', '1');
  if (o.language) q.set('language', o.language);
  const res = await app.inject({
    method: 'GET',
    url: `/wps/game/launchGame?${q}`,
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
  });
  const body = res.json() as Launched['body'];
  return { status: res.statusCode, body, ticket: ticketOf(body.value?.game_url) };
}

export const newRequestId = () => randomBytes(9).toString('base64url');

export interface SpinAnswer {
  roundId: string;
  bet: number;
  spins: { win: number; free: boolean; grid: string[][] }[];
  totalWin: number;
  balance: number;
}

/** POST /studio/api/spin; `value` when it succeeded. */
export async function spin(app: FastifyInstance, ticket: string, bet: number, requestId = newRequestId()) {
  const res = await app.inject({
    method: 'POST',
    url: '/studio/api/spin',
    payload: { ticket, bet, requestId },
  });
  const body = res.json() as { success: boolean; value?: SpinAnswer; message?: string };
  return { status: res.statusCode, body, requestId };
}

/** Launches a slot as the member (real money) and returns the ticket; throws when it fails. */
export async function launchSlot(
  app: FastifyInstance,
  token: string | undefined,
  o: { vassalage?: string; code?: string; trial?: boolean } = {},
): Promise<{ ticket: string; gameId: number; mode: 'real' | 'trial'; transferred?: number }> {
  const id = o.code ? await gameId(app, o.code) : (await slotOf(app, o.vassalage)).id;
  const r = await launch(app, id, { ...(token ? { token } : {}), ...(o.trial ? { trial: true } : {}) });
  if (r.status !== 200 || !r.ticket) throw new Error(`launch failed: ${r.status} ${JSON.stringify(r.body)}`);
  return {
    ticket: r.ticket,
    gameId: id,
    mode: r.body.value!.mode,
    ...(r.body.value!.transferred !== undefined ? { transferred: r.body.value!.transferred } : {}),
  };
}

/** A vendor protocol call signed like the vendor would (or with the headers given). */
export async function vendorCall(
  app: FastifyInstance,
  path: 'launch' | 'balance' | 'debit' | 'credit' | 'rollback',
  body: Record<string, unknown>,
  o: { signature?: string; secretOf?: string } = {},
) {
  const raw = JSON.stringify(body);
  const vassalage = o.secretOf ?? String(body.vassalage);
  const signature = o.signature ?? signVendorBody(vendorSecret(DEV_VENDOR_PROTOCOL_SECRET, vassalage), raw);
  const res = await app.inject({
    method: 'POST',
    url: `/vendor/v1/${path}`,
    headers: { 'content-type': 'application/json', 'x-vendor-signature': signature },
    payload: raw,
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      success: boolean;
      value?: { balance: number; repeated?: boolean };
      message?: string;
    },
  };
}

/** A free-play (trial, type 4) account's session: its id and token. */
export async function freePlay(app: FastifyInstance): Promise<{ id: string; token: string }> {
  const res = await secureCall(app, 'POST', '/wps/session/login/freeplay', {
    os: 'linux',
    platform: 'W',
    random: 'x'.repeat(24),
  });
  const token = (res.json() as { value: { token: string } }).value.token;
  const info = await app.inject({
    method: 'GET',
    url: '/wps/member/info',
    headers: { authorization: `Bearer ${token}` },
  });
  return { id: String((info.json() as { value: { id: number } }).value.id), token };
}

export { DEMO_GAMES };
