import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GameVendor } from '@app/contracts';
import { LazyImage } from '../lazy-image';
import styles from './games.module.css';

/** The vendor filter: "All providers" and one chip per vendor; a chip pushes ?vassalage=<code>. */
export function VendorChips({
  vendors,
  selected,
  hrefFor,
  showAll = true,
  reserve = false,
}: {
  vendors: readonly GameVendor[];
  selected: string | null;
  hrefFor: (vassalage: string | null) => string;
  /** The "All providers" chip (a hall that shows one vendor at a time has none). */
  showAll?: boolean;
  /** While the vendors load: keep the row's height, so the page below does not move (CLS). */
  reserve?: boolean;
}) {
  const { t } = useTranslation();
  if (vendors.length === 0) return reserve ? <div className={styles.chipsRow} aria-hidden="true" /> : null;
  return (
    <nav className={styles.chipsRow} aria-label={t('games.lobby.vendors_label')}>
      <ul className={styles.chips}>
        {showAll ? (
          <li>
            <Link
              className={styles.chip}
              to={hrefFor(null)}
              aria-current={selected === null ? 'true' : undefined}
            >
              {t('games.lobby.all_vendors')}
            </Link>
          </li>
        ) : null}
        {vendors.map((v) => (
          <li key={v.vassalage}>
            <Link
              className={styles.chip}
              to={hrefFor(v.vassalage)}
              aria-current={selected === v.vassalage ? 'true' : undefined}
            >
              <LazyImage className={styles.chipLogo} src={v.logoUrl} width={40} height={16} />
              {v.name}
              {v.status === 'maintenance' ? (
                <span className={styles.chipNote}>{t('games.lobby.vendor_maintenance')}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
