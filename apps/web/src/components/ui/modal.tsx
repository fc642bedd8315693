import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './modal.module.css';

/**
 * Focus-trapped dialog (Radix): Escape and the close button close it. Imported only from lazily
 * loaded modules, so Radix stays out of the home page's first JS.
 */
export function Modal({
  title,
  closeLabel,
  onClose,
  variant = 'dialog',
  description,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** dialog: a small centred box; wide: the same, up to 720 px (reading); sheet: a side panel. */
  variant?: 'dialog' | 'wide' | 'sheet';
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${variant === 'wide' ? `${styles.dialog} ${styles.wide}` : styles[variant]}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : null}
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
