import { useTranslation } from 'react-i18next';
import type { Resource } from '@app/contracts';
import { EmptyState } from '@/components/ui/status';
import styles from './app-download.module.css';

// Resource types the catalogue has a name for; any other type shows as the server sends it.
const TYPE_KEYS: Record<string, string> = {
  ANDROID: 'download.types.android',
  IOS: 'download.types.ios',
  IOS_LITE: 'download.types.ios_lite',
  LITE: 'download.types.ios_lite',
  H5: 'download.types.h5',
  PC: 'download.types.pc',
};

/** The app-download resources of status (spec §3: resourceType, url, qrCodeUrl), shown as they are. */
export function AppDownload({ resources }: { resources: Record<string, Resource> }) {
  const { t } = useTranslation();
  const list = Object.entries(resources).filter(([, r]) => r.url);
  if (list.length === 0) return <EmptyState title={t('download.empty')} />;
  return (
    <ul className={styles.grid}>
      {list.map(([key, r]) => {
        const typeKey = TYPE_KEYS[r.resourceType.toUpperCase()];
        const name = typeKey ? t(typeKey) : r.resourceType;
        return (
          <li key={key} className={styles.card}>
            <h2 className={styles.name}>{name}</h2>
            {r.qrCodeUrl ? (
              <img
                className={styles.qr}
                src={r.qrCodeUrl}
                alt={t('download.qr_alt', { name })}
                width={160}
                height={160}
                loading="lazy"
              />
            ) : null}
            <a className={styles.link} href={r.url} target="_blank" rel="noopener noreferrer">
              {t('download.get', { name })}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
