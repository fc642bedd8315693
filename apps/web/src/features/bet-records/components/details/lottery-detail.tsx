import { useTranslation } from 'react-i18next';
import { formatMinor, lotteryBetDetailSchema, SUM_RANGES } from '@app/contracts';
import styles from './lottery-detail.module.css';

/**
 * What the betting record shows of a lottery bet (issue 7; contract lotteryBetDetailSchema): the
 * game, period and play type, the picks, unit × multiplier × bets = stake, the result (digits or
 * the VN sheet), the commit hash and seed of the draw, the winning bets and the payout. Answers
 * null for a detail it cannot read.
 */
export function LotteryDetail({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  const parsed = lotteryBetDetailSchema.safeParse(detail);
  if (!parsed.success) return null;
  const { bet, period, draw } = parsed.data;
  const token = (tok: string) => {
    if (tok === 'big' || tok === 'small' || tok === 'odd' || tok === 'even')
      return t(`lottery.tokens.${tok}`);
    const range = [...SUM_RANGES.digit5, ...SUM_RANGES.digit3].find((r) => r.id === tok);
    return range ? t('lottery.picker.sum_range', { min: range.min, max: range.max }) : tok;
  };
  const picks = bet.selection.map((row) => (row.length ? row.map(token).join(' ') : '-')).join(' | ');
  const result = draw?.result;
  return (
    <section className={styles.lottery} aria-labelledby="lottery-detail-title">
      <h3 id="lottery-detail-title" className={styles.title}>
        {bet.labelName} · {t('lottery.period.numero', { numero: bet.numero })}
      </h3>
      <table className={styles.table}>
        <tbody>
          <tr>
            <th scope="row">{t('lottery.detail.game')}</th>
            <td>{bet.labelName}</td>
          </tr>
          <tr>
            <th scope="row">{t('lottery.detail.play_type')}</th>
            <td>{t(`lottery.play_types.${bet.playType}`)}</td>
          </tr>
          <tr>
            <th scope="row">{t('lottery.my_bets.picks')}</th>
            <td className={styles.picks}>{picks}</td>
          </tr>
          <tr>
            <th scope="row">{t('lottery.detail.bets')}</th>
            <td className={styles.num}>
              {formatMinor(bet.unit)} × {bet.multiplier} × {bet.betCount} = {formatMinor(bet.stake)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('lottery.detail.result')}</th>
            <td data-testid="lottery-detail-result">
              {result?.digits ? (
                <span className={styles.balls}>
                  {result.digits.map((d, i) => (
                    <span key={i} className={styles.ball}>
                      {d}
                    </span>
                  ))}
                </span>
              ) : result?.prizes ? (
                <ul className={styles.sheet} aria-label={t('lottery.detail.prizes')}>
                  {result.prizes.map((p) => (
                    <li key={p.tier}>
                      <span className={styles.tier}>{t(`lottery.tiers.${p.tier}`)}</span>{' '}
                      {p.numbers.join(' ')}
                    </li>
                  ))}
                </ul>
              ) : draw?.state === 'refunded' ? (
                t('lottery.results.refunded')
              ) : (
                t('lottery.detail.not_drawn')
              )}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('lottery.my_bets.state')}</th>
            <td>{t(`lottery.states.${bet.state}`)}</td>
          </tr>
          <tr>
            <th scope="row">{t('lottery.detail.win_count')}</th>
            <td className={styles.num}>{bet.winCount}</td>
          </tr>
          <tr>
            <th scope="row">{t('lottery.my_bets.payout')}</th>
            <td className={styles.num}>{formatMinor(bet.payout)}</td>
          </tr>
          <tr>
            <th scope="row">{t('lottery.period.commit')}</th>
            <td className={styles.hash}>
              <code>{draw?.commitHash ?? period.commitHash}</code>
            </td>
          </tr>
          {draw?.seed ? (
            <tr>
              <th scope="row">{t('lottery.results.seed')}</th>
              <td className={styles.hash}>
                <code>{draw.seed}</code>
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
