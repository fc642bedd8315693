import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHASE_PERIODS_MAX,
  formatMinor,
  LOTTERY_UNITS,
  MULTIPLIER_MAX,
  type LotteryKind,
  type Period,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { errorKey } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { useSessionStore } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { useMainBalance } from '../api/get-balance';
import { usePlaceBets } from '../api/place-bets';
import { formatSelection, lineStake, slipTotal, type SlipLine } from '../slip';
import styles from './bet-slip.module.css';

export type { SlipLine } from '../slip';

// The confirm dialog (Radix) loads on the first confirm, not with the page.
const Modal = lazy(() => import('@/components/ui/modal').then((m) => ({ default: m.Modal })));

/** A typed multiplier: a whole number 1 … MULTIPLIER_MAX, else null. */
export function parseMultiplier(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= MULTIPLIER_MAX ? n : null;
}

/**
 * The bet slip (digit and Vietnamese lotteries): each line with its play type, picks and
 * bets × unit × multiplier = stake; the unit and multiplier for the whole slip (they replace each
 * line's own once changed); a chase over the next periods (stop on a win); the total against the
 * member's main balance; a confirm dialog, then one place-bets call (one idempotency key per
 * submit). A guest's confirm opens the login popup.
 */
export function BetSlip({
  kind,
  gameCode,
  period,
  lines,
  onRemove,
  onClear,
  onPlaced,
}: {
  kind: LotteryKind;
  gameCode: string;
  period: Period | null;
  lines: SlipLine[];
  onRemove(index: number): void;
  onClear(): void;
  onPlaced(): void;
}) {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const { balance, currency } = useMainBalance({ enabled: loggedIn });
  const place = usePlaceBets();
  const submitKey = useSubmitKey();
  const [unit, setUnit] = useState<number | null>(null);
  const [multiplierText, setMultiplierText] = useState<string | null>(null);
  const [chase, setChase] = useState(false);
  const [chasePeriods, setChasePeriods] = useState('5');
  const [stopOnWin, setStopOnWin] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<{ key: string; error: boolean } | null>(null);

  const multiplier = multiplierText === null ? null : parseMultiplier(multiplierText);
  const multiplierBad = multiplierText !== null && multiplier === null;
  const effective = lines.map((l) => ({
    ...l,
    unit: unit ?? l.unit,
    multiplier: multiplier ?? l.multiplier,
  }));
  const periods = chase ? Number(chasePeriods) : 1;
  const chaseBad = chase && !(Number.isInteger(periods) && periods >= 2 && periods <= CHASE_PERIODS_MAX);
  const total = slipTotal(effective, chaseBad ? 1 : periods);
  const short = loggedIn && balance !== null && total > balance;
  const canConfirm =
    lines.length > 0 && period !== null && period.state === 'open' && !multiplierBad && !chaseBad && !short;

  const ask = () => {
    setNote(null);
    if (!loggedIn) {
      useUiStore.getState().openModal({ kind: 'login' });
      return;
    }
    setConfirming(true);
  };

  const submit = () => {
    if (!period) return;
    const body = {
      gameCode,
      numero: period.numero,
      lines: effective.map((l) => ({
        playType: l.playType,
        selection: l.selection,
        unit: l.unit,
        multiplier: l.multiplier,
      })),
      ...(chase ? { chase: { periods, stopOnWin } } : {}),
    };
    const idempotencyKey = submitKey.for(body);
    place.mutate(
      { ...body, idempotencyKey },
      {
        onSuccess: () => {
          submitKey.settle();
          setConfirming(false);
          setNote({ key: 'lottery.slip.placed', error: false });
          onPlaced();
        },
        onError: (e) => {
          submitKey.settle(e);
          setConfirming(false);
          setNote({ key: errorKey(e), error: true });
        },
      },
    );
  };

  return (
    <section className={styles.slip} aria-labelledby="lottery-slip-title" data-kind={kind}>
      <div className={styles.head}>
        <h2 id="lottery-slip-title" className={styles.title}>
          {t('lottery.slip.title')} <span className={styles.count}>({lines.length})</span>
        </h2>
        {lines.length > 0 ? (
          <Button variant="ghost" size="s" onClick={onClear}>
            {t('lottery.slip.clear')}
          </Button>
        ) : null}
      </div>

      {lines.length === 0 ? (
        <p className={styles.empty}>{t('lottery.slip.empty')}</p>
      ) : (
        <ul className={styles.lines}>
          {effective.map((line, i) => (
            <li key={i} className={styles.line}>
              <div className={styles.lineMain}>
                <span className={styles.playType}>{t(`lottery.play_types.${line.playType}`)}</span>
                <span className={styles.picks}>{formatSelection(line.selection)}</span>
                <span className={styles.stake}>
                  {t('lottery.slip.line_stake', {
                    bets: line.betCount,
                    unit: formatMinor(line.unit),
                    multiplier: line.multiplier,
                    stake: formatMinor(lineStake(line)),
                  })}
                </span>
              </div>
              <Button
                variant="ghost"
                size="s"
                onClick={() => onRemove(i)}
                aria-label={t('lottery.slip.remove', { name: t(`lottery.play_types.${line.playType}`) })}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className={styles.controls}>
        <label className={styles.control}>
          <span>{t('lottery.slip.unit')}</span>
          <select
            value={unit ?? lines[0]?.unit ?? LOTTERY_UNITS[0]}
            onChange={(e) => setUnit(Number(e.target.value))}
          >
            {LOTTERY_UNITS.map((u) => (
              <option key={u} value={u}>
                {formatMinor(u)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.control}>
          <span>{t('lottery.slip.multiplier')}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MULTIPLIER_MAX}
            value={multiplierText ?? String(lines[0]?.multiplier ?? 1)}
            aria-invalid={multiplierBad || undefined}
            onChange={(e) => setMultiplierText(e.target.value)}
          />
        </label>
      </div>
      {multiplierBad ? (
        <p className={styles.error} role="alert">
          {t('lottery.errors.bad_multiplier')}
        </p>
      ) : null}

      <fieldset className={styles.chase}>
        <legend className={styles.srOnly}>{t('lottery.slip.chase')}</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={chase} onChange={(e) => setChase(e.target.checked)} />
          <span>{t('lottery.slip.chase')}</span>
        </label>
        {chase ? (
          <>
            <label className={styles.control}>
              <span>{t('lottery.slip.chase_periods', { max: CHASE_PERIODS_MAX })}</span>
              <input
                type="number"
                inputMode="numeric"
                min={2}
                max={CHASE_PERIODS_MAX}
                value={chasePeriods}
                aria-invalid={chaseBad || undefined}
                onChange={(e) => setChasePeriods(e.target.value)}
              />
            </label>
            <label className={styles.check}>
              <input type="checkbox" checked={stopOnWin} onChange={(e) => setStopOnWin(e.target.checked)} />
              <span>{t('lottery.slip.stop_on_win')}</span>
            </label>
          </>
        ) : null}
        {chaseBad ? (
          <p className={styles.error} role="alert">
            {t('lottery.errors.bad_chase')}
          </p>
        ) : null}
      </fieldset>

      <dl className={styles.figures}>
        <div>
          <dt>{t('lottery.slip.total')}</dt>
          <dd data-testid="slip-total">{formatMinor(total)}</dd>
        </div>
        {loggedIn ? (
          <div>
            <dt>{t('lottery.slip.balance')}</dt>
            <dd>{balance === null ? '--' : `${currency ?? ''} ${formatMinor(balance)}`.trim()}</dd>
          </div>
        ) : null}
      </dl>
      {short ? (
        <p className={styles.error} role="alert">
          {t('lottery.slip.not_enough')}
        </p>
      ) : null}
      {period === null || period.state !== 'open' ? (
        <p className={styles.hint}>{t('lottery.slip.no_period')}</p>
      ) : null}
      {note ? (
        <p className={note.error ? styles.error : styles.ok} role={note.error ? 'alert' : 'status'}>
          {t(note.key)}
        </p>
      ) : null}

      <Button className={styles.confirm} onClick={ask} disabled={!canConfirm || place.isPending}>
        {t(loggedIn ? 'lottery.slip.place' : 'lottery.slip.login_to_bet')}
      </Button>

      {confirming && period ? (
        <Suspense fallback={null}>
          <Modal
            title={t('lottery.slip.confirm_title')}
            closeLabel={t('lottery.slip.cancel')}
            onClose={() => setConfirming(false)}
          >
            <p>{t('lottery.slip.confirm_numero', { numero: period.numero })}</p>
            <ul className={styles.confirmLines}>
              {effective.map((line, i) => (
                <li key={i}>
                  {t(`lottery.play_types.${line.playType}`)}: {formatSelection(line.selection)} —{' '}
                  {formatMinor(lineStake(line))}
                </li>
              ))}
            </ul>
            {chase ? <p>{t('lottery.slip.confirm_chase', { periods, count: periods })}</p> : null}
            <p className={styles.confirmTotal}>
              {t('lottery.slip.total')}: {formatMinor(total)}
            </p>
            <div className={styles.confirmActions}>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('lottery.slip.cancel')}
              </Button>
              <Button onClick={submit} disabled={place.isPending} aria-busy={place.isPending || undefined}>
                {t(place.isPending ? 'lottery.slip.placing' : 'lottery.slip.confirm')}
              </Button>
            </div>
          </Modal>
        </Suspense>
      ) : null}
    </section>
  );
}
