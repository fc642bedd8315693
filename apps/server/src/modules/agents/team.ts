import { randomBytes } from 'node:crypto';
import type { DownlineKind } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The agent's team (issue 8; spec §6): my downlines at any depth through `members.upline_id`,
 * never me. Every agent call that names a member checks it here first; anything outside the
 * subtree (a foreign agent's member, a sibling's, my upline, me, an unknown id) gets ONE answer,
 * 404 agent.errors.not_in_team, and the refusal is written down (`refuse`).
 */

/** The member type a new downline gets (contract DOWNLINE_KINDS): a player (3) or an agent (2). */
export const DOWNLINE_TYPES = { member: 3, agent: 2 } as const satisfies Record<DownlineKind, number>;

/** Deeper than any real tree; stops a corrupted cycle of uplines from looping forever. */
export const TEAM_DEPTH_MAX = 64;

/**
 * SQL of the subtree of the member `$<actorParam>` as two CTEs: `team_walk` (may repeat a member
 * when uplines form a cycle) and `team (id, level)` with each member once at its smallest depth,
 * the actor excluded. Use as `with recursive ${teamCte(1)} select … from team`.
 */
export function teamCte(actorParam: number): string {
  return `team_walk (id, level) as (
      select m.id, 1 from members m where m.upline_id = $${actorParam}::bigint
      union all
      select m.id, w.level + 1 from members m join team_walk w on m.upline_id = w.id
       where w.level < ${TEAM_DEPTH_MAX}
    ),
    team (id, level) as (
      select id, min(level) from team_walk where id <> $${actorParam}::bigint group by id
    )`;
}

/** Every member of the actor's subtree (ids as text), at any depth. */
export async function subtreeIds(q: Queryable, actorId: string | number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `with recursive ${teamCte(1)} select id::text as id from team order by id`,
    [actorId],
  );
  return rows.map((r) => r.id);
}

/**
 * Whether `targetId` is in the actor's subtree, and at which depth (1 = a direct downline). It
 * walks up from the target (as many steps as the target is deep, not as big as the team).
 */
export async function inSubtree(
  q: Queryable,
  actorId: string | number,
  targetId: string | number,
): Promise<{ level: number } | null> {
  if (String(actorId) === String(targetId)) return null;
  const [row] = await q.query<{ level: number }>(
    `with recursive up (id, upline_id, level) as (
       select id, upline_id, 1 from members where id = $2::bigint
       union all
       select m.id, m.upline_id, up.level + 1 from members m join up on m.id = up.upline_id
        where up.level < ${TEAM_DEPTH_MAX} and up.upline_id <> $1::bigint
     )
     select min(level)::int as level from up where upline_id = $1::bigint`,
    [actorId, targetId],
  );
  return row && row.level !== null ? { level: Number(row.level) } : null;
}

/** What every refusal of an id outside the team answers (one status, code and message). */
export const notInTeam = () => new AppError('NOT_FOUND', 'agent.errors.not_in_team');

export interface Refusal {
  actorId: string | number;
  /** The contract endpoint id (agentDownlineStatus …). */
  endpoint: string;
  /** What was asked for (an id, a list of ids, `link:<id>`). */
  target: string | number | null;
  ip: string | null;
  log?: { warn(obj: object, msg: string): void } | undefined;
  /** The refusal's message key when not agent.errors.not_in_team (contracts: contracts.errors.not_found). */
  message?: string;
}

/**
 * Writes the refusal to `agent_access_denials` and answers the one refusal error to throw. `q`
 * must not be a transaction that the refusal rolls back: pass the pool, and call it OUTSIDE any
 * `withTx`/`money` callback (on PGlite a pool query inside a transaction callback waits for that
 * transaction forever). Check first, refuse, then open the transaction.
 */
export async function refuse(q: Queryable, r: Refusal): Promise<AppError> {
  const target = r.target === null ? null : String(r.target).slice(0, 500);
  await q.query(
    'insert into agent_access_denials (member_id, endpoint, target, ip) values ($1, $2, $3, $4)',
    [r.actorId, r.endpoint, target, r.ip],
  );
  r.log?.warn(
    { memberId: String(r.actorId), endpoint: r.endpoint, target },
    'agent call outside the team refused',
  );
  return r.message ? new AppError('NOT_FOUND', r.message) : notInTeam();
}

/** Affiliate codes: 8 upper-case letters and digits without look-alikes (0/O, 1/I), from node:crypto. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomAffiliateCode(length = 8): string {
  const bytes = randomBytes(length);
  let out = '';
  // 32 symbols: the low five bits of a byte pick one without bias.
  for (const b of bytes) out += CODE_ALPHABET[b & 31];
  return out;
}

/** Whether a code is taken in the merchant, as a member's own code or as a link's (live or not). */
export async function codeTaken(q: Queryable, merchantId: number, code: string): Promise<boolean> {
  const rows = await q.query(
    `select 1 from agent_links where merchant_id = $1 and code = upper($2)
     union all
     select 1 from members where merchant_id = $1 and upper(affiliate_code) = upper($2) limit 1`,
    [merchantId, code],
  );
  return rows.length > 0;
}

/** A fresh code not yet taken in the merchant (a handful of tries: 32⁸ codes). */
export async function freshAffiliateCode(q: Queryable, merchantId: number): Promise<string> {
  for (let i = 0; i < 8; i++) {
    const code = randomAffiliateCode();
    if (!(await codeTaken(q, merchantId, code))) return code;
  }
  throw new Error('no free affiliate code after 8 tries');
}
