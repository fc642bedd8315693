import type { LiveEvent } from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { LIVE_CHANNEL, type MoneyChanges } from '../ledger/money-tx.ts';
import { newestUnread, unreadOf } from '../messages/messages.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { SessionMember } from '../session/session.service.ts';

/** One open stream of a member on this instance. */
export interface LiveClient {
  member: Pick<SessionMember, 'id' | 'type' | 'merchantId'>;
  send(event: LiveEvent): void;
}

/**
 * The live hub (DESIGN §3): LISTENs on LIVE_CHANNEL, which every committed money transaction
 * NOTIFYs (on any instance, or the ops command line), and pushes to the streams open here the
 * member's new balance, unread count and newest notice.
 */
export function createLiveHub({
  db,
  wallet,
  log,
}: {
  db: Db;
  wallet: WalletService;
  log: { warn(o: object, m: string): void };
}) {
  const clients = new Map<string, Set<LiveClient>>();
  let schema: string | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  async function balanceEvent(c: LiveClient): Promise<LiveEvent> {
    const b = await wallet.balance(c.member);
    const main = b.wallets.find((w) => w.code === 'MAIN')?.balance ?? 0;
    return { type: 'balance', sumBalance: b.sumBalance, main };
  }

  async function pushBalance(memberId: string) {
    const set = clients.get(memberId);
    if (!set?.size) return;
    const first = [...set][0]!;
    const event = await balanceEvent(first);
    for (const c of set) c.send(event);
  }

  async function pushMessages(memberId: string) {
    const set = clients.get(memberId);
    if (!set?.size) return;
    const [count, notice] = await Promise.all([unreadOf(db, memberId), newestUnread(db, memberId)]);
    for (const c of set) {
      if (notice) c.send({ type: 'notice', id: notice.id, kind: notice.kind, params: notice.params });
      c.send({ type: 'unread', count });
    }
  }

  function onPayload(payload: string) {
    let changes: MoneyChanges;
    try {
      changes = JSON.parse(payload) as MoneyChanges;
    } catch {
      return;
    }
    if (changes.schema && schema && changes.schema !== schema) return;
    for (const id of new Set(changes.balances ?? [])) {
      pushBalance(String(id)).catch((err: unknown) => log.warn({ err }, 'live: balance push failed'));
    }
    for (const id of new Set(changes.messages ?? [])) {
      pushMessages(String(id)).catch((err: unknown) => log.warn({ err }, 'live: message push failed'));
    }
  }

  return {
    async start() {
      const [row] = await db.query<{ schema: string }>('select current_schema() as schema');
      schema = row?.schema ?? null;
      unlisten = await db.listen(LIVE_CHANNEL, onPayload);
    },
    async stop() {
      const u = unlisten;
      unlisten = null;
      await u?.();
    },
    /** Registers a stream and sends its first events (balance, unread). Returns the unregister. */
    async open(c: LiveClient): Promise<() => void> {
      let set = clients.get(c.member.id);
      if (!set) clients.set(c.member.id, (set = new Set()));
      set.add(c);
      const [balance, count] = await Promise.all([balanceEvent(c), unreadOf(db, c.member.id)]);
      c.send(balance);
      c.send({ type: 'unread', count });
      return () => {
        set.delete(c);
        if (set.size === 0 && clients.get(c.member.id) === set) clients.delete(c.member.id);
      };
    },
    /** Open streams on this instance (tests, shutdown). */
    size: () => [...clients.values()].reduce((n, s) => n + s.size, 0),
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
