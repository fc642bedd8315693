/**
 * A Server-Sent Events reader over fetch() (DESIGN §3 live updates): EventSource cannot send the
 * `Authorization: Bearer` header and a token never goes into a URL. It reads the stream as the
 * contract writes it (records.ts LIVE_EVENTS_PATH): blocks of `data:` lines ending with a blank
 * line; comment lines (`: ping`) and other fields are skipped. A dropped or silent stream is opened
 * again with a growing, jittered delay; a 401/403 (the session is over) or the abort signal
 * (logout, unmount) ends it for good.
 */

/** Splits a text stream into the data of its events; chunks may end anywhere, even mid-line. */
export class SseParser {
  private buffer = '';
  private data: string[] = [];

  /** Feeds decoded text; answers the data of every event completed by it. */
  push(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    // A line ends at \n, \r\n or \r; a lone \r at the very end may be half of a \r\n: wait.
    for (;;) {
      const m = /\r\n|\n|\r(?!$)/.exec(this.buffer);
      if (!m) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      if (line === '') {
        if (this.data.length > 0) events.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith(':')) {
        // A comment (the heartbeat): nothing to deliver.
      } else {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') this.data.push(value);
      }
    }
    return events;
  }

  /** Forgets a half-read event (a new connection starts clean). */
  reset(): void {
    this.buffer = '';
    this.data = [];
  }
}

export interface SseOptions {
  url: string;
  /** The session token of the moment (read again on every reconnect); null ends the reader. */
  getToken: () => string | null;
  /** The data of one event. */
  onData: (data: string) => void;
  /** Connected (again): the caller may want to refresh what it missed while away. */
  onOpen?: () => void;
  /** Logout, unmount: ends the stream and every retry. */
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** First retry delay; doubles up to maxDelayMs (with ±20 % jitter). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Nothing heard for this long (about two heartbeats): the stream is opened again. */
  idleTimeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** For tests: the delay before a reconnect. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** The server refuses for good: no retry (a new login mounts a new reader). */
const FINAL_STATUSES = [401, 403];

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** Reads the stream until `signal` aborts or the server refuses the session. */
export async function readEventStream(options: SseOptions): Promise<void> {
  const {
    url,
    getToken,
    onData,
    onOpen,
    signal,
    headers = {},
    initialDelayMs = 1_000,
    maxDelayMs = 30_000,
    idleTimeoutMs = 60_000,
    fetchImpl = (...args) => fetch(...args),
    sleep = defaultSleep,
    random = Math.random,
  } = options;
  const parser = new SseParser();
  let delay = initialDelayMs;

  while (!signal.aborted) {
    const token = getToken();
    if (!token) return;
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener('abort', stop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(idle);
      idle = setTimeout(stop, idleTimeoutMs);
    };
    let final = false;
    try {
      heard();
      const res = await fetchImpl(url, {
        method: 'GET',
        headers: { Accept: 'text/event-stream', ...headers, Authorization: `Bearer ${token}` },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: attempt.signal,
      });
      if (FINAL_STATUSES.includes(res.status)) {
        final = true;
      } else if (
        res.ok &&
        res.body &&
        (res.headers.get('content-type') ?? '').includes('text/event-stream')
      ) {
        parser.reset();
        onOpen?.();
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let opened = false;
        for (;;) {
          heard();
          const { value, done } = await reader.read();
          if (done) break;
          for (const data of parser.push(value)) {
            // A stream that delivered an event was healthy: the next drop retries quickly again.
            if (!opened) {
              opened = true;
              delay = initialDelayMs;
            }
            try {
              onData(data);
            } catch {
              // One bad event must not end the stream.
            }
          }
        }
      } else {
        await res.body?.cancel().catch(() => {});
      }
    } catch {
      // Network error, idle timeout or abort: decided below.
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', stop);
    }
    if (final || signal.aborted) return;
    const jitter = 0.8 + random() * 0.4;
    await sleep(Math.round(delay * jitter), signal);
    delay = Math.min(delay * 2, maxDelayMs);
  }
}
