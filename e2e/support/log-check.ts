import { existsSync, readFileSync } from 'node:fs';
import { E2E_PORT, E2E_SERVER_LOG } from './env.ts';

/**
 * Global teardown (issue 11): the server's log of the whole e2e run (E2E_SERVER_LOG, written by
 * start-server.mjs at info, every request line included) holds 0 passwords, codes or tokens. It
 * looks for every password the run types (the demo accounts', the specs' new ones, the payment
 * passwords), every SMS/e-mail code the server sent (the development outbox, read while the server
 * still runs: Playwright stops its web servers after the global teardown), and anything shaped like
 * a secret: a Bearer value, an authorization/cookie header value, a session token (32 random bytes,
 * base64url) after a token-like key. A hit fails the run with the line. Reads the file once.
 */
const PASSWORDS = [
  'Demo2026!',
  'Agent2026!',
  'Player2026!',
  'Expired2026!',
  'Reset2026a',
  'Renewed2026',
  'Phone2026b',
  'Newbie2026',
  'Better2026x',
  'Agent2026x',
  'Protect2026x',
];
/** Payment passwords the specs set or type (6 digits: matched as a whole number). */
const PAYMENT_PASSWORDS = ['135790', '246810'];

const SHAPES: [string, RegExp][] = [
  ['a Bearer value', /bearer\s+[A-Za-z0-9._~+/-]{16,}/i],
  ['an authorization header value', /"authorization"\s*:\s*"(?!\[redacted\])[^"]+"/i],
  ['a cookie header value', /"(set-)?cookie"\s*:\s*"(?!\[redacted\])[^"]+"/i],
  ['a session token', /"?(token|sessionToken|session_token|ticket)"?\s*[:=]\s*"?[A-Za-z0-9_-]{43}\b/i],
];

/** Numbers that are not secrets (timestamps, pids, durations, ids) go before a 6-digit search. */
const stripNumbers = (line: string) =>
  line
    .replace(/"(time|pid|responseTime|uptimeSeconds|id|memberId|reqId)"\s*:\s*"?[\d.a-f-]+"?/gi, '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '');

async function sentCodes(): Promise<string[]> {
  try {
    const res = await fetch(`http://127.0.0.1:${E2E_PORT}/dev/outbox.json`);
    const { messages } = (await res.json()) as { messages: { code: string | null }[] };
    return [...new Set(messages.map((m) => m.code).filter((c): c is string => !!c))];
  } catch {
    return []; // the server is gone already: the shapes and passwords are still checked
  }
}

export default async function logCheck(): Promise<void> {
  if (!existsSync(E2E_SERVER_LOG)) throw new Error(`log check: no server log at ${E2E_SERVER_LOG}`);
  const lines = readFileSync(E2E_SERVER_LOG, 'utf8').split('\n');
  const codes = await sentCodes();
  const numbers = [
    ...PAYMENT_PASSWORDS.map((n) => ['a payment password', n] as const),
    ...codes.map((n) => ['a sent code', n] as const),
  ].map(([what, n]) => [what, new RegExp(`(?<![\\d.])${n}(?![\\d.])`)] as const);
  const hits: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line) continue;
    const found =
      (PASSWORDS.some((p) => line.includes(p)) ? 'a password' : undefined) ??
      SHAPES.find(([, re]) => re.test(line))?.[0] ??
      (numbers.length ? numbers.find(([, re]) => re.test(stripNumbers(line)))?.[0] : undefined);
    if (found) hits.push(`line ${i + 1} (${found}): ${line.slice(0, 300)}`);
  }
  console.log(
    `log check: ${lines.length} lines of ${E2E_SERVER_LOG}, ${PASSWORDS.length + PAYMENT_PASSWORDS.length} passwords and ${codes.length} sent codes looked for: ${hits.length} found`,
  );
  if (hits.length)
    throw new Error(`the server log holds secrets (${hits.length}):\n${hits.slice(0, 20).join('\n')}`);
}
