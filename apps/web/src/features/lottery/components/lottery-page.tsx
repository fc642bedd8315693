import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  LOTTERY_GAME_CODE,
  LOTTERY_UNITS,
  playTypesOf,
  PLAY_TYPES,
  type LotteryGame,
  type LotteryMenu,
  type PlayType,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { useLotteryBets } from '../api/get-bets';
import { useOpenedNumero, type OpenedNumero } from '../api/get-opened-numero';
import { useHeadNavToggle } from '../head-nav';
import { emptySelection, lineStatus, randomPick } from '../picker-state';
import type { SlipLine } from '../slip';
import { BetSlip } from './bet-slip';
import { Countdown } from './countdown';
import { MY_BETS_PAGE_SIZE, MyBets } from './my-bets';
import { PayoutTable } from './payout-table';
import { NumberPicker, PickerActions } from './picker';
import { ResultBalls } from './result-balls';
import styles from './lottery-page.module.css';

// The draw history (and its pager) loads when the results are opened, not with the play view.
const DrawResults = lazy(() => import('./draw-results').then((m) => ({ default: m.DrawResults })));

/** The digit games of the lottery menus (prize modes Lott, ZY, Elott; kinds digit5 and digit3). */
export function digitMenus(menus: readonly LotteryMenu[]): LotteryMenu[] {
  return menus
    .map((m) => ({
      ...m,
      gameMenus: m.gameMenus.filter(
        (g) => (g.kind === 'digit5' || g.kind === 'digit3') && g.prizeMode !== 'SEA',
      ),
    }))
    .filter((m) => m.gameMenus.length > 0);
}

const isPlayType = (v: string | null): v is PlayType =>
  v !== null && (PLAY_TYPES as readonly string[]).includes(v);

/** The game's play types in tab order (those of its kind that it offers). */
export function gamePlayTypes(game: LotteryGame): PlayType[] {
  const offered = playTypesOf(game.kind).filter((p) => game.playTypes.includes(p));
  return offered.length > 0 ? offered : [...playTypesOf(game.kind)];
}

/**
 * When one of my bets of this game settles (its period was drawn: at its time or by an operator),
 * the period, its countdown and the last results ask again. My bets are refreshed by the live
 * stream when money moves (and every 15 s while one is pending).
 */
function useRefetchWhenSettled(gameCode: string | null, loggedIn: boolean, refetch: () => unknown) {
  const bets = useLotteryBets(
    { gameCode: gameCode ?? undefined, pageSize: MY_BETS_PAGE_SIZE },
    {
      enabled: loggedIn && Boolean(gameCode),
    },
  );
  const settled = (bets.data?.items ?? [])
    .filter((b) => b.state !== 'pending')
    .map((b) => b.id)
    .join(',');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!bets.data) return;
    if (seen.current !== null && seen.current !== settled) void refetch();
    seen.current = settled;
  }, [bets.data, settled, refetch]);
}

/** The head-nav toggle (spec §2); none in the game frame (embed=1), where the header stays hidden. */
function HeadNavToggle({ embedded }: { embedded: boolean }) {
  const { t } = useTranslation();
  const nav = useHeadNavToggle(embedded);
  if (embedded) return null;
  return (
    <Button variant="ghost" size="s" aria-pressed={nav.hidden} onClick={nav.toggle}>
      {t(nav.hidden ? 'lottery.page.show_header' : 'lottery.page.hide_header')}
    </Button>
  );
}

/** The game menu: groups with their games as links that set gameCode (and its default play type). */
function GameMenu({
  menus,
  selected,
  onSelect,
}: {
  menus: readonly LotteryMenu[];
  selected: string | null;
  onSelect(game: LotteryGame): void;
}) {
  const { t } = useTranslation();
  return (
    <nav className={styles.menu} aria-label={t('lottery.page.menu')}>
      {menus.map((m) => (
        <div key={m.gameGroupCode} className={styles.menuGroup}>
          <span className={styles.menuGroupLabel}>
            {t(m.labelName.startsWith('lottery.') ? m.labelName : `lottery.groups.${m.gameGroupCode}`, {
              defaultValue: m.gameGroupCode,
            })}
          </span>
          <ul className={styles.menuGames}>
            {m.gameMenus.map((g) => (
              <li key={g.gameCode}>
                <button
                  type="button"
                  className={styles.menuGame}
                  aria-current={g.gameCode === selected ? 'page' : undefined}
                  onClick={() => onSelect(g)}
                >
                  {g.labelName}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The current period: numero, countdown, commit hash (short, copyable), the last results. */
function PeriodPanel({
  data,
  receivedAt,
  onResults,
}: {
  data: OpenedNumero;
  receivedAt: number;
  onResults(): void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const current = data.current;
  const last = data.recent[0] ?? null;
  const copy = async () => {
    if (!current) return;
    try {
      await navigator.clipboard.writeText(current.commitHash);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className={styles.period} aria-labelledby="lottery-period">
      <div className={styles.periodMain}>
        <h2 id="lottery-period" className={styles.gameName}>
          {data.game.labelName}
        </h2>
        {current ? (
          <p className={styles.numero} data-testid="lottery-numero">
            {t('lottery.period.numero', { numero: current.numero })}
          </p>
        ) : null}
        <Countdown
          closeAt={current?.closeAt ?? null}
          drawAt={current?.drawAt ?? null}
          serverTime={data.serverTime}
          receivedAt={receivedAt}
        />
        {current ? (
          <p className={styles.commit}>
            <span className={styles.muted}>{t('lottery.period.commit')}</span>{' '}
            <code title={current.commitHash}>{current.commitHash.slice(0, 12)}…</code>{' '}
            <button type="button" className={styles.linkButton} onClick={() => void copy()}>
              {t(copied ? 'lottery.period.copied' : 'lottery.period.copy')}
            </button>
          </p>
        ) : null}
      </div>
      <div className={styles.periodLast} data-testid="lottery-last-result">
        <span className={styles.muted}>{t('lottery.period.last_results')}</span>
        {last ? (
          <>
            <span className={styles.lastNumero}>{t('lottery.period.numero', { numero: last.numero })}</span>
            <ResultBalls digits={last.result?.digits ?? null} />
          </>
        ) : (
          <span className={styles.muted}>{t('lottery.period.no_results')}</span>
        )}
        {data.recent.length > 1 ? (
          <ul className={styles.recent}>
            {data.recent.slice(1, 5).map((d) => (
              <li key={d.numero}>
                <span className={styles.muted}>{d.numero}</span>
                <ResultBalls digits={d.result?.digits ?? null} size="s" />
              </li>
            ))}
          </ul>
        ) : null}
        <button type="button" className={styles.linkButton} onClick={onResults}>
          {t('lottery.period.all_results')}
        </button>
      </div>
    </section>
  );
}

/** Tabs, picker, and the slip of one game (state resets when the game changes: keyed by gameCode). */
function PlayArea({
  data,
  playType,
  onPlayType,
  loggedIn,
}: {
  data: OpenedNumero;
  playType: PlayType;
  onPlayType(p: PlayType): void;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const game = data.game;
  const kind = game.kind;
  const types = gamePlayTypes(game);
  const [selection, setSelection] = useState<string[][]>(() => emptySelection(kind, playType));
  const [selectionOf, setSelectionOf] = useState(playType);
  const [lines, setLines] = useState<SlipLine[]>([]);
  // Another tab starts with an empty picker.
  if (selectionOf !== playType) {
    setSelectionOf(playType);
    setSelection(emptySelection(kind, playType));
  }
  const status = lineStatus(kind, playType, selection);
  const add = () => {
    if (status.error || status.betCount === 0) return;
    setLines((l) => [
      ...l,
      { playType, selection, unit: LOTTERY_UNITS[0], multiplier: 1, betCount: status.betCount },
    ]);
    setSelection(emptySelection(kind, playType));
  };

  return (
    <div className={styles.play}>
      <section className={styles.section} aria-labelledby="lottery-picker">
        <h2 id="lottery-picker" className={styles.srOnly}>
          {t('lottery.picker.title')}
        </h2>
        <div className={styles.tabs} role="tablist" aria-label={t('lottery.picker.play_types')}>
          {types.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={p === playType}
              className={styles.tab}
              onClick={() => onPlayType(p)}
            >
              {t(`lottery.play_types.${p}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-label={t(`lottery.play_types.${playType}`)} className={styles.panel}>
          <NumberPicker kind={kind} playType={playType} selection={selection} onChange={setSelection} />
          <PickerActions
            betCount={status.betCount}
            error={status.error}
            onRandom={() => setSelection(randomPick(kind, playType))}
            onClear={() => setSelection(emptySelection(kind, playType))}
            onAdd={add}
          />
        </div>
      </section>
      <BetSlip
        kind={kind}
        gameCode={game.gameCode}
        period={data.current}
        lines={lines}
        onRemove={(i) => setLines((l) => l.filter((_, j) => j !== i))}
        onClear={() => setLines([])}
        onPlaced={() => setLines([])}
      />
      <MyBets gameCode={game.gameCode} kind={kind} loggedIn={loggedIn} />
      <PayoutTable kind={kind} odds={data.odds} />
    </div>
  );
}

/**
 * /lottery (header only): the digit games' menu, the selected game (query gameCode; its play type
 * from the query playType) with its period, countdown, commit, last results, play-type tabs,
 * pickers, slip, my bets and payout table; view=results shows the game's draw history.
 */
export function LotteryPage({
  menus,
  menusLoading,
}: {
  menus: readonly LotteryMenu[];
  menusLoading: boolean;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const digit = digitMenus(menus);
  const firstGame = digit[0]?.gameMenus[0] ?? null;
  const gameCode = params.get('gameCode') ?? firstGame?.gameCode ?? null;
  const view = params.get('view') === 'results' ? 'results' : 'play';
  // A code that can't be a game's (a hand-made address) is unknown without asking the server.
  const wellFormed = gameCode === null || LOTTERY_GAME_CODE.test(gameCode);
  const opened = useOpenedNumero(wellFormed ? gameCode : null);

  useRefetchWhenSettled(wellFormed ? gameCode : null, loggedIn, opened.refetch);

  const game = opened.data?.game ?? null;
  const types = game ? gamePlayTypes(game) : [];
  const queryType = params.get('playType');
  const playType: PlayType | null = game
    ? isPlayType(queryType) && types.includes(queryType)
      ? queryType
      : types.includes(game.defaultPlayType)
        ? game.defaultPlayType
        : (types[0] ?? null)
    : null;

  const update = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        // The resolved game always goes along (a click may run before the added query re-renders).
        if (gameCode && !('gameCode' in next)) out.set('gameCode', gameCode);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) out.delete(k);
          else out.set(k, v);
        }
        return out;
      },
      { replace: true, preventScrollReset: true },
    );

  // Spec §2: the query gets gameCode and playType once the game (with its default play type) is known.
  const queryGame = params.get('gameCode');
  useEffect(() => {
    if (!game || !playType) return;
    if (queryGame === game.gameCode && queryType === playType) return;
    update({ gameCode: game.gameCode, playType });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is a fresh closure each render
  }, [game, playType, queryGame, queryType]);

  const selectGame = (g: LotteryGame) =>
    update({ gameCode: g.gameCode, playType: g.defaultPlayType, view: null });

  let body;
  if (!gameCode) {
    body = menusLoading ? (
      <LoadingState label={t('lottery.page.loading')} />
    ) : (
      <EmptyState title={t('lottery.page.pick_game')} />
    );
  } else if (!wellFormed) {
    body = <EmptyState title={t('lottery.page.unknown_game')} />;
  } else if (opened.isError) {
    const key = errorKey(opened.error);
    body =
      key === 'lottery.errors.unknown_game' ? (
        <EmptyState title={t('lottery.page.unknown_game')} />
      ) : (
        <ErrorState messageKey={key} onRetry={() => void opened.refetch()} />
      );
  } else if (!opened.data || !playType) {
    body = <LoadingState label={t('lottery.page.loading')} />;
  } else if (view === 'results') {
    body = (
      <Suspense fallback={<LoadingState label={t('lottery.page.loading')} />}>
        <DrawResults gameCode={opened.data.game.gameCode} onBack={() => update({ view: null })} />
      </Suspense>
    );
  } else {
    body = (
      <>
        <PeriodPanel
          data={opened.data}
          receivedAt={opened.dataUpdatedAt}
          onResults={() => update({ view: 'results' })}
        />
        <PlayArea
          key={opened.data.game.gameCode}
          data={opened.data}
          playType={playType}
          onPlayType={(p) => update({ playType: p })}
          loggedIn={loggedIn}
        />
      </>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <div className={styles.head}>
        <h1 id="page-title" className={styles.title}>
          {t('lottery.page.title')}
        </h1>
        <div className={styles.headActions}>
          {gameCode && opened.data ? (
            <div className={styles.viewTabs} role="group" aria-label={t('lottery.page.views')}>
              <button
                type="button"
                className={styles.viewTab}
                aria-pressed={view === 'play'}
                onClick={() => update({ view: null })}
              >
                {t('lottery.page.tab_play')}
              </button>
              <button
                type="button"
                className={styles.viewTab}
                aria-pressed={view === 'results'}
                onClick={() => update({ view: 'results' })}
              >
                {t('lottery.page.tab_results')}
              </button>
            </div>
          ) : null}
          <HeadNavToggle embedded={params.get('embed') === '1'} />
        </div>
      </div>
      {digit.length > 0 ? (
        <GameMenu menus={digit} selected={gameCode} onSelect={selectGame} />
      ) : menusLoading ? (
        <div className={styles.menuPlaceholder} aria-hidden="true" />
      ) : null}
      {body}
    </section>
  );
}
