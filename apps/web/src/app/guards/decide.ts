import type { Flags, Permission } from '@app/contracts';
import { LOGIN_REQUIRED_EXCEPTIONS, paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown }
  | { kind: 'maintain' }
  | { kind: 'regiona'; ipBlocked: boolean }
  | { kind: 'redirect'; to: string }
  | { kind: 'ok' };

const codeOf = (e: unknown) => (isApiError(e) ? e.code : undefined);

/**
 * Spec §2 guards, in order: maintenance on every path, then region restriction (or an IP block)
 * on every path, then the login-required brand with its exact exceptions. A guarded API answer
 * (503 MAINTENANCE, 403 REGION_RESTRICTED / IP_BLOCKED) counts the same as the permission flags.
 */
export function decideGuard(input: {
  permission: Permission | undefined;
  permissionError: unknown;
  flags: Flags | undefined;
  statusError: unknown;
  hasToken: boolean;
  pathname: string;
}): GuardDecision {
  const { permission, permissionError, flags, statusError } = input;
  const codes = [codeOf(permissionError), codeOf(statusError)];
  if (permission?.maintenance || codes.includes('MAINTENANCE')) return { kind: 'maintain' };
  const ipBlocked = Boolean(permission?.ipBlocked) || codes.includes('IP_BLOCKED');
  if (permission?.regionRestriction || ipBlocked || codes.includes('REGION_RESTRICTED')) {
    return { kind: 'regiona', ipBlocked };
  }
  if (permissionError) return { kind: 'error', error: permissionError };
  if (statusError) return { kind: 'error', error: statusError };
  if (!permission || !flags) return { kind: 'loading' };
  if (flags.loginRequired && !input.hasToken && !LOGIN_REQUIRED_EXCEPTIONS.includes(input.pathname)) {
    return { kind: 'redirect', to: paths.login };
  }
  return { kind: 'ok' };
}
