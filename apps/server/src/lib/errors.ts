import { ERROR_MESSAGE_KEYS, ERROR_STATUS, type ErrorCode } from '@app/contracts';

/**
 * The one error vocabulary (CONVENTIONS habit 4). Services throw it; the error handler turns it
 * into the envelope with the honest status of ERROR_STATUS. `message` is an i18n key of the
 * client's catalogue, or the server's own text where the spec says "the server message".
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    messageKey?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(messageKey ?? ERROR_MESSAGE_KEYS[code]);
    this.status = ERROR_STATUS[code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
