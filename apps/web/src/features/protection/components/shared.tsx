import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatMinor } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { useStatus } from '@/features/system/api/get-status';
import { memberInfoQueryKey } from '@/lib/session';
import { clearSession } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import styles from './protection.module.css';

/** Minor units → "MMK 1,234.50" in the merchant's currency. */
export function useMoney(): (minor: number) => string {
  const currency = useStatus().data?.merchant.currency ?? '';
  return (minor: number) => `${currency} ${formatMinor(minor)}`.trim();
}

export const useCurrency = () => useStatus().data?.merchant.currency ?? '';

/**
 * Ends the session on this side after the server ended it (a time-out or self-exclusion ends
 * every session at once, so no logout call): storage cleared, panels closed, home, logged out,
 * and a line saying why.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (titleKey?: string, messageKey?: string) => {
    clearSession();
    queryClient.removeQueries({ queryKey: memberInfoQueryKey });
    queryClient.removeQueries({ queryKey: ['protection'] });
    const ui = useUiStore.getState();
    ui.closePanels();
    ui.setAfterLogin(false);
    await navigate(paths.root);
    if (titleKey && messageKey) ui.openModal({ kind: 'modal', titleKey, messageKey });
  };
}

/** A labelled select (native: the phone's own picker at 360 px). */
export function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** An answer line: what was saved (status) or what went wrong (alert). */
export function Outcome({ ok, error }: { ok?: string | null; error?: string | null }) {
  if (error)
    return (
      <p className={styles.error} role="alert">
        {error}
      </p>
    );
  if (ok)
    return (
      <p className={styles.ok} role="status">
        {ok}
      </p>
    );
  return null;
}

/**
 * The confirm dialog of a time-out or self-exclusion: says it cannot be undone or shortened and
 * that the player will be logged out; Cancel or the confirm button.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
  error,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={title} closeLabel={t('common.close')} onClose={onClose} description={body}>
      <div className={styles.form}>
        <Outcome error={error} />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void onConfirm().finally(() => setBusy(false));
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
