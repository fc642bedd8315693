import { useTranslation } from 'react-i18next';
import type { LotteryGame, VnRegion } from '@app/contracts';
import styles from './vn.module.css';

export type VnMenuGame = LotteryGame & { drawsToday: boolean };
export interface VnMenuRegion {
  region: VnRegion;
  games: VnMenuGame[];
}

/** Provinces drawing today first (marked), then the others, each group in the menu's order. */
export function provincesOf(region: VnMenuRegion | undefined): VnMenuGame[] {
  if (!region) return [];
  return [...region.games.filter((g) => g.drawsToday), ...region.games.filter((g) => !g.drawsToday)];
}

/** The game a page opens: the one asked for (query gameCode), else the first province drawing today. */
export function pickGame(regions: readonly VnMenuRegion[], gameCode: string | null): VnMenuGame | null {
  for (const r of regions) {
    const g = r.games.find((x) => x.gameCode === gameCode);
    if (g) return g;
  }
  for (const r of regions) {
    const g = provincesOf(r)[0];
    if (g?.drawsToday) return g;
  }
  return regions.flatMap((r) => r.games)[0] ?? null;
}

/** Region tabs (north, central, south) and the selected region's province tabs. */
export function RegionTabs({
  regions,
  selected,
  onSelect,
}: {
  regions: readonly VnMenuRegion[];
  selected: VnMenuGame;
  onSelect: (game: VnMenuGame) => void;
}) {
  const { t } = useTranslation();
  const region = regions.find((r) => r.region === selected.region);
  return (
    <div className={styles.menu}>
      <div role="tablist" aria-label={t('vnlottery.regions.label')} className={styles.regionTabs}>
        {regions.map((r) => {
          const on = r.region === selected.region;
          const first = provincesOf(r)[0];
          return (
            <button
              key={r.region}
              type="button"
              role="tab"
              aria-selected={on}
              className={styles.regionTab}
              disabled={!first}
              onClick={() => first && !on && onSelect(first)}
            >
              {t(`vnlottery.regions.${r.region}`)}
            </button>
          );
        })}
      </div>
      <div role="tablist" aria-label={t('vnlottery.provinces')} className={styles.provinceTabs}>
        {provincesOf(region).map((g) => (
          <button
            key={g.gameCode}
            type="button"
            role="tab"
            aria-selected={g.gameCode === selected.gameCode}
            className={styles.provinceTab}
            onClick={() => onSelect(g)}
          >
            {g.labelName}
            {g.drawsToday ? (
              <span className={styles.today}>
                <span aria-hidden="true">●</span>
                <span className="visually-hidden">{t('vnlottery.draws_today')}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
    </div>
  );
}
