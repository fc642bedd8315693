import { useTranslation } from 'react-i18next';
import type { Draw } from '@app/contracts';
import { headsAndTails, lotoOf, sheetRows } from './sheet-model';
import styles from './vn.module.css';

/** A prize number with its last two digits (the lô) emphasised, as VN sheets print them. */
function PrizeNumber({ value, special }: { value: string; special: boolean }) {
  return (
    <span className={special ? styles.numberSpecial : styles.number}>
      {value.slice(0, -2)}
      <strong className={styles.lo}>{value.slice(-2)}</strong>
    </span>
  );
}

/** One VN result sheet: the prizes (North 27: special → 7th; South/Central 18: 8th → special). */
export function ResultSheet({ draw }: { draw: Draw }) {
  const { t } = useTranslation();
  const rows = sheetRows(draw.kind, draw.result);
  return (
    <div className={styles.sheetBox}>
      <table
        className={styles.sheet}
        aria-label={t('vnlottery.sheet.table', { name: draw.labelName, numero: draw.numero })}
      >
        <caption className={styles.caption}>
          {draw.labelName} · {draw.numero}
        </caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.tier} className={row.tier === 'special' ? styles.specialRow : undefined}>
              <th scope="row">{t(`lottery.tiers.${row.tier}`)}</th>
              <td>
                <span className={styles.numbers}>
                  {row.numbers.length === 0
                    ? '—'
                    : row.numbers.map((n, i) => (
                        <PrizeNumber key={i} value={n} special={row.tier === 'special'} />
                      ))}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {draw.state === 'refunded' ? <p className={styles.note}>{t('vnlottery.sheet.refunded')}</p> : null}
      {draw.result ? <LotoTable draw={draw} /> : null}
      {draw.seed ? (
        <details className={styles.proof}>
          <summary>{t('vnlottery.sheet.proof')}</summary>
          <dl>
            <dt>{t('vnlottery.sheet.commit')}</dt>
            <dd>
              <code>{draw.commitHash}</code>
            </dd>
            <dt>{t('vnlottery.sheet.seed')}</dt>
            <dd>
              <code>{draw.seed}</code>
            </dd>
            <dt>{t('vnlottery.sheet.algorithm')}</dt>
            <dd>
              <code>{draw.algorithm}</code>
            </dd>
          </dl>
        </details>
      ) : null}
    </div>
  );
}

/** The đầu/đuôi (heads/tails) table of a sheet's lô. */
export function LotoTable({ draw }: { draw: Draw }) {
  const { t } = useTranslation();
  const { heads, tails } = headsAndTails(lotoOf(draw.result));
  return (
    <table className={styles.loto} aria-label={t('vnlottery.sheet.loto_table')}>
      <thead>
        <tr>
          <th scope="col">{t('vnlottery.sheet.head')}</th>
          <th scope="col">{t('vnlottery.sheet.loto')}</th>
          <th scope="col">{t('vnlottery.sheet.tail')}</th>
          <th scope="col">{t('vnlottery.sheet.loto')}</th>
        </tr>
      </thead>
      <tbody>
        {heads.map((h, d) => (
          <tr key={d}>
            <th scope="row">{d}</th>
            <td>{h.join(', ')}</td>
            <th scope="row">{d}</th>
            <td>{tails[d]!.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
