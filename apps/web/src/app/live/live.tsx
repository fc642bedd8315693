import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import {
  LIVE_EVENTS_PATH,
  MAIN_WALLET,
  liveEventSchema,
  type LiveEvent,
  type WalletBalance,
} from '@app/contracts';
import { messagesKeys } from '@/features/messages/api/keys';
import { withTexts } from '@/features/protection/lazy';
import { recordsKeys } from '@/features/records/api/keys';
import { walletKeys } from '@/features/wallet/api/keys';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { readEventStream } from '@/lib/sse';
import { getToken } from '@/lib/storage';

// Issue 10: the reality check, the previous login and the limit refusals' texts, with a session
// (mounted here, in the session's own chunk: the first load of every page carries none of it).
const Protection = withTexts(() => import('@/features/protection/components/protection-runtime'), true);

/** The cashier's queries (issue 4 brief: they start with 'cashier'). */
const CASHIER_KEY = ['cashier'] as const;
/** The reward centre's queries (issue 9): a bet or a deposit moves a mission on, a notice may be a reward. */
const REWARDS_KEY = ['rewards'] as const;

/**
 * Applies one live event to the server state the pages show (issue 4 live updates):
 * balance → the header balance at once (sumBalance and main on the cached answer), every other
 * wallet view asks again; unread → the badge's count; notice → the inbox, the cashier's lists and
 * the records ask again.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'balance': {
      const cached = queryClient.getQueryData<WalletBalance>(walletKeys.balance);
      if (cached) {
        queryClient.setQueryData<WalletBalance>(walletKeys.balance, {
          ...cached,
          sumBalance: event.sumBalance,
          wallets: cached.wallets.map((w) => (w.code === MAIN_WALLET ? { ...w, balance: event.main } : w)),
        });
        // Already current: marked stale (asked again when next needed) without a visible refresh.
        void queryClient.invalidateQueries({ queryKey: walletKeys.balance, refetchType: 'none' });
        void queryClient.invalidateQueries({
          queryKey: walletKeys.all,
          predicate: (q) => q.queryKey[1] !== walletKeys.balance[1],
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      }
      // A movement is a new line of the account record.
      void queryClient.invalidateQueries({ queryKey: recordsKeys.all });
      void queryClient.invalidateQueries({ queryKey: REWARDS_KEY });
      return;
    }
    case 'unread':
      queryClient.setQueryData(messagesKeys.unread, { count: event.count });
      return;
    case 'notice':
      void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.all });
      void queryClient.invalidateQueries({ queryKey: REWARDS_KEY });
      return;
    case 'ping':
      return;
  }
}

/** Parses one `data:` payload; anything that is not a contract event is ignored. */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The one live stream of a signed-in real member (mounted once by the root, loaded lazily with a
 * session): opened when the member is known and not a trial account, closed on logout.
 */
export default function Live(): ReactNode {
  const queryClient = useQueryClient();
  const { member, isTrial } = useSession();
  const memberId = member?.id ?? null;

  useEffect(() => {
    if (memberId === null || isTrial) return;
    const controller = new AbortController();
    void readEventStream({
      url: LIVE_EVENTS_PATH,
      getToken,
      signal: controller.signal,
      headers: { 'X-Language': currentLanguage() },
      onData: (data) => {
        const event = parseLiveEvent(data);
        if (event) applyLiveEvent(queryClient, event);
      },
    });
    return () => controller.abort();
  }, [memberId, isTrial, queryClient]);

  return (
    <Suspense fallback={null}>
      <Protection />
    </Suspense>
  );
}
