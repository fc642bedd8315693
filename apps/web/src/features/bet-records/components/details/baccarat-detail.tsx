import { useTranslation } from 'react-i18next';
import { baccaratBetDetailSchema, formatMinor } from '@app/contracts';
import styles from './baccarat-detail.module.css';

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
/** "TD" → "10♦". */
const cardText = (card: string) => `${card[0] === 'T' ? '10' : card[0]}${SUITS[card[1] ?? ''] ?? ''}`;
const isRed = (card: string) => card[1] === 'H' || card[1] === 'D';

/**
 * What the betting record shows of a baccarat bet's detail (issue 6; the detail the studio sends with
 * its credit): the table and round, both hands with their totals, the winner and pairs, and each
 * spot's stake and what it returned. An open bet (the debit's detail) shows its spots only.
 * Answers null for a detail it cannot read.
 */
export function BaccaratDetail({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  const parsed = baccaratBetDetailSchema.safeParse(detail);
  if (!parsed.success) return null;
  const d = parsed.data;
  const hands = [
    { key: 'player', cards: d.playerCards, total: d.playerTotal },
    { key: 'banker', cards: d.bankerCards, total: d.bankerTotal },
  ] as const;
  const pairs = d.pairs
    ? [
        d.pairs.player ? t('baccarat.spot.playerPair') : '',
        d.pairs.banker ? t('baccarat.spot.bankerPair') : '',
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <section className={styles.baccarat} aria-labelledby="baccarat-detail-title">
      <h3 id="baccarat-detail-title" className={styles.title}>
        {t('baccarat.title', { table: d.table })}
      </h3>
      <p className={styles.round}>{t('baccarat.round', { id: d.roundId })}</p>
      {d.playerCards && d.bankerCards ? (
        <div className={styles.hands}>
          {hands.map((h) => (
            <div
              key={h.key}
              className={styles.hand}
              data-side={h.key}
              data-winner={d.winner === h.key || undefined}
              role="group"
              aria-label={t('baccarat.hand', {
                hand: t(`baccarat.spot.${h.key}`),
                cards: (h.cards ?? []).map(cardText).join(' '),
                total: h.total ?? 0,
              })}
            >
              <span className={styles.handName}>{t(`baccarat.spot.${h.key}`)}</span>
              <span className={styles.cards}>
                {(h.cards ?? []).map((c, i) => (
                  <span key={i} className={styles.card} data-red={isRed(c) || undefined}>
                    {cardText(c)}
                  </span>
                ))}
              </span>
              <span className={styles.total}>{h.total}</span>
            </div>
          ))}
        </div>
      ) : null}
      {d.winner ? (
        <p className={styles.winner} data-winner={d.winner}>
          {t(`baccarat.winner.${d.winner}`)}
          {pairs ? ` · ${t('baccarat.pairs', { pairs })}` : ''}
        </p>
      ) : (
        <p className={styles.winner}>{t('baccarat.pending')}</p>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('baccarat.spotHead')}</th>
            <th scope="col" className={styles.num}>
              {t('baccarat.stake')}
            </th>
            <th scope="col" className={styles.num}>
              {t('baccarat.returned')}
            </th>
          </tr>
        </thead>
        <tbody>
          {d.spots.map((s) => (
            <tr key={s.spot}>
              <td>{t(`baccarat.spot.${s.spot}`)}</td>
              <td className={styles.num}>{formatMinor(s.amount)}</td>
              <td className={styles.num}>
                {s.payout === undefined || s.payout === null ? '—' : formatMinor(s.payout)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
