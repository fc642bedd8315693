import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useVnRecent } from '../api/get-vn-recent';
import type { VnMenuGame } from './region-tabs';
import { ResultSheet } from './result-sheet';
import styles from './vn.module.css';

/** Today's (the latest day with draws) or a chosen day's result sheet of a province. */
export function VnResults({ game }: { game: VnMenuGame }) {
  const { t } = useTranslation();
  const id = useId();
  const [date, setDate] = useState('');
  const recent = useVnRecent({ gameCode: game.gameCode, date: date || undefined });
  // /elott's "Results" (view=results): the sheet comes into view once it is there.
  const [params] = useSearchParams();
  const box = useRef<HTMLElement>(null);
  const wantResults = params.get('view') === 'results';
  const shown = recent.isSuccess;
  useEffect(() => {
    if (wantResults && shown) box.current?.scrollIntoView({ block: 'start' });
  }, [wantResults, shown]);
  return (
    <section ref={box} className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.resultsHead}>
        <h2 id={`${id}-title`}>{t('vnlottery.sheet.title')}</h2>
        <label className={styles.datePick}>
          <span>{t('vnlottery.sheet.date')}</span>
          <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
      </div>
      {recent.data?.date ? (
        <p className={styles.note}>{t('vnlottery.sheet.of_day', { date: recent.data.date })}</p>
      ) : null}
      {recent.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : recent.isError ? (
        <ErrorState messageKey={errorKey(recent.error)} onRetry={() => void recent.refetch()} />
      ) : recent.data.items.length === 0 ? (
        <EmptyState title={t('vnlottery.sheet.none')} />
      ) : (
        recent.data.items.map((d) => <ResultSheet key={`${d.gameCode}-${d.numero}`} draw={d} />)
      )}
    </section>
  );
}
