import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draw } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useLotteryDraws } from '../api/get-draws';
import { ResultBalls } from './result-balls';
import styles from './lottery-page.module.css';

export const DRAWS_PAGE_SIZE = 10;

/** A draw time in the viewer's locale. */
export function formatTime(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(language, { dateStyle: 'short', timeStyle: 'medium' });
}

type Check = 'idle' | 'busy' | 'ok' | 'bad' | 'unsupported';

/** Verify: SHA-256(seed) = commit and the result from the seed (the module loads on the first press). */
function VerifyButton({ draw }: { draw: Draw }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>('idle');
  const run = async () => {
    if (typeof crypto === 'undefined' || !crypto.subtle) return setCheck('unsupported');
    setCheck('busy');
    try {
      const { verifyDraw } = await import('../verify');
      const v = await verifyDraw(draw);
      setCheck(v.commitOk && v.resultOk ? 'ok' : 'bad');
    } catch {
      setCheck('bad');
    }
  };
  return (
    <div className={styles.verify}>
      <Button variant="secondary" size="s" onClick={() => void run()} disabled={check === 'busy'}>
        {t(check === 'busy' ? 'lottery.results.verifying' : 'lottery.results.verify')}
      </Button>
      {check === 'ok' || check === 'bad' || check === 'unsupported' ? (
        <span role="status" className={check === 'ok' ? styles.ok : styles.error}>
          {t(
            check === 'ok'
              ? 'lottery.results.verified'
              : check === 'bad'
                ? 'lottery.results.failed'
                : 'lottery.results.unsupported',
          )}
        </span>
      ) : null}
    </div>
  );
}

/** One draw: numero, time, balls (or the sheet), commit hash and seed, verify. */
export function DrawItem({ draw }: { draw: Draw }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  return (
    <li className={styles.draw} data-numero={draw.numero}>
      <div className={styles.drawHead}>
        <span className={styles.betTitle}>{t('lottery.period.numero', { numero: draw.numero })}</span>
        {/* In the viewer's time zone, which a server render does not know: shown once hydrated. */}
        <time className={styles.muted} dateTime={draw.drawAt}>
          {hydrated ? formatTime(draw.drawAt, i18n.language) : null}
        </time>
      </div>
      {draw.state === 'refunded' ? (
        <p className={styles.muted}>{t('lottery.results.refunded')}</p>
      ) : draw.result?.digits ? (
        <ResultBalls digits={draw.result.digits} />
      ) : (
        <ul className={styles.sheet}>
          {(draw.result?.prizes ?? []).map((p) => (
            <li key={p.tier}>
              <span className={styles.muted}>{p.tier}</span> {p.numbers.join(' ')}
            </li>
          ))}
        </ul>
      )}
      <dl className={styles.hashes}>
        <dt>{t('lottery.period.commit')}</dt>
        <dd>
          <code>{draw.commitHash}</code>
        </dd>
        {draw.seed ? (
          <>
            <dt>{t('lottery.results.seed')}</dt>
            <dd>
              <code>{draw.seed}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {draw.seed && draw.result ? <VerifyButton draw={draw} /> : null}
    </li>
  );
}

/** The draw history of one game by date (newest first), paged. */
export function DrawResults({ gameCode, onBack }: { gameCode: string; onBack(): void }) {
  const { t } = useTranslation();
  const [date, setDate] = useState('');
  const [page, setPage] = useState(1);
  const draws = useLotteryDraws({ gameCode, date: date || undefined, page, pageSize: DRAWS_PAGE_SIZE });
  const pageCount = draws.data ? Math.max(1, Math.ceil(draws.data.total / draws.data.pageSize)) : 1;
  return (
    <section className={styles.section} aria-labelledby="lottery-results">
      <div className={styles.sectionHead}>
        <h2 id="lottery-results" className={styles.sectionTitle}>
          {t('lottery.results.title')}
        </h2>
        <Button variant="ghost" size="s" onClick={onBack}>
          {t('lottery.results.back')}
        </Button>
      </div>
      <label className={styles.dateField}>
        <span>{t('lottery.results.date')}</span>
        <input
          type="date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setPage(1);
          }}
        />
      </label>
      {draws.isError ? (
        <ErrorState messageKey={errorKey(draws.error)} onRetry={() => void draws.refetch()} />
      ) : !draws.data ? (
        <LoadingState label={t('common.loading')} />
      ) : draws.data.items.length === 0 ? (
        <EmptyState title={t('lottery.results.empty')} />
      ) : (
        <ul className={styles.draws} data-testid="lottery-draws">
          {draws.data.items.map((d) => (
            <DrawItem key={d.numero} draw={d} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageCount={pageCount}
        onChange={setPage}
        disabled={draws.isFetching}
        labels={{
          nav: t('lottery.results.pages'),
          previous: t('lottery.results.previous'),
          next: t('lottery.results.next'),
          page: (p) => t('lottery.results.page', { page: p }),
        }}
      />
    </section>
  );
}
