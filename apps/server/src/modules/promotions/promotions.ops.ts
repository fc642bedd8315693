import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import {
  BET_VERTICALS,
  COMPLETE_LANGUAGES,
  formatMinor,
  parseMajor,
  PROMO_AUDIENCES,
  PROMO_CATEGORIES,
  PROMO_TAGS,
  type BetVertical,
  type PromoCategory,
  type PromoTag,
} from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { addNotice } from '../ledger/money-tx.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import * as repo from './promotions.repository.ts';
import { countingWindow, requirementsMet } from './rules.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const PROMOTIONS_OPS_USAGE = `  promo list                          activities: id, code, kind/category, windows, entries, applications waiting
  promo show <promo>                  one activity's rules and texts (<promo>: its id or code)
  promo create <CODE> <category> key=value …   a new activity (texts in EN until \`promo text\` adds others);
                                      keys: kind=bonus|raffle title=… summary=… tags=newbie,vip …
                                      signup-from= signup-to= run-from= run-to= claim-to= (now, now+3d, now-2h, ISO)
                                      audience=all|newbie|vip newbie-days=N min-deposit=12.34 turnover=500.00
                                      verticals=slots,live|all bonus=88.00 | percent=50 cap=500.00
                                      approval=on|off limit=N winners=N (raffle) sort=N
  promo set <promo> key=value …       change rules (same keys, except kind)
  promo text <promo> <LANG> title=… [summary=…]   the title and summary in MY, EN, CN, TH or VI
  promo content <promo> <LANG> <html…>            the content (HTML, sanitised when saved)
  promo hide|unhide <promo>           take an activity off the list, or put it back
  promo applications [promo]          applications waiting for a decision
  promo approve <entry> [amount]      approve an application (optionally another amount): the bonus is issued
  promo reject <entry> [reason…]      reject an application (claim forbidden)
  promo draw <promo>                  draw a raffle's winners (crypto) among qualifying entries, after its run
  promo image <imageId> <file>        save an application image to a file (to look at it)`;

const usage = (text: string) => new AppError('BAD_REQUEST', text);
const notFound = (text: string) => new AppError('NOT_FOUND', text);
const DAY_MS = 86_400_000;

async function merchantId(q: Queryable): Promise<number> {
  const [m] = await q.query<{ id: number }>('select id from merchants order by id limit 1');
  if (!m) throw new AppError('SERVICE_UNAVAILABLE', 'no merchant: the database is not seeded');
  return m.id;
}

/** An activity by id or code. */
async function findPromo(q: Queryable, ref: string | undefined, lock = false): Promise<repo.PromoWithText> {
  if (!ref) throw usage('name the activity by its id or code');
  const mid = await merchantId(q);
  const [row] = await q.query<{ id: number }>(
    `select id from promotions where merchant_id = $1 and (code = upper($2) or id::text = $2)`,
    [mid, ref],
  );
  const p = row ? await repo.findPromotion(q, mid, row.id, 'EN', { hidden: true, lock }) : null;
  if (!p) throw notFound(`no activity "${ref}"`);
  return p;
}

/** `now`, `now+3d`, `now-2h`, `now+30m`, or an ISO date-time. */
export function parseWhen(v: string, now: Date): Date {
  const rel = /^now(?:([+-])(\d{1,5})([mhd]))?$/.exec(v);
  if (rel) {
    if (!rel[1]) return new Date(now);
    const unit = rel[3] === 'm' ? 60_000 : rel[3] === 'h' ? 3_600_000 : DAY_MS;
    return new Date(now.getTime() + (rel[1] === '-' ? -1 : 1) * Number(rel[2]) * unit);
  }
  const t = Date.parse(v);
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(t))
    throw usage(`"${v}" is not a time: use now, now+3d, now-2h, now+30m or an ISO date-time`);
  return new Date(t);
}

/** The settable rules, as columns. */
interface Settings {
  category?: PromoCategory;
  tags?: PromoTag[];
  sort?: number;
  signup_from?: Date;
  signup_to?: Date;
  run_from?: Date;
  run_to?: Date;
  claim_to?: Date;
  audience?: string;
  newbie_days?: number;
  min_deposit?: number;
  turnover?: number;
  verticals?: BetVertical[] | null;
  bonus_type?: 'fixed' | 'percent';
  bonus_amount?: number | null;
  bonus_percent?: number | null;
  bonus_cap?: number | null;
  approval?: boolean;
  max_entries?: number;
  raffle_winners?: number | null;
}

const money = (k: string, v: string, allowZero = false) => {
  if (allowZero && /^0+(\.0{0,2})?$/.test(v)) return 0;
  const m = parseMajor(v);
  if (m === null) throw usage(`${k} needs an amount in major units, e.g. 12.34 (got "${v}")`);
  return m;
};
const int = (k: string, v: string, min: number, max: number) => {
  if (!/^\d{1,6}$/.test(v) || Number(v) < min || Number(v) > max)
    throw usage(`${k} needs a whole number ${min}–${max} (got "${v}")`);
  return Number(v);
};
const onOff = (k: string, v: string) => {
  if (v === 'on' || v === 'off') return v === 'on';
  throw usage(`${k} needs on or off (got "${v}")`);
};
function listOf<T extends string>(k: string, v: string, allowed: readonly T[]): T[] {
  const items = v ? v.split(',').map((s) => s.trim().toLowerCase()) : [];
  for (const i of items)
    if (!(allowed as readonly string[]).includes(i))
      throw usage(`${k}: "${i}" is not one of ${allowed.join(', ')}`);
  return [...new Set(items)] as T[];
}

/** key=value arguments → settings and texts. */
function parseSettings(args: readonly string[], now: Date, allowKind: boolean) {
  const s: Settings = {};
  let kind: 'bonus' | 'raffle' | undefined;
  let title: string | undefined;
  let summary: string | undefined;
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq < 1) throw usage(`"${arg}" is not key=value`);
    const k = arg.slice(0, eq);
    const v = arg.slice(eq + 1).trim();
    switch (k) {
      case 'kind':
        if (!allowKind) throw usage('the kind of an activity cannot change');
        if (v !== 'bonus' && v !== 'raffle') throw usage('kind is bonus or raffle');
        kind = v;
        break;
      case 'title':
        title = v;
        break;
      case 'summary':
        summary = v;
        break;
      case 'category':
        if (!(PROMO_CATEGORIES as readonly string[]).includes(v))
          throw usage(`category is one of ${PROMO_CATEGORIES.join(', ')}`);
        s.category = v as PromoCategory;
        break;
      case 'tags':
        s.tags = listOf(k, v, PROMO_TAGS);
        break;
      case 'sort':
        s.sort = int(k, v, 0, 100_000);
        break;
      case 'signup-from':
      case 'signup-to':
      case 'run-from':
      case 'run-to':
      case 'claim-to':
        s[k.replace('-', '_') as 'signup_from'] = parseWhen(v, now);
        break;
      case 'audience':
        if (!(PROMO_AUDIENCES as readonly string[]).includes(v))
          throw usage(`audience is one of ${PROMO_AUDIENCES.join(', ')}`);
        s.audience = v;
        break;
      case 'newbie-days':
        s.newbie_days = int(k, v, 1, 3650);
        break;
      case 'min-deposit':
        s.min_deposit = money(k, v, true);
        break;
      case 'turnover':
        s.turnover = money(k, v, true);
        break;
      case 'verticals':
        s.verticals = v === 'all' ? null : listOf(k, v, BET_VERTICALS);
        if (s.verticals?.length === 0) throw usage('verticals needs a list (slots,live) or all');
        break;
      case 'bonus':
        Object.assign(s, {
          bonus_type: 'fixed',
          bonus_amount: money(k, v),
          bonus_percent: null,
          bonus_cap: null,
        });
        break;
      case 'percent': {
        if (!/^\d{1,4}(\.\d{1,2})?$/.test(v) || Number(v) <= 0 || Number(v) > 1000)
          throw usage(`percent needs a percentage above 0 and up to 1000, e.g. 50 or 12.5 (got "${v}")`);
        Object.assign(s, {
          bonus_type: 'percent',
          bonus_percent: Math.round(Number(v) * 100),
          bonus_amount: null,
        });
        break;
      }
      case 'cap':
        s.bonus_cap = money(k, v);
        break;
      case 'approval':
        s.approval = onOff(k, v);
        break;
      case 'limit':
        s.max_entries = int(k, v, 1, 1000);
        break;
      case 'winners':
        s.raffle_winners = int(k, v, 1, 100_000);
        break;
      default:
        throw usage(`unknown key "${k}" (see npm run ops -- help)`);
    }
  }
  if (title !== undefined && (title.length < 1 || title.length > 200))
    throw usage('title needs 1–200 characters');
  if (summary !== undefined && summary.length > 500) throw usage('summary is limited to 500 characters');
  return { settings: s, kind, title, summary };
}

/** Checks a whole activity (after create or set) with clear words before the database would refuse it. */
function validate(p: Required<Settings> & { kind: string }): void {
  const t = (d: Date) => d.getTime();
  if (t(p.signup_from) >= t(p.signup_to)) throw usage('signup-from must be before signup-to');
  if (t(p.run_from) >= t(p.run_to)) throw usage('run-from must be before run-to');
  if (t(p.signup_from) > t(p.run_to)) throw usage('sign-up must open before the run ends');
  if (t(p.claim_to) < t(p.run_to)) throw usage('claim-to must not be before run-to');
  if (p.bonus_type === 'percent' && p.bonus_cap === null) throw usage('a percent bonus needs cap=<amount>');
  if (p.bonus_type === 'percent' && p.min_deposit === 0)
    throw usage('a percent bonus needs min-deposit=<amount> (it is a share of the deposits)');
  if (p.bonus_type === 'fixed' && p.bonus_amount === null) throw usage('the bonus needs bonus=<amount>');
  if (p.kind === 'raffle') {
    if (p.raffle_winners === null) throw usage('a raffle needs winners=<count>');
    if (p.bonus_type !== 'fixed') throw usage('a raffle pays a fixed prize: bonus=<amount>');
    if (p.approval || p.max_entries !== 1) throw usage('a raffle has no approval and one entry per member');
  } else if (p.raffle_winners !== null) throw usage('winners= is for raffles');
}

const COLUMNS = [
  'category',
  'tags',
  'sort',
  'signup_from',
  'signup_to',
  'run_from',
  'run_to',
  'claim_to',
  'audience',
  'newbie_days',
  'min_deposit',
  'turnover',
  'verticals',
  'bonus_type',
  'bonus_amount',
  'bonus_percent',
  'bonus_cap',
  'approval',
  'max_entries',
  'raffle_winners',
] as const satisfies readonly (keyof Settings)[];

function settingsOf(p: repo.PromoRow): Required<Settings> {
  return {
    category: p.category,
    tags: p.tags,
    sort: p.sort,
    signup_from: new Date(p.signup_from),
    signup_to: new Date(p.signup_to),
    run_from: new Date(p.run_from),
    run_to: new Date(p.run_to),
    claim_to: new Date(p.claim_to),
    audience: p.audience,
    newbie_days: p.newbie_days,
    min_deposit: Number(p.min_deposit),
    turnover: Number(p.turnover),
    verticals: p.verticals,
    bonus_type: p.bonus_type,
    bonus_amount: p.bonus_amount === null ? null : Number(p.bonus_amount),
    bonus_percent: p.bonus_percent,
    bonus_cap: p.bonus_cap === null ? null : Number(p.bonus_cap),
    approval: p.approval,
    max_entries: p.max_entries,
    raffle_winners: p.raffle_winners,
  };
}

function describe(p: repo.PromoRow): string {
  const d = (x: Date) => new Date(x).toISOString();
  const bonus =
    p.bonus_type === 'fixed'
      ? `${p.kind === 'raffle' ? 'prize' : 'bonus'} ${formatMinor(Number(p.bonus_amount))}`
      : `${(p.bonus_percent ?? 0) / 100}% of deposits, cap ${formatMinor(Number(p.bonus_cap))}`;
  return [
    `#${p.id} ${p.code} ${p.kind}/${p.category}${p.tags.length ? ` [${p.tags.join(', ')}]` : ''}${p.hidden ? ' (hidden)' : ''}`,
    `  sign-up ${d(p.signup_from)} → ${d(p.signup_to)}; run ${d(p.run_from)} → ${d(p.run_to)}; claims until ${d(p.claim_to)}`,
    `  audience ${p.audience}${p.audience === 'newbie' ? ` (registered within ${p.newbie_days} days)` : ''}; min deposit ${formatMinor(Number(p.min_deposit))}; turnover ${formatMinor(Number(p.turnover))}${p.verticals ? ` of ${p.verticals.join(', ')}` : ''}`,
    `  ${bonus}; approval ${p.approval ? 'on' : 'off'}; ${p.max_entries} ${p.max_entries === 1 ? 'entry' : 'entries'} per member${p.kind === 'raffle' ? `; ${p.raffle_winners} winners${p.drawn_at ? `, drawn ${d(p.drawn_at)}` : ''}` : ''}`,
  ].join('\n');
}

async function writeSettings(q: Queryable, id: number, s: Required<Settings>): Promise<void> {
  const sets = COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await q.query(`update promotions set ${sets} where id = $1`, [id, ...COLUMNS.map((c) => s[c])]);
}

async function setText(
  q: Queryable,
  id: number,
  language: string,
  t: { title?: string | undefined; summary?: string | undefined; content?: string | undefined },
): Promise<void> {
  const [existing] = await q.query<{ title: string }>(
    'select title from promotion_texts where promotion_id = $1 and language = $2',
    [id, language],
  );
  if (!existing) {
    if (!t.title)
      throw usage(`the ${language} text needs a title first: promo text <promo> ${language} title=…`);
    await q.query(
      `insert into promotion_texts (promotion_id, language, title, summary, content) values ($1, $2, $3, $4, $5)`,
      [id, language, t.title, t.summary ?? '', t.content ?? ''],
    );
    return;
  }
  await q.query(
    `update promotion_texts set title = coalesce($3::text, title), summary = coalesce($4::text, summary),
            content = coalesce($5::text, content)
      where promotion_id = $1 and language = $2`,
    [id, language, t.title ?? null, t.summary ?? null, t.content ?? null],
  );
}

const languageOf = (v: string | undefined) => {
  const lang = (v ?? '').toUpperCase();
  if (!(COMPLETE_LANGUAGES as readonly string[]).includes(lang))
    throw usage(`the language is one of ${COMPLETE_LANGUAGES.join(', ')}`);
  return lang;
};

/** An application entry waiting for a decision, locked. */
async function applying(q: Queryable, ref: string | undefined) {
  if (!ref || !/^\d{1,15}$/.test(ref))
    throw usage('name the application by its entry id (promo applications)');
  const e = await repo.lockEntry(q, ref);
  if (!e) throw notFound(`no entry #${ref}`);
  if (e.state !== 'applying')
    throw new AppError('CONFLICT', `entry #${ref} is ${e.state}, not waiting for a decision`);
  return e;
}

async function titleForMember(q: Queryable, promotionId: number, memberId: string): Promise<string> {
  const [row] = await q.query<{ title: string }>(
    `select t.title from promotion_texts t, members m where t.promotion_id = $1 and m.id = $2
      order by (t.language = m.language) desc, (t.language = 'EN') desc, t.language limit 1`,
    [promotionId, memberId],
  );
  return row?.title ?? '';
}

/** The operator commands of promotions (issue 9): run on the data directory or through a running server. */
export async function promotionOps(deps: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const { db } = deps;
  const [command, ...rest] = args;
  switch (command) {
    case 'list': {
      const rows = await db.query<repo.PromoRow & { title: string; entries: string; waiting: string }>(
        `select p.*, coalesce((select title from promotion_texts t where t.promotion_id = p.id
                   order by (t.language = 'EN') desc, t.language limit 1), '') as title,
                (select count(*) from promotion_entries e where e.promotion_id = p.id) as entries,
                (select count(*) from promotion_entries e where e.promotion_id = p.id and e.state = 'applying') as waiting
           from promotions p where p.merchant_id = $1 order by p.sort, p.id`,
        [await merchantId(db)],
      );
      if (rows.length === 0) return { message: 'no activities' };
      const now = deps.now().getTime();
      const phase = (p: repo.PromoRow) =>
        now < new Date(p.signup_from).getTime()
          ? 'coming'
          : now <= new Date(p.signup_to).getTime()
            ? 'open'
            : now <= new Date(p.claim_to).getTime()
              ? 'claims'
              : 'ended';
      return {
        message: rows
          .map(
            (p) =>
              `#${String(p.id).padEnd(4)} ${p.code.padEnd(14)} ${`${p.kind}/${p.category}`.padEnd(18)} ${phase(p).padEnd(7)} entries ${String(p.entries).padEnd(4)} waiting ${String(p.waiting).padEnd(3)}${p.hidden ? ' hidden' : ''}  ${p.title}`,
          )
          .join('\n'),
      };
    }
    case 'show': {
      const p = await findPromo(db, rest[0]);
      const texts = await db.query<{ language: string; title: string; summary: string; content: string }>(
        'select language, title, summary, content from promotion_texts where promotion_id = $1 order by language',
        [p.id],
      );
      return {
        message: [
          describe(p),
          ...texts.map(
            (t) => `  ${t.language}: ${t.title} — ${t.summary} (${t.content.length} characters of content)`,
          ),
        ].join('\n'),
      };
    }
    case 'create': {
      const [code, category, ...kv] = rest;
      if (!code || !/^[A-Za-z0-9_-]{2,32}$/.test(code))
        throw usage('create needs: <CODE> (2–32 letters, digits, _ or -) <category> key=value …');
      if (!category || !(PROMO_CATEGORIES as readonly string[]).includes(category))
        throw usage(`create needs a category: ${PROMO_CATEGORIES.join(', ')}`);
      const now = deps.now();
      const { settings, kind = 'bonus', title, summary } = parseSettings(kv, now, true);
      if (!title) throw usage('create needs title=… (the English title)');
      const signupFrom = settings.signup_from ?? now;
      const signupTo = settings.signup_to ?? new Date(signupFrom.getTime() + 30 * DAY_MS);
      const runTo = settings.run_to ?? signupTo;
      const full: Required<Settings> = {
        category: category as PromoCategory,
        tags: [],
        sort: 100,
        signup_from: signupFrom,
        signup_to: signupTo,
        run_from: settings.run_from ?? signupFrom,
        run_to: runTo,
        claim_to: settings.claim_to ?? new Date(runTo.getTime() + 7 * DAY_MS),
        audience: 'all',
        newbie_days: 30,
        min_deposit: 0,
        turnover: 0,
        verticals: null,
        bonus_type: 'fixed',
        bonus_amount: null,
        bonus_percent: null,
        bonus_cap: null,
        approval: false,
        max_entries: 1,
        raffle_winners: null,
        ...settings,
      };
      validate({ ...full, kind });
      const mid = await merchantId(db);
      const id = await db.withTx(async (tx) => {
        const [taken] = await tx.query('select 1 from promotions where merchant_id = $1 and code = $2', [
          mid,
          code.toUpperCase(),
        ]);
        if (taken) throw new AppError('CONFLICT', `the code ${code.toUpperCase()} is taken`);
        const [row] = await tx.query<{ id: number }>(
          `insert into promotions (merchant_id, code, kind, ${COLUMNS.join(', ')})
           values ($1, $2, $3, ${COLUMNS.map((_, i) => `$${i + 4}`).join(', ')}) returning id`,
          [mid, code.toUpperCase(), kind, ...COLUMNS.map((c) => full[c])],
        );
        await setText(tx, row!.id, 'EN', { title, summary });
        return row!.id;
      });
      const created = await findPromo(db, String(id));
      return { message: `created activity #${id} ${code.toUpperCase()}\n${describe(created)}` };
    }
    case 'set': {
      const [ref, ...kv] = rest;
      if (kv.length === 0) throw usage('set needs: <promo> key=value …');
      const now = deps.now();
      const { settings, title, summary } = parseSettings(kv, now, false);
      const updated = await db.withTx(async (tx) => {
        const p = await findPromo(tx, ref, true);
        const full = { ...settingsOf(p), ...settings };
        validate({ ...full, kind: p.kind });
        await writeSettings(tx, p.id, full);
        if (title !== undefined || summary !== undefined) await setText(tx, p.id, 'EN', { title, summary });
        return p.id;
      });
      return { message: `updated\n${describe(await findPromo(db, String(updated)))}` };
    }
    case 'text': {
      const [ref, lang, ...kv] = rest;
      const language = languageOf(lang);
      const { settings, title, summary } = parseSettings(kv, deps.now(), false);
      if (Object.keys(settings).length > 0) throw usage('text takes title=… and summary=… only');
      if (title === undefined && summary === undefined) throw usage('text needs title=… and/or summary=…');
      const p = await findPromo(db, ref);
      await setText(db, p.id, language, { title, summary });
      return { message: `${p.code} ${language} text saved` };
    }
    case 'content': {
      const [ref, lang, ...html] = rest;
      const language = languageOf(lang);
      const raw = html.join(' ');
      if (raw.length > 100_000) throw usage('the content is limited to 100,000 characters');
      const clean = sanitizeHtml(raw);
      const p = await findPromo(db, ref);
      await setText(db, p.id, language, { content: clean.html });
      return {
        message: `${p.code} ${language} content saved (${clean.html.length} characters)${clean.removed.length > 0 ? `; markup that is not allowed was removed (${clean.removed.join(', ')})` : ''}`,
      };
    }
    case 'hide':
    case 'unhide': {
      const p = await findPromo(db, rest[0]);
      await db.query('update promotions set hidden = $2 where id = $1', [p.id, command === 'hide']);
      return { message: `${p.code} ${command === 'hide' ? 'hidden' : 'listed again'}` };
    }
    case 'applications': {
      const p = rest[0] ? await findPromo(db, rest[0]) : null;
      const rows = await db.query<{
        id: string;
        code: string;
        account: string;
        amount: string | null;
        comment: string | null;
        applied_at: Date;
        images: string[] | null;
      }>(
        `select e.id, p.code, m.account, e.amount, e.comment, e.applied_at,
                (select array_agg(i.id::text order by i.id) from promotion_images i where i.entry_id = e.id) as images
           from promotion_entries e join promotions p on p.id = e.promotion_id join members m on m.id = e.member_id
          where e.state = 'applying' and p.merchant_id = $1 and ($2::int is null or p.id = $2)
          order by e.applied_at, e.id limit 500`,
        [await merchantId(db), p?.id ?? null],
      );
      if (rows.length === 0) return { message: 'no applications waiting' };
      return {
        message: rows
          .map(
            (r) =>
              `#${r.id} ${r.code} ${r.account} amount ${formatMinor(Number(r.amount ?? 0))} applied ${new Date(r.applied_at).toISOString()} images ${r.images?.join(',') || '-'} comment ${JSON.stringify(r.comment ?? '')}`,
          )
          .join('\n'),
      };
    }
    case 'approve': {
      const [ref, rawAmount] = rest;
      const amount = rawAmount === undefined ? null : money('amount', rawAmount);
      const out = await deps.money(async (tx) => {
        const e = await applying(tx, ref);
        const final = amount ?? Number(e.amount ?? 0);
        if (final <= 0) throw usage('the approved amount must be above 0');
        await tx.query(
          `update promotion_entries set state = 'approved', amount = $2, decided_at = $3 where id = $1`,
          [e.id, final, deps.now()],
        );
        const name = await titleForMember(tx, e.promotion_id, e.member_id);
        await addNotice(tx, e.member_id, 'promo_approved', { name, amount: final });
        return { id: e.id, final };
      });
      return { message: `entry #${out.id} approved: ${formatMinor(out.final)} ready to claim` };
    }
    case 'reject': {
      const [ref, ...why] = rest;
      const note = why.join(' ').trim().slice(0, 500) || null;
      const id = await deps.money(async (tx) => {
        const e = await applying(tx, ref);
        await tx.query(
          `update promotion_entries set state = 'rejected', decided_at = $2, decision_note = $3 where id = $1`,
          [e.id, deps.now(), note],
        );
        const name = await titleForMember(tx, e.promotion_id, e.member_id);
        await addNotice(tx, e.member_id, 'promo_rejected', { name });
        return e.id;
      });
      return { message: `entry #${id} rejected${note ? `: ${note}` : ''}` };
    }
    case 'draw': {
      const now = deps.now();
      const result = await deps.money(async (tx) => {
        const p = await findPromo(tx, rest[0], true);
        if (p.kind !== 'raffle') throw usage(`${p.code} is not a raffle`);
        if (p.drawn_at)
          throw new AppError('CONFLICT', `${p.code} was drawn at ${new Date(p.drawn_at).toISOString()}`);
        const rules = repo.rulesOf(p);
        if (now.getTime() < rules.runTo.getTime())
          throw new AppError(
            'CONFLICT',
            `${p.code} runs until ${rules.runTo.toISOString()}: draw after that`,
          );
        const entries = await tx.query<{ id: string; member_id: string; joined_at: Date }>(
          `select id, member_id, joined_at from promotion_entries where promotion_id = $1 and state = 'joined' order by id`,
          [p.id],
        );
        const qualifying: typeof entries = [];
        for (const e of entries) {
          const progress = await repo.progressOf(
            tx,
            e.member_id,
            countingWindow(rules, new Date(e.joined_at), now),
            p.verticals,
          );
          if (requirementsMet(rules, progress)) qualifying.push(e);
        }
        // Fisher–Yates with crypto: the first `winners` places of a uniform shuffle.
        const pool = [...qualifying];
        const count = Math.min(p.raffle_winners ?? 0, pool.length);
        for (let i = 0; i < count; i++) {
          const j = i + randomInt(pool.length - i);
          [pool[i], pool[j]] = [pool[j]!, pool[i]!];
        }
        const winners = pool.slice(0, count);
        const prize = Number(p.bonus_amount);
        for (const w of winners) {
          await tx.query(
            `update promotion_entries set state = 'won', amount = $2, decided_at = $3 where id = $1`,
            [w.id, prize, now],
          );
          await addNotice(tx, w.member_id, 'promo_approved', {
            name: await titleForMember(tx, p.id, w.member_id),
            amount: prize,
          });
        }
        await tx.query(
          `update promotion_entries set state = 'lost', decided_at = $2 where promotion_id = $1 and state = 'joined'`,
          [p.id, now],
        );
        await tx.query('update promotions set drawn_at = $2 where id = $1', [p.id, now]);
        return { code: p.code, entries: entries.length, qualifying: qualifying.length, winners };
      });
      return {
        message: `${result.code} drawn: ${result.winners.length} winners of ${result.qualifying} qualifying entries (${result.entries} in all): ${result.winners.map((w) => `#${w.id}`).join(', ') || 'none'}`,
      };
    }
    case 'image': {
      const [ref, file] = rest;
      if (!ref || !/^\d{1,15}$/.test(ref) || !file) throw usage('image needs: <imageId> <file>');
      const [row] = await db.query<{
        content_type: string;
        bytes: Uint8Array;
        width: number;
        height: number;
      }>('select content_type, bytes, width, height from promotion_images where id = $1', [ref]);
      if (!row) throw notFound(`no image #${ref}`);
      try {
        await writeFile(file, Buffer.from(row.bytes), { flag: 'wx' });
      } catch (e) {
        throw usage(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      return { message: `image #${ref} (${row.content_type}, ${row.width}×${row.height}) saved to ${file}` };
    }
    default:
      throw usage(
        `promo needs one of: list, show, create, set, text, content, hide, unhide, applications, approve, reject, draw, image\n${PROMOTIONS_OPS_USAGE}`,
      );
  }
}
