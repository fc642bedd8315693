import { z } from 'zod/mini';

/**
 * Every response of the platform is this envelope (spec §7: "Responses read success, value,
 * message"). `code` is machine-readable and present on failure; `message` is an i18n key of the
 * client's catalogue, or the server's own text where the spec says "the server message".
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'MAINTENANCE',
  'REGION_RESTRICTED',
  'IP_BLOCKED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const errorCodeSchema = z.enum(ERROR_CODES);

/** The honest HTTP status that goes with each error code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  REGION_RESTRICTED: 403,
  IP_BLOCKED: 403,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Default message key per code; services may send a more precise key. */
export const ERROR_MESSAGE_KEYS: Record<ErrorCode, string> = {
  BAD_REQUEST: 'errors.bad_request',
  UNAUTHORIZED: 'errors.not_logged_in',
  FORBIDDEN: 'errors.forbidden',
  NOT_FOUND: 'errors.not_found',
  CONFLICT: 'errors.conflict',
  UNPROCESSABLE: 'errors.enter_correct_information',
  RATE_LIMITED: 'errors.too_many_requests',
  MAINTENANCE: 'errors.system_maintenance',
  REGION_RESTRICTED: 'errors.region_blocked',
  IP_BLOCKED: 'errors.ip_blocked',
  SERVICE_UNAVAILABLE: 'errors.service_unavailable',
  INTERNAL: 'errors.system_error',
};

export function envelope<T extends z.ZodMiniType>(value: T) {
  return z.object({
    success: z.boolean(),
    value: z.optional(value),
    message: z.optional(z.string()),
    code: z.optional(errorCodeSchema),
    /** Field errors of a rejected body: field name → message key. */
    fields: z.optional(z.record(z.string(), z.string())),
  });
}

export const errorEnvelopeSchema = envelope(z.unknown());
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = {
  success: boolean;
  value?: T;
  message?: string;
  code?: ErrorCode;
  fields?: Record<string, string>;
};
