import { ANNOUNCEMENT_GROUP_OF, ANNOUNCEMENT_TYPES, type AnnouncementType } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import * as systemRepo from '../system/system.repository.ts';
import { MERCHANT_TIME_ZONE } from '../records/records.service.ts';
import { createAnnouncementsService, type PublishInput } from './announcements.service.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const ANNOUNCEMENTS_OPS_USAGE = `  announce list [all]                 announcements in force and scheduled (all: also ended and withdrawn)
  announce show <id>                  one announcement: its window and every language's title and content
  announce publish <type> <LANG.title=…> <LANG.content=…> … [start=…] [end=…] [sort=N]
                                      type B (banners), PL (notice modal), PU (popup after login),
                                      PR (promotion), H (home notice line); one or several languages
                                      (MY EN CN TH VI …); LANG.content+=… appends (each argument is
                                      limited to 1000 characters); start/end: yyyy-MM-dd [HH:mm[:ss]]
                                      in the merchant's time (${MERCHANT_TIME_ZONE}) or ISO 8601;
                                      unsafe HTML (scripts, handlers, styles, frames, javascript: links)
                                      is removed and named
  announce withdraw <id>              takes an announcement down at once
  (every announce command takes merchant=<code> to pick another merchant than the first)`;

const usage = (text: string) => new AppError('BAD_REQUEST', text);
const USAGE_PUBLISH =
  'announce publish needs: <type B|PL|PU|PR|H> LANG.title=<title> LANG.content=<html> … [start=…] [end=…] [sort=N]';

/** `merchant=<code>` anywhere in the arguments, else the installation's first merchant. */
async function merchantOf(deps: MoneyOpsDeps, args: string[]): Promise<{ id: number; rest: string[] }> {
  const at = args.findIndex((a) => a.startsWith('merchant='));
  if (at === -1) {
    const m = await systemRepo.findMerchant(deps.db);
    if (!m) throw new AppError('SERVICE_UNAVAILABLE', 'no merchant: the database is not seeded');
    return { id: m.id, rest: args };
  }
  const code = args[at]!.slice('merchant='.length);
  const [m] = await deps.db.query<{ id: number }>('select id from merchants where code = $1', [code]);
  if (!m) throw new AppError('NOT_FOUND', `no merchant "${code}"`);
  return { id: m.id, rest: args.filter((_, i) => i !== at) };
}

/** An ISO 8601 instant, or a wall-clock time of the merchant's zone (yyyy-MM-dd [HH:mm[:ss]]). */
async function instant(deps: MoneyOpsDeps, key: string, raw: string): Promise<Date> {
  const v = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d;
  }
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(v);
  if (m) {
    try {
      const [row] = await deps.db.query<{ at: Date }>(
        `select ($1::timestamp at time zone '${MERCHANT_TIME_ZONE}') as at`,
        [`${m[1]} ${m[2] ?? '00:00'}`],
      );
      if (row) return new Date(row.at);
    } catch {
      // not a real date (2026-02-30): refused below
    }
  }
  throw usage(
    `${key}= needs yyyy-MM-dd [HH:mm[:ss]] (${MERCHANT_TIME_ZONE}) or ISO 8601 with a zone (got "${raw}")`,
  );
}

async function parsePublish(deps: MoneyOpsDeps, merchantId: number, args: string[]): Promise<PublishInput> {
  const [type, ...rest] = args;
  if (!type) throw usage(USAGE_PUBLISH);
  const upper = type.toUpperCase();
  if (!(ANNOUNCEMENT_TYPES as readonly string[]).includes(upper))
    throw usage(`type must be one of ${ANNOUNCEMENT_TYPES.join(', ')} (got "${type}")\n${USAGE_PUBLISH}`);
  const input: PublishInput = { merchantId, type: upper, texts: {} };
  for (const arg of rest) {
    const text = /^([A-Za-z]{2,3})\.(title|content)(\+?)=([\s\S]*)$/.exec(arg);
    if (text) {
      const [, lang, field, append, value] = text as unknown as [
        string,
        string,
        'title' | 'content',
        string,
        string,
      ];
      const entry = (input.texts[lang.toUpperCase()] ??= {});
      entry[field] = append ? `${entry[field] ?? ''}${value}` : value;
      continue;
    }
    const [key = '', value = ''] = arg.split(/=(.*)/s, 2);
    if (key === 'start') input.startsAt = await instant(deps, key, value);
    else if (key === 'end') input.endsAt = await instant(deps, key, value);
    else if (key === 'sort') {
      if (!/^-?\d{1,6}$/.test(value)) throw usage(`sort= needs a whole number (got "${value}")`);
      input.sort = Number(value);
    } else throw usage(`unknown argument "${arg.slice(0, 60)}"\n${USAGE_PUBLISH}`);
  }
  return input;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString().replace('.000Z', 'Z') : '-');
const kind = (t: AnnouncementType) => `${t}/${ANNOUNCEMENT_GROUP_OF[t]}`;

/** The operator commands of announcements (issue 9): run on the data directory or through a running server. */
export async function announcementOps(deps: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const service = createAnnouncementsService({
    db: deps.db,
    now: deps.now,
    system: { merchant: async () => Promise.reject(new AppError('SERVICE_UNAVAILABLE')) },
  });
  const [command, ...given] = args;
  const { id: merchantId, rest } = await merchantOf(deps, given);
  switch (command) {
    case 'list': {
      if (rest.length > 1 || (rest[0] !== undefined && rest[0] !== 'all')) throw usage('announce list [all]');
      const rows = await service.listForOps(merchantId, rest[0] === 'all');
      if (rows.length === 0) return { message: 'no announcements' };
      const at = deps.now();
      const state = (r: (typeof rows)[number]) =>
        r.withdrawn_at
          ? 'withdrawn'
          : r.ends_at && new Date(r.ends_at) <= at
            ? 'ended'
            : new Date(r.starts_at) > at
              ? 'scheduled'
              : 'in force';
      return {
        message: rows
          .map(
            (r) =>
              `#${r.id.padEnd(6)} ${kind(r.type).padEnd(12)} ${state(r).padEnd(10)} ${iso(r.starts_at)} → ${iso(r.ends_at)}  sort ${r.sort}  [${r.languages.join(' ')}]  ${r.title}`,
          )
          .join('\n'),
      };
    }
    case 'show': {
      const [id] = rest;
      if (!id || rest.length > 1) throw usage('announce show <id>');
      const a = await service.findForOps(merchantId, id);
      if (!a) throw new AppError('NOT_FOUND', `no announcement #${id}`);
      return {
        message: [
          `#${a.id} ${kind(a.type)} ${iso(a.starts_at)} → ${iso(a.ends_at)} sort ${a.sort}${a.withdrawn_at ? ` withdrawn ${iso(a.withdrawn_at)}` : ''}`,
          ...a.texts.map((t) => `[${t.language}] ${t.title}\n${t.content}`),
        ].join('\n'),
      };
    }
    case 'publish': {
      const input = await parsePublish(deps, merchantId, rest);
      const r = await service.publish(input);
      const notes = Object.entries(r.removed).map(([l, items]) => `  ${l}: removed ${items.join(', ')}`);
      return {
        message: [
          `published #${r.id} (${kind(input.type as AnnouncementType)}) in ${Object.keys(input.texts).join(', ')}`,
          ...notes,
        ].join('\n'),
      };
    }
    case 'withdraw': {
      const [id] = rest;
      if (!id || rest.length > 1) throw usage('announce withdraw <id>');
      await service.withdraw(merchantId, id);
      return { message: `withdrawn #${id}` };
    }
    default:
      throw usage(`announce needs: list, show, publish or withdraw\n${ANNOUNCEMENTS_OPS_USAGE}`);
  }
}
