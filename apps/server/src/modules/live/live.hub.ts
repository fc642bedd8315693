import { MAIN_WALLET, type LiveEvent } from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { LIVE_CHANNEL, type MoneyChanges } from '../ledger/money-tx.ts';
import { newestUnread, unreadOf } from '../messages/messages.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { SessionMember } from '../session/session.service.ts';

/** The member ids of a payload's list (strings or numbers); anything else counts as none. */
const memberIds = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((id): id is string | number => typeof id === 'string' || typeof id === 'number').map(String)
    : [];

/** One open stream of a member on this instance. */
export interface LiveClient {
  member: Pick<SessionMember, 'id' | 'type' | 'merchantId'>;
  send(event: LiveEvent): void;
}

interface Client extends LiveClient {
  /** Notices up to this message id were there before the stream opened, or were sent on it. */
  lastNoticeId: number;
}

/** The open streams of one member and what must be re-read for them. */
interface MemberStreams {
  clients: Set<Client>;
  balance: boolean;
  messages: boolean;
  running: Promise<void> | null;
}

/**
 * The live hub (DESIGN §3): LISTENs on LIVE_CHANNEL, which every committed money transaction
 * NOTIFYs (on any instance, or the ops command line), and pushes to the streams open here the
 * member's new balance, the newest notice and the unread count.
 *
 * Reads for one member run one after another (a "pump"): a change heard while a read is under way
 * marks the member dirty and is read again afterwards, so the last event a stream gets is always
 * from a read that started after the last change — two reads racing on two pool connections can
 * never leave an older balance as the last word. Bursts of changes collapse into one read.
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
  const members = new Map<string, MemberStreams>();
  let schema: string | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  async function pump(memberId: string, st: MemberStreams): Promise<void> {
    await null; // `st.running` is assigned before the loop can finish
    for (;;) {
      if (!st.balance && !st.messages) {
        st.running = null;
        return;
      }
      const { balance, messages } = st;
      st.balance = st.messages = false;
      // Only the streams open now: one opened later gets the next round (its open marked both).
      const targets = [...st.clients];
      const first = targets[0];
      if (!first) continue;
      try {
        const [b, count, notice] = await Promise.all([
          balance ? wallet.balance(first.member) : null,
          messages ? unreadOf(db, memberId) : null,
          messages ? newestUnread(db, memberId) : null,
        ]);
        const events: LiveEvent[] = [];
        if (b) {
          const main = b.wallets.find((w) => w.code === MAIN_WALLET)?.balance ?? 0;
          events.push({ type: 'balance', sumBalance: b.sumBalance, main });
        }
        for (const c of targets) {
          for (const e of events) c.send(e);
          if (notice && notice.id > c.lastNoticeId) {
            c.lastNoticeId = notice.id;
            c.send({ type: 'notice', id: notice.id, kind: notice.kind, params: notice.params });
          }
          if (count !== null) c.send({ type: 'unread', count });
        }
      } catch (err) {
        log.warn({ err, memberId }, 'live: could not read the member’s balance or inbox');
      }
    }
  }

  /** Marks what changed for the member; resolves once a read that started after this is sent. */
  function changed(memberId: string, what: { balance?: boolean; messages?: boolean }): Promise<void> {
    const st = members.get(memberId);
    if (!st) return Promise.resolve();
    if (what.balance) st.balance = true;
    if (what.messages) st.messages = true;
    st.running ??= pump(memberId, st);
    return st.running;
  }

  /**
   * Anything may arrive on the channel (any SQL session can NOTIFY it): a payload that is not
   * MoneyChanges is ignored, never thrown — a throw here is an uncaught exception of the process.
   */
  function onPayload(payload: string) {
    let changes: Partial<Record<keyof MoneyChanges, unknown>>;
    try {
      const parsed: unknown = JSON.parse(payload);
      if (!parsed || typeof parsed !== 'object') return;
      changes = parsed;
    } catch {
      return;
    }
    // Test schemas (and tenants) share one database's channels: only this schema's changes count.
    if (changes.schema && schema && changes.schema !== schema) return;
    for (const id of memberIds(changes.balances)) void changed(id, { balance: true });
    for (const id of memberIds(changes.messages)) void changed(id, { messages: true });
  }

  /** After the LISTEN connection came back: what was NOTIFYed meanwhile is lost, re-read all. */
  function resync() {
    for (const id of members.keys()) void changed(id, { balance: true, messages: true });
  }

  return {
    async start() {
      const [row] = await db.query<{ schema: string }>('select current_schema() as schema');
      schema = row?.schema ?? null;
      unlisten = await db.listen(LIVE_CHANNEL, onPayload, resync);
    },
    async stop() {
      const u = unlisten;
      unlisten = null;
      await u?.();
    },
    /**
     * Registers a stream: its first events are the balance, then the unread count (a notice only
     * for a message newer than the stream). Returns the unregister.
     */
    async open(c: LiveClient): Promise<() => void> {
      const [row] = await db.query<{ id: string | null }>(
        'select max(id) as id from messages where member_id = $1',
        [c.member.id],
      );
      const client: Client = { ...c, lastNoticeId: Number(row?.id ?? 0) };
      let st = members.get(c.member.id);
      if (!st) {
        st = { clients: new Set(), balance: false, messages: false, running: null };
        members.set(c.member.id, st);
      }
      const own = st;
      own.clients.add(client);
      const unregister = () => {
        own.clients.delete(client);
        if (own.clients.size === 0 && members.get(c.member.id) === own) members.delete(c.member.id);
      };
      await changed(c.member.id, { balance: true, messages: true });
      return unregister;
    },
    /** Open streams on this instance (tests, shutdown). */
    size: () => [...members.values()].reduce((n, s) => n + s.clients.size, 0),
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
