/** Times of the protection tools: the server's clock, elapsed session time, the spec's date format. */

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm in the browser's time zone (spec date format). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 3_723_000 ms → "1:02:03" (hours:minutes:seconds, never negative). */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/**
 * How far the server's clock is ahead of this browser's (ms): the session's times are the
 * server's, so elapsed time and reminders are counted on its clock, not the local one alone.
 */
export function clockOffset(serverTime: string, receivedAt = Date.now()): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** The server's time now, as this browser sees it. */
export const serverNow = (offset: number) => Date.now() + offset;

/**
 * When the next reality check is due (server ms): the first multiple of the interval since the
 * session's start that is after `after`.
 */
export function nextCheckAt(startedAt: number, minutes: number, after: number): number {
  const every = minutes * 60_000;
  const n = Math.floor((after - startedAt) / every) + 1;
  return startedAt + Math.max(1, n) * every;
}

/**
 * The end of a login refusal (errors.self_excluded / errors.timed_out carry `value.until`),
 * formatted; null when there is none (indefinite) or the error is another one.
 */
export function refusalUntil(error: unknown): string | null {
  const value = (error as { value?: unknown } | null)?.value;
  if (typeof value !== 'object' || value === null || !('until' in value)) return null;
  return typeof value.until === 'string' ? formatDateTime(value.until) : null;
}
