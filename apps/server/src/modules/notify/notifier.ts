import type { Queryable } from '../../db/db.ts';

/** One outbound SMS or e-mail. */
export interface OutboundMessage {
  channel: 'sms' | 'email';
  /** "+95 912345678" for SMS, the address for e-mail. */
  recipient: string;
  subject?: string | undefined;
  body: string;
}

/**
 * The Notifier port (DESIGN §3): services hand it messages inside their transaction. The default
 * adapter writes to the outbox table (shown at /dev/outbox); a real SMS or e-mail provider plugs
 * in behind the same port (an adapter that reads the outbox and delivers keeps sending out of
 * the transaction).
 */
export interface Notifier {
  send(tx: Queryable, message: OutboundMessage): Promise<void>;
}

export const outboxNotifier: Notifier = {
  async send(tx, m) {
    await tx.query('insert into outbox (channel, recipient, subject, body) values ($1, $2, $3, $4)', [
      m.channel,
      m.recipient,
      m.subject ?? null,
      m.body,
    ]);
  },
};

export interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

export async function listOutbox(db: Queryable, to: string | undefined, limit = 50): Promise<OutboxRow[]> {
  const rows = await db.query<{
    id: string;
    channel: 'sms' | 'email';
    recipient: string;
    subject: string | null;
    body: string;
    created_at: Date;
  }>(
    `select id::text as id, channel, recipient, subject, body, created_at from outbox
      where ($1::text is null or recipient = $1) order by id desc limit $2`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    createdAt: r.created_at.toISOString(),
  }));
}
