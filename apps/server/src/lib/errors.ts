import { ERROR_MESSAGE_KEYS, ERROR_STATUS, type ErrorCode } from '@app/contracts';

/**
 * The one error vocabulary (CONVENTIONS habit 4). Services throw it; the error handler turns it
 * into the envelope with the honest status of ERROR_STATUS. `message` is an i18n key of the
 * client's catalogue, or the server's own text where the spec says "the server message".
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  /** Sent as `value` of the error envelope (spec §3: the login failure's captcha flag). */
  value?: unknown;
  /** Seconds, sent as Retry-After (429 answers). */
  retryAfter?: number;
  constructor(
    readonly code: ErrorCode,
    messageKey?: string,
    readonly fields?: Record<string, string>,
    extra: { value?: unknown; retryAfter?: number } = {},
  ) {
    super(messageKey ?? ERROR_MESSAGE_KEYS[code]);
    this.status = ERROR_STATUS[code];
    if (extra.value !== undefined) this.value = extra.value;
    if (extra.retryAfter !== undefined) this.retryAfter = Math.max(1, Math.ceil(extra.retryAfter));
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** The clock services read, so tests can move time (session expiry, code validity). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
