import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { countBets, LOTTERY_UNITS, selectionError, type PlayType } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { useOpenedNumero } from '../api/get-opened-numero';
import { useVnMenu } from '../api/get-vn-menu';
import { BetSlip } from '../components/bet-slip';
import { Countdown } from '../components/countdown';
import type { SlipLine } from '../slip';
import { VnMyBets } from './my-bets';
import { OddsTable } from './odds-table';
import { VnPicker } from './picker';
import { playTypeHelp, playTypeName, VN_TABS } from './play-types';
import { pickGame, RegionTabs, type VnMenuGame } from './region-tabs';
import { useHeaderHidden } from '../head-nav';
import { VnResults } from './vn-results';
import styles from './vn.module.css';

/**
 * The Vietnamese lottery (/vnlottery, issue 7): region and province tabs (query gameCode selects
 * a province), the open period with its countdown, the bet types with their pickers, the slip,
 * the payout table, today's and past result sheets, my bets.
 */
export function VnLottery() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const menu = useVnMenu();
  useHeaderHidden(params.get('embed') === '1');
  if (menu.isPending) return <LoadingState label={t('common.loading')} />;
  if (menu.isError)
    return <ErrorState messageKey={errorKey(menu.error)} onRetry={() => void menu.refetch()} />;
  const regions = menu.data.regions;
  const game = pickGame(regions, params.get('gameCode'));
  if (!game) return <EmptyState title={t('vnlottery.no_games')} />;
  const select = (g: VnMenuGame) => {
    const next = new URLSearchParams(params);
    next.set('gameCode', g.gameCode);
    setParams(next, { replace: true });
  };
  return (
    <div className={styles.page}>
      <RegionTabs regions={regions} selected={game} onSelect={select} />
      <GamePanel key={game.gameCode} game={game} />
    </div>
  );
}

function GamePanel({ game }: { game: VnMenuGame }) {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const opened = useOpenedNumero(game.gameCode);
  const [playType, setPlayType] = useState<PlayType>(
    game.playTypes.includes(game.defaultPlayType) ? game.defaultPlayType : (game.playTypes[0] ?? 'LO_2D'),
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [lines, setLines] = useState<SlipLine[]>([]);
  const tabs = VN_TABS.filter((p) => game.playTypes.includes(p));
  const selection = [picked];
  const bets = countBets(game.kind, playType, selection);
  const invalid = picked.length > 0 ? selectionError(game.kind, playType, selection) : null;
  const current = opened.data?.current ?? null;

  const add = () => {
    if (bets === 0) return;
    setLines((l) => [
      ...l,
      { playType, selection: [picked], unit: LOTTERY_UNITS[0], multiplier: 1, betCount: bets },
    ]);
    setPicked([]);
  };

  return (
    <>
      <div className={styles.column}>
        <section className={styles.period} aria-labelledby="vn-period-title">
          <h2 id="vn-period-title" className={styles.periodTitle}>
            {game.labelName}
            {current ? (
              <span className={styles.numero}>{t('vnlottery.numero', { numero: current.numero })}</span>
            ) : null}
          </h2>
          {opened.isError ? (
            <ErrorState messageKey={errorKey(opened.error)} onRetry={() => void opened.refetch()} />
          ) : opened.data ? (
            <>
              <Countdown
                closeAt={current?.closeAt ?? null}
                drawAt={current?.drawAt ?? null}
                serverTime={opened.data.serverTime}
                receivedAt={opened.dataUpdatedAt}
              />
              {!current && opened.data.next ? (
                <p className={styles.note}>
                  {t('vnlottery.next_draw', { when: new Date(opened.data.next.drawAt).toLocaleString() })}
                </p>
              ) : null}
            </>
          ) : (
            <LoadingState label={t('common.loading')} />
          )}
        </section>

        <section className={styles.play} aria-labelledby="vn-play-title">
          <h2 id="vn-play-title" className="visually-hidden">
            {t('vnlottery.play_title')}
          </h2>
          <div role="tablist" aria-label={t('vnlottery.play_title')} className={styles.playTabs}>
            {tabs.map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={p === playType}
                className={styles.playTab}
                onClick={() => {
                  setPlayType(p);
                  setPicked([]);
                }}
              >
                {t(playTypeName(p))}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={t(playTypeName(playType))} className={styles.playPanel}>
            <p className={styles.help}>{t(playTypeHelp(playType))}</p>
            <VnPicker kind={game.kind} playType={playType} picked={picked} onChange={setPicked} />
            <div className={styles.addRow}>
              <span aria-live="polite">{t('vnlottery.picker.bets', { bets })}</span>
              <Button onClick={add} disabled={bets === 0}>
                {t('vnlottery.picker.add_to_slip')}
              </Button>
            </div>
            {invalid && bets === 0 ? (
              <p className={styles.hintLine}>{t('vnlottery.picker.incomplete')}</p>
            ) : null}
          </div>
        </section>

        <VnResults game={game} />
      </div>
      <div className={styles.column}>
        <BetSlip
          kind={game.kind}
          gameCode={game.gameCode}
          period={current}
          lines={lines}
          onRemove={(i) => setLines((l) => l.filter((_, j) => j !== i))}
          onClear={() => setLines([])}
          onPlaced={() => setLines([])}
        />

        {opened.data ? (
          <details className={styles.oddsBox}>
            <summary>{t('vnlottery.odds.title')}</summary>
            <OddsTable odds={opened.data.odds} />
          </details>
        ) : null}

        <section className={styles.section} aria-labelledby="vn-bets-title">
          <h2 id="vn-bets-title">{t('vnlottery.bets.title')}</h2>
          <VnMyBets gameCode={game.gameCode} enabled={loggedIn} />
        </section>
      </div>
    </>
  );
}
