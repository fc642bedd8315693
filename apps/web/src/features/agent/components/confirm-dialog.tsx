import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import agent from './agent.module.css';

/** A yes/no question before an action that changes someone's account (freeze, retire a link). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  /** A translated refusal of the last attempt. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={title} closeLabel={t('common.close')} onClose={onClose} description={message}>
      {error ? (
        <p className={agent.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={agent.actions}>
        <Button onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('agent.actions.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
