import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { loadChunk } from '@/lib/chunk';
import { loadAccountCatalogue } from '@/lib/i18n';
// The account forms' texts load beside their code: the part loaders come with the modals (lib/i18n.ts).
import '@/lib/catalogue-parts';
import { clearSession } from '@/lib/storage';
import type { ModalState } from '@/lib/ui-store';
import styles from './modal-content.module.css';

/** An account form's chunk together with the account texts it shows. */
function accountForm<T>(importer: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([loadChunk(importer), loadAccountCatalogue()]).then(([mod]) => mod);
}

// Each account form is its own chunk: opening the login popup does not fetch the register form.
const LoginModal = lazy(accountForm(() => import('@/features/auth/components/login-modal')));
const RegisterModal = lazy(accountForm(() => import('@/features/auth/components/register-modal')));
const ForgotPasswordModal = lazy(
  accountForm(() => import('@/features/auth/components/forgot-password-modal')),
);
const ChangePasswordModal = lazy(
  accountForm(() => import('@/features/auth/components/change-password-modal')),
);
// Issue 9: the notice modal and the announcements read one by one (popup, banner details), each
// with the announcements' texts (loaded by the chunk itself).
const NoticeModal = lazy(() => loadChunk(() => import('@/features/announcements/components/notice-modal')));
const AnnouncementModal = lazy(() =>
  loadChunk(() => import('@/features/announcements/components/announcement-modal')),
);

/** The bodies of every modal kind (DESIGN §5: one union, one host). */
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
            {modal.cancelKey ? (
              <Button variant="secondary" onClick={onClose}>
                {t(modal.cancelKey)}
              </Button>
            ) : null}
            <Button
              onClick={() => {
                // Close first: the confirm action may open the next modal (trial → register).
                onClose();
                modal.onConfirm?.();
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
        <Suspense fallback={null}>
          <NoticeModal onClose={onClose} />
        </Suspense>
      );
    case 'announcement':
      return (
        <Suspense fallback={null}>
          <AnnouncementModal items={modal.items} onClose={onClose} />
        </Suspense>
      );
    case 'login':
      return (
        <Suspense fallback={null}>
          <LoginModal mode={modal.mode} onClose={onClose} />
        </Suspense>
      );
    case 'register':
      return (
        <Suspense fallback={null}>
          <RegisterModal onClose={onClose} />
        </Suspense>
      );
    case 'forgotPassword':
      return (
        <Suspense fallback={null}>
          <ForgotPasswordModal onClose={onClose} />
        </Suspense>
      );
    case 'changePassword':
      return (
        <Suspense fallback={null}>
          <ChangePasswordModal
            forced={modal.forced ?? false}
            onClose={() => {
              // A forced-change session can do nothing else: leaving the form ends it.
              if (modal.forced) clearSession();
              onClose();
            }}
          />
        </Suspense>
      );
  }
}
