import { useTranslation } from 'react-i18next';
import { NOTICE_PAGE_SIZE } from '@app/contracts';
import { useUiStore } from '@/lib/ui-store';
import { useAnnouncements } from '../api/get-announcements';
import { BannerCarousel } from './banner-carousel';
import { languageTagOf } from './language-tag';
import styles from './home-announcements.module.css';

/** At most this many banners rotate on the home page. */
export const BANNER_MAX = 10;
export const BANNERS_QUERY = { group: 'banners', pageSize: BANNER_MAX } as const;
export const NOTICES_QUERY = { group: 'player', pageSize: NOTICE_PAGE_SIZE } as const;

/** The banners group as the home page's carousel; nothing when there are none. */
export function HomeBanners() {
  const banners = useAnnouncements(BANNERS_QUERY);
  const items = banners.data?.items ?? [];
  return items.length > 0 ? <BannerCarousel items={items} /> : null;
}

/**
 * The home page's notice line: the newest pinned (H) notice, else the newest of the player group,
 * as one button that opens the notice modal (spec §2). Its height is fixed, data or not. It asks
 * for the notice modal's first page, so the modal opens on it at once.
 */
export function NoticeLine() {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const notices = useAnnouncements(NOTICES_QUERY);
  const items = notices.data?.items ?? [];
  const headline = items.find((a) => a.type === 'H') ?? items[0];
  return (
    <button type="button" className={styles.line} onClick={() => openModal({ kind: 'notice' })}>
      <span className={styles.icon} aria-hidden="true" />
      <span className={styles.label}>{t('notice.title')}</span>
      {/* Cut by an ellipsis on a phone: the title has it whole (and the notice modal opens on a tap). */}
      <span
        className={styles.headline}
        title={headline?.title}
        lang={headline ? languageTagOf(headline.language) : undefined}
      >
        {headline?.title}
      </span>
      <span className={styles.chevron} aria-hidden="true">
        ›
      </span>
    </button>
  );
}
