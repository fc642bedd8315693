import { PAGE_SIZE_DEFAULT, type Message, type MessageKind } from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';

/**
 * Platform information (spec §2 messageV2, §4 notices, §7 CSP_unreadCount): the member's inbox.
 * Notices are written by the money transactions (addNotice); reading one tells the live stream.
 */
interface MessageRow {
  id: string;
  kind: MessageKind;
  title: string | null;
  body: string | null;
  params: Record<string, string | number>;
  read_at: Date | null;
  created_at: Date;
}

export const toMessage = (r: MessageRow): Message => ({
  id: Number(r.id),
  kind: r.kind,
  title: r.title,
  body: r.body,
  params: r.params ?? {},
  read: r.read_at !== null,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function unreadOf(db: Pick<Db, 'query'>, memberId: string): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    'select count(*) as n from messages where member_id = $1 and read_at is null',
    [memberId],
  );
  return Number(row?.n ?? 0);
}

/** The newest unread message of the member (the live stream's notice), or null. */
export async function newestUnread(db: Pick<Db, 'query'>, memberId: string): Promise<Message | null> {
  const [row] = await db.query<MessageRow>(
    `select id, kind, title, body, params, read_at, created_at from messages
      where member_id = $1 and read_at is null order by id desc limit 1`,
    [memberId],
  );
  return row ? toMessage(row) : null;
}

export function createMessagesService({ db, money }: { db: Db; money: MoneyRunner }) {
  return {
    async list(memberId: string, q: { page?: number | undefined; pageSize?: number | undefined }) {
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
      const [rows, [count], unread] = await Promise.all([
        db.query<MessageRow>(
          `select id, kind, title, body, params, read_at, created_at from messages
            where member_id = $1 order by id desc limit $2 offset $3`,
          [memberId, pageSize, (page - 1) * pageSize],
        ),
        db.query<{ n: string }>('select count(*) as n from messages where member_id = $1', [memberId]),
        unreadOf(db, memberId),
      ]);
      return { items: rows.map(toMessage), page, pageSize, total: Number(count?.n ?? 0), unread };
    },

    /** Marks one of the member's own messages read; another member's id is not found. */
    async read(memberId: string, id: number) {
      return money(async (tx) => {
        const rows = await tx.query<{ read_at: Date | null }>(
          `update messages set read_at = coalesce(read_at, now()) where id = $1 and member_id = $2 returning read_at`,
          [id, memberId],
        );
        if (rows.length === 0) throw new AppError('NOT_FOUND');
        tx.messagesChanged(memberId);
        return { unread: await unreadOf(tx, memberId) };
      });
    },

    async readAll(memberId: string) {
      return money(async (tx) => {
        await tx.query('update messages set read_at = now() where member_id = $1 and read_at is null', [
          memberId,
        ]);
        tx.messagesChanged(memberId);
        return { unread: 0 };
      });
    },

    async unread(memberId: string) {
      return { count: await unreadOf(db, memberId) };
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
