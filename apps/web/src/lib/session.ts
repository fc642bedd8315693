import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasMemberCentre, isAgentType, memberInfo, TRIAL_TYPE, type MemberInfo } from '@app/contracts';
import { call } from './api-client';
import { session, SESSION_KEYS, useSessionStore } from './storage';

// Writers of the session live here (loaded with the account code), not in the home page's storage module.
/**
 * Stores a new session token (and the account when the caller knows it already). A `restricted`
 * session (issue 3: weak or expired password) may only change the password: the api client sends
 * it, but the app does not count as logged in, so nothing else is called with it.
 */
export function storeSession(token: string, account?: string, restricted = false): void {
  session.set(SESSION_KEYS.token, token);
  if (restricted) {
    session.remove(SESSION_KEYS.account);
    useSessionStore.setState({ token: null });
    return;
  }
  if (account) session.set(SESSION_KEYS.account, account);
  useSessionStore.setState({ token });
}

/** The member's keys of spec §3, written once member info is known. */
export function storeMemberKeys(m: { id: number; account: string; memberLabel: { labelName: string }[] }) {
  session.set(SESSION_KEYS.account, m.account);
  session.set(SESSION_KEYS.customerId, String(m.id));
  session.set(SESSION_KEYS.memberLabel, JSON.stringify(m.memberLabel.map((l) => l.labelName)));
}

export const memberInfoQueryKey = ['member', 'info'] as const;

export async function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo> {
  const member = await call(memberInfo, {}, { signal });
  storeMemberKeys(member);
  return member;
}

export function getMemberInfoQueryOptions() {
  return queryOptions({
    queryKey: memberInfoQueryKey,
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 60_000,
  });
}

export interface Session {
  isLoggedIn: boolean;
  /** Null until member info has loaded (or when logged out). */
  member: MemberInfo | null;
  /** Spec §6: agent types 1, 2, 41, 42. */
  isAgent: boolean;
  /** Spec §4: logged in and type not 4. */
  hasMemberCentre: boolean;
  /** Spec §4: type 4 is a trial account. */
  isTrial: boolean;
}

/** The signed-in member as every component sees it (spec §4 states). */
export function useSession(): Session {
  const token = useSessionStore((s) => s.token);
  const info = useQuery({ ...getMemberInfoQueryOptions(), enabled: token !== null });
  const member = token !== null ? (info.data ?? null) : null;
  return {
    isLoggedIn: token !== null,
    member,
    isAgent: member !== null && isAgentType(member.type),
    hasMemberCentre: member !== null && hasMemberCentre(member.type),
    isTrial: member !== null && member.type === TRIAL_TYPE,
  };
}
