import { useTranslation } from 'react-i18next';
import { formatMinor, sportsBetDetailSchema, type SportsBetDetail } from '@app/contracts';
import styles from './sports-detail.module.css';

type Leg = SportsBetDetail['legs'][number];

/** A line in hundredths → "-1.5", "+0.5", "2.5" (signed on the handicap, for the side picked). */
function lineText(leg: Leg): string {
  if (leg.line === null || leg.line === undefined) return '';
  const line = leg.market === 'handicap' && leg.selection === 'away' ? -leg.line : leg.line;
  const text = (Math.abs(line) / 100).toString();
  if (leg.market !== 'handicap') return text;
  return line > 0 ? `+${text}` : line < 0 ? `-${text}` : '0';
}

/** Odds × 1000 → "1.95". */
const oddsText = (odds: number) => (odds / 1000).toFixed(2);

/**
 * What the betting record shows of a sports bet's detail (issue 6; the detail the studio sends with
 * its credit): single or parlay, each leg's match, market, pick, odds, result and outcome, then
 * the stake, the combined odds and the payout. Answers null for a detail it cannot read.
 */
export function SportsDetail({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  const parsed = sportsBetDetailSchema.safeParse(detail);
  if (!parsed.success) return null;
  const d = parsed.data;
  const pick = (leg: Leg) => {
    const [home = '', away = ''] = leg.event.split(' v ');
    const line = lineText(leg);
    if (leg.market === '1x2')
      return leg.selection === 'draw' ? t('sports.pick.draw') : leg.selection === 'home' ? home : away;
    if (leg.market === 'handicap') return `${leg.selection === 'home' ? home : away} ${line}`;
    return t(`sports.pick.${leg.selection === 'over' ? 'over' : 'under'}`, { line });
  };
  return (
    <section className={styles.sports} aria-labelledby="sports-detail-title">
      <h3 id="sports-detail-title" className={styles.title}>
        {d.type === 'single' ? t('sports.single') : t('sports.parlay', { n: d.legs.length })}
      </h3>
      <ul className={styles.legs}>
        {d.legs.map((leg, i) => (
          <li key={i} className={styles.leg} data-outcome={leg.outcome}>
            <span className={styles.pick}>
              {pick(leg)} @ {oddsText(leg.odds)}
            </span>
            <span className={styles.meta}>
              {t(`sports.market.${leg.market}`)} · {leg.event} · {leg.league}
            </span>
            <span className={styles.meta}>
              {leg.result === 'void' ? t('sports.resultVoid') : t('sports.result', { result: leg.result })} ·{' '}
              <strong className={styles.outcome}>{t(`sports.outcome.${leg.outcome}`)}</strong>
            </span>
          </li>
        ))}
      </ul>
      <dl className={styles.figures}>
        <dt>{t('sports.stake')}</dt>
        <dd>{formatMinor(d.stake)}</dd>
        <dt>{t('sports.odds')}</dt>
        <dd>{oddsText(d.odds)}</dd>
        <dt>{t('sports.payout')}</dt>
        <dd>{formatMinor(d.payout)}</dd>
      </dl>
    </section>
  );
}
