import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { GameType, VendorCard } from '@app/contracts';
import { MENU_ROW_MAX, vendorLobbyPath } from '@/config/nav';
import { errorKey } from '@/lib/api-client';
import { useGameMenus } from '../api/get-game-menus';
import styles from './game-menu-panel.module.css';

/**
 * The vendors of a header game menu (spec §2 "a per-game-type menu with vendor logos"): one card
 * per vendor of `types` (the sports menu also lists the esports vendors), each leading to its
 * type's lobby with the vendor selected. Up to six cards sit in one row; more than six change the
 * layout to a four-column grid of smaller cards (spec §9). In the phone menu: a list.
 */
export default function GameMenuPanel({
  id,
  entryId,
  label,
  types,
  onNavigate,
}: {
  id: string;
  entryId: string;
  label: string;
  types: readonly GameType[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const { pathname, search } = useLocation();
  const cards = (menus.data?.categories ?? [])
    .filter((c) => types.includes(c.gameType))
    .sort((a, b) => types.indexOf(a.gameType) - types.indexOf(b.gameType))
    .flatMap((c) => c.cards);
  const layout = cards.length > MENU_ROW_MAX ? 'grid' : 'row';

  const onClick = (e: MouseEvent<HTMLAnchorElement>, to: string) => {
    // The same lobby with the same vendor already on screen: nothing to do (spec §2 rule).
    if (to === pathname + search) {
      e.preventDefault();
      return;
    }
    onNavigate();
  };

  return (
    <div id={id} className={styles.panel} data-entry={entryId}>
      {menus.isPending ? (
        <p className={styles.note} role="status">
          {t('common.loading')}
        </p>
      ) : menus.isError ? (
        <p className={styles.note} role="alert">
          {t(errorKey(menus.error))}{' '}
          <button type="button" className={styles.retry} onClick={() => void menus.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : cards.length === 0 ? (
        <p className={styles.note}>{t('nav.menu_empty')}</p>
      ) : (
        <ul className={styles.cards} data-layout={layout} aria-label={t('nav.menu_vendors', { type: label })}>
          {cards.map((card) => {
            const to = vendorLobbyPath(card.gameType, card.vassalage);
            return (
              <li key={`${card.gameType}-${card.vassalage}`}>
                <Link className={styles.card} to={to} onClick={(e) => onClick(e, to)}>
                  <VendorLogo card={card} />{' '}
                  <span className={styles.marks}>
                    {card.isHot === 1 ? <span className={styles.hot}>{t('nav.menu_hot')}</span> : null}{' '}
                    {card.status === 'maintenance' ? (
                      <span className={styles.maintenance}>{t('nav.menu_maintenance')}</span>
                    ) : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * The vendor's logo, loaded once (spec §9: one attempt in the header, no retries); the name is its
 * alternative text, and the text shown instead if the image fails.
 */
function VendorLogo({ card }: { card: VendorCard }) {
  const [failed, setFailed] = useState(false);
  return failed ? (
    <span className={styles.logoText}>{card.name}</span>
  ) : (
    <img
      className={styles.logo}
      src={card.logoUrl}
      alt={card.name}
      width={160}
      height={64}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
