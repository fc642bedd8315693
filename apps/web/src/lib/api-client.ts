import {
  ERROR_MESSAGE_KEYS,
  envelope,
  errorCodeSchema,
  errorEnvelopeSchema,
  type Endpoint,
  type ErrorCode,
  type PayloadOf,
  type RequestOf,
  type ResponseOf,
} from '@app/contracts';
import type { z } from 'zod/mini';
import { currentLanguage, i18n, languageTag } from './i18n';
import { clearSession, getToken } from './storage';
import { useUiStore } from './ui-store';

/** Spec §8 "page slow to load": a call that has not answered after this long. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** The transport: the browser's fetch; the server's own API in-process for a server render. */
let apiFetch: typeof fetch = (...args) => fetch(...args);
export function setApiFetch(impl: typeof fetch): void {
  apiFetch = impl;
}

/** Client-side failures next to the server's error codes. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT' | 'INVALID_RESPONSE';

export const CLIENT_ERROR_KEYS = {
  NETWORK: 'errors.link_abnormal',
  TIMEOUT: 'errors.page_slow',
  INVALID_RESPONSE: 'errors.domain_check_invalid',
} as const;

/** The one error type of every call; the UI shows `t(messageKey)`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    readonly messageKey: string,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** Field errors of a rejected body: field → message key. */
    readonly fields?: Record<string, string>,
    /** The server's raw message (spec §8: some dialogs show "the server message"). */
    readonly serverMessage?: string,
    /** The failure envelope's `value` (login: `{ captcha: true }`). */
    readonly value?: unknown,
  ) {
    super(`${code}: ${messageKey}`);
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Error codes after which the guard must re-check permission (the guard page appears). */
const ACCESS_CODES: readonly ApiErrorCode[] = ['MAINTENANCE', 'REGION_RESTRICTED', 'IP_BLOCKED'];

interface Listeners {
  /** 401: open the login modal (CONVENTIONS habit 6). */
  onUnauthorized: () => void;
  /** 503 MAINTENANCE / 403 REGION_RESTRICTED / IP_BLOCKED: re-check permission. */
  onAccessDenied: (endpoint: Endpoint) => void;
}
const listeners: Listeners = {
  // Spec §4: a session the server no longer knows is gone here too; the person logs in again.
  onUnauthorized: () => {
    clearSession();
    useUiStore.getState().closePanels();
    useUiStore.getState().openModal({ kind: 'login' });
  },
  onAccessDenied: () => {},
};

/** The app wires the permission re-check to its query client here. */
export function setApiListeners(next: Partial<Listeners>): () => void {
  const before = { ...listeners };
  Object.assign(listeners, next);
  return () => Object.assign(listeners, before);
}

// Building an envelope schema per call would be wasteful; one per endpoint.
const envelopeCache = new WeakMap<Endpoint, z.ZodMiniType>();
function successSchema(endpoint: Endpoint): z.ZodMiniType {
  let schema = envelopeCache.get(endpoint);
  if (!schema) {
    schema = envelope(endpoint.response);
    envelopeCache.set(endpoint, schema);
  }
  return schema;
}

function toPairs(input: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) pairs.push([key, String(v)]);
  }
  return pairs;
}

/** Fills `:name` path segments from the input; the rest stays input. */
function fillPath(path: string, input: Record<string, unknown>): [string, Record<string, unknown>] {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    return encodeURIComponent(String(v ?? ''));
  });
  return [filled, rest];
}

/**
 * Known message key: as sent, or a bare spec key under `errors.` (e.g. in_need_true_account).
 * Keys of the account catalogue are known once it is loaded: every account form loads it before
 * its first call.
 */
function knownKey(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (i18n.exists(message)) return message;
  if (!message.includes('.') && i18n.exists(`errors.${message}`)) return `errors.${message}`;
  // Spec §8 phone-auth catalogue: our SMS path may answer the bare code.
  if (!message.includes('.') && i18n.exists(`phone_auth.${message}`)) return `phone_auth.${message}`;
  return undefined;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 422) return 'UNPROCESSABLE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return 'INTERNAL';
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * What a caller passes: the decrypted payload for an encrypted endpoint (the client encrypts it),
 * the request otherwise.
 */
export type InputOf<E extends Endpoint> = [PayloadOf<E>] extends [never] ? RequestOf<E> : PayloadOf<E>;

/**
 * The one way the client talks to the server: `call(endpoints.status, {})`. Sends the module id,
 * language and token headers; checks the envelope and `value` against the contract; turns every
 * failure into an ApiError whose message key the UI translates.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  if (endpoint.encrypted) {
    // Spec §7 "encrypted" (DESIGN §3): a fresh one-time nonce per call, then the sealed body.
    // The sealing code (and the key call) load with the first encrypted call, not with the page.
    const { sealPayload } = await import('./secure-body');
    const sealed = await sealPayload((keyEndpoint) => send(keyEndpoint, {}, options), input);
    return send(endpoint, sealed as RequestOf<E>, options);
  }
  return send(endpoint, input as RequestOf<E>, options);
}

/** One request, no encryption (the encrypted path seals first, then sends through here). */
export async function send<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  options: CallOptions,
): Promise<ResponseOf<E>> {
  const [path, rest] = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
  const pairs = toPairs(rest);
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const query = !hasBody && pairs.length > 0 ? `?${new URLSearchParams(pairs).toString()}` : '';

  const language = currentLanguage();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Module-Id': endpoint.moduleId,
    'Accept-Language': languageTag(language),
    'X-Language': language,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: string | undefined;
  if (hasBody) {
    if (endpoint.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(pairs).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(rest);
    }
  }

  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let res: Response;
  try {
    res = await apiFetch(path + query, {
      method: endpoint.method,
      headers,
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    // The caller's own cancellation (e.g. TanStack Query) is not an error to show.
    if (options.signal?.aborted) throw e;
    if (timeout.aborted) throw new ApiError('TIMEOUT', CLIENT_ERROR_KEYS.TIMEOUT, 0);
    throw new ApiError('NETWORK', CLIENT_ERROR_KEYS.NETWORK, 0);
  }

  // Anything that is not our JSON envelope (an HTML error page of a proxy, a hijacked domain)
  // means the domain does not lead to our server (spec §8 "domain check invalid").
  const invalid = () => new ApiError('INVALID_RESPONSE', CLIENT_ERROR_KEYS.INVALID_RESPONSE, res.status);
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) throw invalid();
  let json: unknown;
  try {
    json = await res.json();
  } catch (e) {
    if (options.signal?.aborted) throw e;
    if (timeout.aborted) throw new ApiError('TIMEOUT', CLIENT_ERROR_KEYS.TIMEOUT, res.status);
    throw invalid();
  }
  const generic = errorEnvelopeSchema.safeParse(json);
  if (!generic.success) throw invalid();

  const env = generic.data;
  if (!res.ok || !env.success) {
    const parsedCode = errorCodeSchema.safeParse(env.code);
    const code: ErrorCode = parsedCode.success ? parsedCode.data : codeForStatus(res.status);
    const messageKey = knownKey(env.message) ?? knownKey(ERROR_MESSAGE_KEYS[code]) ?? 'errors.system_error';
    const error = new ApiError(code, messageKey, res.status, env.fields, env.message, env.value);
    // A guest call's 401 is an answer (wrong credentials, wrong code), not a lost session.
    if (code === 'UNAUTHORIZED' && endpoint.auth !== 'guest') listeners.onUnauthorized();
    if (ACCESS_CODES.includes(code)) listeners.onAccessDenied(endpoint);
    throw error;
  }

  const parsed = successSchema(endpoint).safeParse(json);
  if (!parsed.success) throw invalid();
  const value = (parsed.data as { value?: unknown }).value;
  // `value` is optional in the envelope; an endpoint that promises one must deliver it.
  if (value === undefined && !endpoint.response.safeParse(undefined).success) throw invalid();
  return value as ResponseOf<E>;
}

/** The message key to show for any error (non-API errors are a system error to the person). */
export function errorKey(error: unknown): string {
  return isApiError(error) ? error.messageKey : 'errors.system_error';
}
