import { Readable } from 'node:stream';
import type { gamePlayEndpoints } from '@app/contracts';
import type {
  FastifyContextConfig,
  FastifyRequest,
  preParsingHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { HandlerMap } from '../../lib/route.ts';
import type { Db } from '../../db/db.ts';
import type { StudioVendor } from '../../vendors/studio/studio.vendor.ts';
import { authenticate, type SessionMember } from '../session/session.service.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { BetsService } from './bets.service.ts';
import type { LaunchService } from './launch.service.ts';
import {
  hashTicket,
  VENDOR_SIGNATURE_HEADER,
  vendorSecret,
  vendorSignatureMatches,
  type VendorProtocol,
} from './vendor-protocol.service.ts';

type PlayIds = keyof typeof gamePlayEndpoints;

export interface GamePlayDeps {
  db: Db;
  now: Clock;
  launch: LaunchService;
  bets: BetsService;
  protocol: VendorProtocol;
  studio: StudioVendor;
}

/**
 * Thin handlers of the play side (issue 5): launch, the betting record, the studio page's calls
 * (authorised by the launch ticket, never the member's token) and the vendor protocol (signed by
 * the vendor: checked before the body is validated, see gamePlayOnRoute).
 */
export function gamePlayHandlers(d: GamePlayDeps): HandlerMap<typeof gamePlayEndpoints> {
  return {
    launchGame: ({ req, input }) =>
      d.launch.launch(fullSession(req.member), {
        gameId: input.gameId,
        trial: input.trial === '1',
        language: input.language,
      }),
    launchGameV2: async ({ req, input }) => {
      // Spec §7 sends the session token in the body too: it stands in for a missing header.
      const member = req.member ?? (input.token ? await authenticate(d.db, input.token, d.now()) : null);
      return d.launch.launch(fullSession(member), {
        gameId: input.gameId,
        trial: input.trial === true,
        language: input.language,
        vassalage: input.vassalage,
      });
    },
    betRecords: ({ req, input }) => d.bets.list(requireMember(req).id, input),
    betDetail: ({ req, input }) => d.bets.detail(requireMember(req).id, input.id),
    studioSession: ({ input }) => d.studio.session(input.ticket),
    studioSpin: ({ input }) => d.studio.spin(input.ticket, input.bet, input.requestId),
    vendorLaunch: ({ input }) => d.protocol.launch(key(input)),
    vendorBalance: ({ input }) => d.protocol.balance(key(input)),
    vendorDebit: ({ input }) => d.protocol.debit(keyed(input)),
    vendorCredit: ({ input }) => d.protocol.credit(keyed(input)),
    vendorRollback: ({ input }) => d.protocol.rollback(keyed(input)),
  };
}

/** A session that may only change its password plays like a guest (issue 3 scopes). */
const fullSession = (m: SessionMember | null) => (m && m.scope === 'full' ? m : null);

const key = (i: { vassalage: string; ticket: string }) => ({
  vassalage: i.vassalage,
  ticketHash: hashTicket(i.ticket),
});

/** The body with the ticket replaced by its hash: HTTP and in-process calls hash to the same request. */
function keyed<T extends { vassalage: string; ticket: string }>(
  i: T,
): Omit<T, 'ticket'> & { ticketHash: string } {
  const { ticket: _ticket, ...rest } = i;
  return { ...rest, ...key(i) };
}

const VENDOR_ENDPOINTS = new Set<string>([
  'vendorLaunch',
  'vendorBalance',
  'vendorDebit',
  'vendorCredit',
  'vendorRollback',
]);

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a vendor protocol body (its signature covers them). */
    vendorRawBody?: string;
  }
}

/** Keeps the raw body of a vendor call: the JSON parser reads the same bytes afterwards. */
const keepRawBody: preParsingHookHandler = async (req, _reply, payload) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    // The route's body limit still applies to the parsed body; stop reading far past it.
    if (size > 256 * 1024) throw new AppError('BAD_REQUEST');
    chunks.push(b);
  }
  const raw = Buffer.concat(chunks);
  req.vendorRawBody = raw.toString('utf8');
  const out = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  out.receivedEncodedLength = raw.length;
  return out;
};

/**
 * Adds the vendor protocol's hooks to its routes: the raw body is kept, and the signature is
 * checked with the secret of the vendor the body names before the body is validated — an unsigned
 * or badly signed call gets 401 games.errors.bad_signature whatever it contains.
 */
export function gamePlayOnRoute(secret: string): (route: RouteOptions) => void {
  const badSignature = () => new AppError('UNAUTHORIZED', 'games.errors.bad_signature');
  const verify: preValidationHookHandler = async (req: FastifyRequest) => {
    const body = req.body as { vassalage?: unknown } | null | undefined;
    const vassalage = body && typeof body === 'object' ? body.vassalage : undefined;
    if (typeof vassalage !== 'string' || !/^[A-Z0-9_]{2,16}$/.test(vassalage)) throw badSignature();
    const raw = req.vendorRawBody ?? '';
    if (!vendorSignatureMatches(vendorSecret(secret, vassalage), raw, req.headers[VENDOR_SIGNATURE_HEADER]))
      throw badSignature();
  };
  return (route) => {
    const id = (route.config as FastifyContextConfig | undefined)?.endpointId;
    if (!id || !VENDOR_ENDPOINTS.has(id)) return;
    route.preParsing = [...asArray(route.preParsing), keepRawBody];
    route.preValidation = [...asArray(route.preValidation), verify];
  };
}

function asArray<T>(h: T | T[] | undefined): T[] {
  return h === undefined ? [] : Array.isArray(h) ? h : [h];
}

/** A refused body names its precise problem (the first one, in this order). */
const FIELD_MESSAGES: [field: string, message: string][] = [
  ['ticket', 'games.errors.ticket_invalid'],
  ['gameId', 'games.errors.unknown_game'],
  ['vassalage', 'games.errors.unknown_vendor'],
  ['bet', 'games.errors.bet_invalid'],
  ['requestId', 'money.errors.idempotency_key'],
  ['txId', 'games.errors.tx_invalid'],
  ['debitTxId', 'games.errors.tx_invalid'],
  ['amount', 'money.errors.amount_invalid'],
];
function playValidationMessage(fields: Record<string, string>): string | undefined {
  return FIELD_MESSAGES.find(([f]) => f in fields)?.[1];
}

type RouteConfig = Omit<FastifyContextConfig, 'endpointId' | 'auth'>;
export const gamePlayRouteConfigs: Partial<Record<PlayIds, RouteConfig>> = Object.fromEntries(
  (
    [
      'launchGame',
      'launchGameV2',
      'studioSession',
      'studioSpin',
      'vendorLaunch',
      'vendorBalance',
      'vendorDebit',
      'vendorCredit',
      'vendorRollback',
    ] as const
  ).map((id) => [id, { validationMessage: playValidationMessage }]),
);
