import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/status';
import { useUiStore } from '@/lib/ui-store';
import styles from './overlays.module.css';

/** Spec §2: a loader overlay and a dialog overlay, each a toggle in the UI store. */
export function Overlays() {
  const { t } = useTranslation();
  const loader = useUiStore((s) => s.loader);
  const dialogOverlay = useUiStore((s) => s.dialogOverlay);
  return (
    <>
      {dialogOverlay ? <div className={styles.dim} aria-hidden="true" /> : null}
      {loader ? (
        <div className={styles.loader} role="status" aria-live="polite">
          <Spinner />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : null}
    </>
  );
}
