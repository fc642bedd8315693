import { useTranslation } from 'react-i18next';
import { formatMinor, pvpBetDetailSchema } from '@app/contracts';
import styles from './pvp-detail.module.css';

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** One card as "10♥" (red suits marked for the style). */
function Card({ code }: { code: string }) {
  const red = code[1] === 'H' || code[1] === 'D';
  return (
    <span className={styles.card} data-red={red}>
      {code[0] === 'T' ? '10' : code[0]}
      {SUITS[code[1] ?? ''] ?? ''}
    </span>
  );
}

/**
 * What the betting record shows of a pvp bet's detail (issue 6; the detail the studio sends with
 * its credit): the game and room, every seat's cards and hand (the player's and the bots'), who
 * won, and the stake, rake, payout and profit. Answers null for a detail it cannot read.
 */
export function PvpDetail({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  const parsed = pvpBetDetailSchema.safeParse(detail);
  if (!parsed.success) return null;
  const d = parsed.data;
  const hand = (rank: number) => t(`pvp.rank.${d.game}.${rank}`, { defaultValue: String(rank) });
  const profit = `${d.profit > 0 ? '+' : ''}${formatMinor(d.profit)}`;
  return (
    <section className={styles.pvp} aria-labelledby="pvp-detail-title">
      <h3 id="pvp-detail-title" className={styles.title}>
        {t(`pvp.game.${d.game}`)}
        {d.room ? ` · ${t('pvp.room', { name: d.room.name })}` : ''}
      </h3>
      <p className={styles.summary}>
        {t('pvp.summary', {
          hand: hand(d.playerRank),
          stake: formatMinor(d.stake),
          rake: formatMinor(d.rake),
          payout: formatMinor(d.payout),
          profit,
        })}
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('pvp.seat')}</th>
            <th scope="col">{t('pvp.cards')}</th>
            <th scope="col">{t('pvp.hand')}</th>
            <th scope="col">{t('pvp.result')}</th>
          </tr>
        </thead>
        <tbody>
          {d.seats.map((s) => (
            <tr key={s.seat} data-you={!s.bot} data-win={s.result === 'win'}>
              <td>{s.bot ? s.name : t('pvp.you')}</td>
              <td className={styles.cards}>
                {s.cards.map((c) => (
                  <Card key={c} code={c} />
                ))}
              </td>
              <td>{hand(s.rank)}</td>
              <td>{s.result === 'win' ? t('pvp.win') : t('pvp.lose')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
