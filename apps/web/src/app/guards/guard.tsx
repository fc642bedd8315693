import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { usePermission } from '@/features/system/api/get-permission';
import { useFlags } from '@/features/system/api/get-status';
import { errorKey } from '@/lib/api-client';
import { loadChunk } from '@/lib/chunk';
import { useSessionStore } from '@/lib/storage';
import { decideGuard } from './decide';
import styles from './guard.module.css';

// The guard pages are page groups of their own (spec §2: maintain, regiona).
const MaintainPage = lazy(() => loadChunk(() => import('../routes/maintain')));
const RegionPage = lazy(() => loadChunk(() => import('../routes/regiona')));

const GUARD_RECHECK_MS = 30_000;

/** The lightweight, translated loading screen shown before anything else. */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.screen}>
      <LoadingState label={t('guards.loading')} />
    </div>
  );
}

/** Nothing of a page renders before permission and status are known (spec §2 "set after a permission check"). */
export function Guard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const permission = usePermission();
  const flags = useFlags();
  const hasToken = useSessionStore((s) => s.token !== null);
  const decision = decideGuard({
    permission: permission.data,
    permissionError: permission.error,
    flags: flags.data,
    statusError: flags.error,
    hasToken,
    pathname,
  });

  const { refetch: refetchPermission } = permission;
  const { refetch: refetchStatus } = flags;
  const recheck = () => {
    void refetchPermission();
    void refetchStatus();
  };
  const blocked = decision.kind === 'maintain' || decision.kind === 'regiona';
  // While a guard page shows, look again now and then so the site comes back by itself.
  useEffect(() => {
    if (!blocked) return;
    const id = setInterval(() => {
      void refetchPermission();
      void refetchStatus();
    }, GUARD_RECHECK_MS);
    return () => clearInterval(id);
  }, [blocked, refetchPermission, refetchStatus]);

  switch (decision.kind) {
    case 'loading':
      return <AppLoading />;
    case 'error':
      return (
        <div className={styles.screen}>
          <ErrorState
            title={t('guards.error.title')}
            messageKey={errorKey(decision.error)}
            onRetry={recheck}
          />
        </div>
      );
    case 'maintain':
      return (
        <Suspense fallback={<AppLoading />}>
          <MaintainPage message={permission.data?.maintenanceMessage ?? null} onRetry={recheck} />
        </Suspense>
      );
    case 'regiona':
      return (
        <Suspense fallback={<AppLoading />}>
          <RegionPage ipBlocked={decision.ipBlocked} onRetry={recheck} />
        </Suspense>
      );
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'ok':
      return children;
  }
}
