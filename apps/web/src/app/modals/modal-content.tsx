import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { ModalState } from '@/lib/ui-store';
import styles from './modal-content.module.css';

const TITLE_KEYS = {
  login: 'auth.login',
  register: 'auth.register',
  forgotPassword: 'auth.forgot_password',
  changePassword: 'auth.change_password',
  notice: 'notice.title',
} as const;

/**
 * The bodies of every modal kind. The account forms (login, register, password) and the notice
 * list arrive with the accounts issue; until then each frame says so instead of showing fake fields.
 */
export default function ModalContent({ modal, onClose }: { modal: ModalState; onClose: () => void }) {
  const { t } = useTranslation();
  const closeLabel = t('common.close');

  switch (modal.kind) {
    case 'dialog':
      return (
        <Modal
          title={t(modal.titleKey)}
          closeLabel={closeLabel}
          onClose={onClose}
          description={t(modal.messageKey)}
        >
          <div className={styles.actions}>
            <Button
              onClick={() => {
                modal.onConfirm?.();
                onClose();
              }}
            >
              {t(modal.confirmKey ?? 'common.confirm')}
            </Button>
          </div>
        </Modal>
      );
    case 'modal':
      return (
        <Modal title={t(modal.titleKey)} closeLabel={closeLabel} onClose={onClose}>
          <p className={styles.text}>{t(modal.messageKey)}</p>
        </Modal>
      );
    case 'notice':
      return (
        <Modal title={t(TITLE_KEYS.notice)} closeLabel={closeLabel} onClose={onClose}>
          <p className={styles.text}>{t('notice.pending')}</p>
        </Modal>
      );
    default:
      return (
        <Modal title={t(TITLE_KEYS[modal.kind])} closeLabel={closeLabel} onClose={onClose}>
          <p className={styles.text}>{t('modals.form_pending')}</p>
        </Modal>
      );
  }
}
