import type { RedEnvelope } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

/**
 * The receiving side of red envelopes (issue 9; issue 8 sends them). An agent's envelope credits
 * each recipient's main wallet at once (one ledger transfer, red_envelope_out / red_envelope_in);
 * the same transaction writes one row per recipient here. Opening it only reveals the amount and
 * marks it opened: no money moves, so nothing can be credited twice.
 */

/** Called by the sender's transaction (agents.service redEnvelope) once its transfer is posted. */
export async function recordRedEnvelopes(
  q: Queryable,
  e: {
    transferId: number;
    senderId: string;
    recipients: readonly string[];
    amountEach: number;
    message?: string;
  },
): Promise<void> {
  await q.query(
    `insert into red_envelopes (merchant_id, member_id, sender_id, transfer_id, amount, message, created_at)
     select m.merchant_id, m.id, $2, $3, $4, $5, t.created_at
       from members m, ledger_transfers t
      where m.id = any($1::bigint[]) and t.id = $3
     on conflict do nothing`,
    [e.recipients, e.senderId, e.transferId, e.amountEach, e.message ?? null],
  );
}

interface EnvelopeRow {
  id: string;
  sender: string;
  message: string | null;
  amount: string;
  created_at: Date;
  opened_at: Date | null;
}

const out = (r: EnvelopeRow): RedEnvelope => ({
  id: Number(r.id),
  from: r.sender,
  message: r.message,
  receivedAt: new Date(r.created_at).toISOString(),
  openedAt: r.opened_at ? new Date(r.opened_at).toISOString() : null,
  amount: r.opened_at ? Number(r.amount) : null,
});

export async function listEnvelopes(
  q: Queryable,
  memberId: string,
  page: { limit: number; offset: number },
): Promise<{ items: RedEnvelope[]; total: number; unopened: number }> {
  const [rows, [counts]] = await Promise.all([
    q.query<EnvelopeRow>(
      `select e.id::text as id, s.account as sender, e.message, e.amount::text as amount, e.created_at, e.opened_at
         from red_envelopes e join members s on s.id = e.sender_id
        where e.member_id = $1 order by e.id desc limit $2 offset $3`,
      [memberId, page.limit, page.offset],
    ),
    q.query<{ total: string; unopened: string }>(
      `select count(*)::text as total, count(*) filter (where opened_at is null)::text as unopened
         from red_envelopes where member_id = $1`,
      [memberId],
    ),
  ]);
  return { items: rows.map(out), total: Number(counts?.total ?? 0), unopened: Number(counts?.unopened ?? 0) };
}

/** Unopened envelopes of the member (the badge). */
export async function unopenedCount(q: Queryable, memberId: string): Promise<number> {
  const [row] = await q.query<{ c: string }>(
    'select count(*)::text as c from red_envelopes where member_id = $1 and opened_at is null',
    [memberId],
  );
  return Number(row?.c ?? 0);
}

/** Opens my envelope (again: the same answer, the first opening's time); null when it is not mine. */
export async function openEnvelope(
  q: Queryable,
  memberId: string,
  id: number,
  now: Date,
): Promise<(RedEnvelope & { amount: number; openedAt: string }) | null> {
  const [row] = await q.query<EnvelopeRow>(
    `with opened as (
       update red_envelopes set opened_at = coalesce(opened_at, $3) where id = $1 and member_id = $2
       returning id, sender_id, message, amount, created_at, opened_at
     )
     select o.id::text as id, s.account as sender, o.message, o.amount::text as amount, o.created_at, o.opened_at
       from opened o join members s on s.id = o.sender_id`,
    [id, memberId, now],
  );
  if (!row) return null;
  const e = out(row);
  return { ...e, amount: Number(row.amount), openedAt: e.openedAt ?? now.toISOString() };
}
