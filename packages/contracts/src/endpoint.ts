import type { z } from 'zod/mini';

/**
 * Module ids of spec §7 ("Calls carry a module id and a token flag"). Sent by the client in the
 * `X-Module-Id` header; the server logs it with the request.
 */
export const MODULE_IDS = {
  system: 'SYS',
  session: 'SES',
  member: 'MEM',
  captcha: 'CAP',
  wallet: 'WAL',
  game: 'GAM',
  lottery: 'LOT',
  points: 'PNT',
  agent: 'AGT',
  promo: 'PRO',
  feedback: 'FBK',
} as const;
export type ModuleId = (typeof MODULE_IDS)[keyof typeof MODULE_IDS];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * guest: anyone; the session is read when present.
 * member: a valid session is required (the "token flag").
 * agent: a valid session of an agent type (1, 2, 41, 42).
 */
export type Auth = 'guest' | 'member' | 'agent';

/**
 * One object per call of spec §7. `request` is the query string for GET and DELETE, the body
 * otherwise. `response` is the schema of `value` inside the envelope.
 */
export interface Endpoint<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
  P extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
> {
  id: string;
  method: HttpMethod;
  path: string;
  moduleId: ModuleId;
  auth: Auth;
  summary: string;
  tags: readonly string[];
  request: Req;
  response: Res;
  /**
   * Body is sent encrypted (spec §7; DESIGN §3: RSA-OAEP-256 wrapping AES-GCM with a one-time
   * nonce): `request` is then `securePayloadSchema` and `payload` is the shape of the decrypted
   * data, validated by the server after decryption.
   */
  encrypted?: true;
  payload?: P;
  /** Body is application/x-www-form-urlencoded instead of JSON. */
  form?: true;
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
/** The decrypted body of an encrypted endpoint. */
export type PayloadOf<E extends Endpoint> =
  E extends Endpoint<z.ZodMiniType, z.ZodMiniType, infer P>
    ? P extends z.ZodMiniType
      ? z.input<P>
      : never
    : never;
export type ParsedPayloadOf<E extends Endpoint> =
  E extends Endpoint<z.ZodMiniType, z.ZodMiniType, infer P>
    ? P extends z.ZodMiniType
      ? z.output<P>
      : never
    : never;

export function defineEndpoint<
  Req extends z.ZodMiniType,
  Res extends z.ZodMiniType,
  P extends z.ZodMiniType | undefined = undefined,
>(e: Endpoint<Req, Res, P>): Endpoint<Req, Res, P> {
  return e;
}
