import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { formatMinor } from '@app/contracts';
import { Modal } from '@/components/ui/modal';
import { ErrorState, LoadingState } from '@/components/ui/status';
import list from '@/components/ui/record-list.module.css';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { signedAmount } from '@/lib/record-list';
import { useBetDetail } from '../api/get-bet-detail';
import styles from './bets.module.css';
import { BaccaratDetail } from './details/baccarat-detail';
import { FishDetail } from './details/fish-detail';
import { LotteryDetail } from './details/lottery-detail';
import { PvpDetail } from './details/pvp-detail';
import { SportsDetail } from './details/sports-detail';

/** Each table vertical's detail (issue 6), by the `kind` its studio writes into it. */
function TableDetail({ detail }: { detail: unknown }) {
  const kind = detail && typeof detail === 'object' ? (detail as { kind?: unknown }).kind : undefined;
  switch (kind) {
    case 'baccarat':
      return <BaccaratDetail detail={detail} />;
    case 'sports':
      return <SportsDetail detail={detail} />;
    case 'fish':
      return <FishDetail detail={detail} />;
    case 'pvp':
      return <PvpDetail detail={detail} />;
    case 'lottery':
      return <LotteryDetail detail={detail} />;
    default:
      return null;
  }
}

/**
 * What the record shows of a slot round's detail (contract betDetail: `{ spins: [{ grid, lineWins,
 * win, free, multiplier }] }`, grid[reel][row]). Read leniently: another vertical's detail, or one
 * this client does not know, simply shows no reels.
 */
const slotDetailSchema = z.object({
  /** Symbol id → its glyph (since issue 6; older rounds show the ids). */
  glyphs: z.optional(z.record(z.string(), z.string())),
  spins: z.array(
    z.object({
      grid: z.array(z.array(z.string())),
      lineWins: z.array(
        z.object({
          line: z.number(),
          symbol: z.string(),
          count: z.number(),
          amount: z.number(),
          positions: z.optional(z.array(z.array(z.number()))),
        }),
      ),
      scatterCount: z.optional(z.number()),
      scatterWin: z.optional(z.number()),
      freeSpinsAwarded: z.optional(z.number()),
      win: z.number(),
      free: z.boolean(),
      multiplier: z.number(),
    }),
  ),
});
export type SlotDetail = z.infer<typeof slotDetailSchema>;

export function slotDetail(detail: unknown): SlotDetail | null {
  const parsed = slotDetailSchema.safeParse(detail);
  return parsed.success && parsed.data.spins.length > 0 ? parsed.data : null;
}

/** A bet's details (issue 5): the record, its vendor transactions and, for slots, every spin's reels. */
export function BetDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useBetDetail({ id });
  const slot = detail.data ? slotDetail(detail.data.detail) : null;
  const spins = slot?.spins ?? null;

  return (
    <Modal title={t('bets.details.title')} closeLabel={t('common.close')} onClose={onClose}>
      {detail.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : detail.isError ? (
        <ErrorState messageKey={errorKey(detail.error)} onRetry={() => void detail.refetch()} />
      ) : (
        <div className={styles.detail}>
          <dl className={styles.facts}>
            <div className={styles.factWide}>
              <dt>{t('bets.columns.game')}</dt>
              <dd>
                {detail.data.bet.gameName} · {detail.data.bet.vendorName}
              </dd>
            </div>
            <div className={styles.factWide}>
              <dt>{t('bets.details.round')}</dt>
              <dd className={styles.code}>{detail.data.bet.roundId}</dd>
            </div>
            <div>
              <dt>{t('bets.columns.stake')}</dt>
              <dd>{formatMinor(detail.data.bet.stake)}</dd>
            </div>
            <div>
              <dt>{t('bets.columns.payout')}</dt>
              <dd>{formatMinor(detail.data.bet.payout)}</dd>
            </div>
            <div>
              <dt>{t('bets.columns.win_loss')}</dt>
              <dd data-sign={Math.sign(detail.data.bet.winLoss)}>
                {signedAmount(detail.data.bet.winLoss, formatMinor)}
              </dd>
            </div>
            <div>
              <dt>{t('bets.columns.status')}</dt>
              <dd>
                <span className={styles.status} data-status={detail.data.bet.status}>
                  {t(`bets.status.${detail.data.bet.status}`)}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('bets.columns.time')}</dt>
              <dd>
                <time dateTime={detail.data.bet.createdAt}>{merchantTime(detail.data.bet.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>{t('bets.details.settled_at')}</dt>
              <dd>
                {detail.data.bet.settledAt ? (
                  <time dateTime={detail.data.bet.settledAt}>{merchantTime(detail.data.bet.settledAt)}</time>
                ) : (
                  t('bets.details.not_settled')
                )}
              </dd>
            </div>
          </dl>

          <h3 className={styles.subtitle}>{t('bets.details.transactions')}</h3>
          <ul className={styles.txList} aria-label={t('bets.details.transactions')}>
            {detail.data.transactions.map((tx) => (
              <li key={tx.txId} className={styles.tx}>
                <span className={list.lead}>{t(`bets.details.tx_kind.${tx.kind}`)}</span>
                <span className={list.num} data-sign={tx.kind === 'debit' ? -1 : Math.sign(tx.amount)}>
                  {tx.kind === 'debit' ? formatMinor(-tx.amount) : signedAmount(tx.amount, formatMinor)}
                </span>
                <span className={styles.code}>{tx.txId}</span>
                <time className={list.time} dateTime={tx.createdAt}>
                  {merchantTime(tx.createdAt)}
                </time>
              </li>
            ))}
          </ul>

          <TableDetail detail={detail.data.detail} />

          {spins ? (
            <>
              <h3 className={styles.subtitle}>{t('bets.details.spins', { total: spins.length })}</h3>
              <ol className={styles.spins}>
                {spins.map((spin, i) => (
                  <SpinView key={i} spin={spin} n={i + 1} glyphs={slot?.glyphs} />
                ))}
              </ol>
            </>
          ) : null}
        </div>
      )}
    </Modal>
  );
}

/** One spin: the 5 × 3 reels (winning cells marked), its winning lines, free spin and multiplier. */
function SpinView({
  spin,
  n,
  glyphs,
}: {
  spin: SlotDetail['spins'][number];
  n: number;
  glyphs?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const reels = spin.grid.length;
  const rows = Math.max(0, ...spin.grid.map((col) => col.length));
  const winning = new Set(
    spin.lineWins.flatMap((w) => (w.positions ?? []).map(([reel, row]) => `${reel}:${row}`)),
  );
  const cells: { key: string; symbol: string; win: boolean }[] = [];
  for (let row = 0; row < rows; row++) {
    for (let reel = 0; reel < reels; reel++) {
      cells.push({
        key: `${reel}:${row}`,
        symbol: spin.grid[reel]?.[row] ?? '',
        win: winning.has(`${reel}:${row}`),
      });
    }
  }
  const title = t('bets.details.spin', { n });
  const show = (symbol: string) => glyphs?.[symbol] ?? symbol;

  return (
    <li className={styles.spin} aria-label={title}>
      <p className={styles.spinHead}>
        <span className={list.lead}>{title}</span>
        {spin.free ? <span className={styles.badge}>{t('bets.details.free')}</span> : null}
        {spin.multiplier > 1 ? (
          <span className={styles.badge}>
            {t('bets.details.multiplier', { multiplier: spin.multiplier })}
          </span>
        ) : null}
        <span className={styles.spinWin}>
          {t('bets.details.win')} {formatMinor(spin.win)}
        </span>
      </p>
      <div
        className={styles.reels}
        style={{ gridTemplateColumns: `repeat(${reels}, minmax(0, 1fr))` }}
        role="img"
        aria-label={t('bets.details.grid_label', {
          n,
          rows: Array.from({ length: rows }, (_, row) =>
            spin.grid.map((col) => show(col[row] ?? '')).join(' '),
          ).join(' / '),
        })}
      >
        {cells.map((c) => (
          <span key={c.key} className={styles.cell} data-win={c.win || undefined}>
            {show(c.symbol)}
          </span>
        ))}
      </div>
      {spin.scatterWin || spin.freeSpinsAwarded ? (
        <p className={styles.lines}>
          {spin.scatterWin
            ? t('bets.details.scatter_win', {
                times: spin.scatterCount ?? 0,
                amount: formatMinor(spin.scatterWin),
              })
            : null}{' '}
          {spin.freeSpinsAwarded ? t('bets.details.free_awarded', { spins: spin.freeSpinsAwarded }) : null}
        </p>
      ) : null}
      {spin.lineWins.length > 0 ? (
        <ul className={styles.lines}>
          {spin.lineWins.map((w) => (
            <li key={`${w.line}-${w.symbol}`}>
              {t('bets.details.line_win', {
                line: w.line + 1,
                times: w.count,
                symbol: w.symbol,
                amount: formatMinor(w.amount),
              })}
            </li>
          ))}
        </ul>
      ) : spin.scatterWin ? null : (
        <p className={list.hint}>{t('bets.details.no_lines')}</p>
      )}
    </li>
  );
}
