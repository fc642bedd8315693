import { useTranslation } from 'react-i18next';
import { rulesOf, type LotteryKind, type PlayType } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { applyQuick, isDigitRow, parseTyped, QUICK_PICKS, sumRangeOf, toggleToken } from '../picker-state';
import styles from './picker.module.css';

/** A token as shown: digits as they are, big/small/odd/even translated, sum ranges as min–max. */
export function useTokenLabel(kind: LotteryKind) {
  const { t } = useTranslation();
  return (token: string): string => {
    if (token === 'big' || token === 'small' || token === 'odd' || token === 'even')
      return t(`lottery.tokens.${token}`);
    const range = sumRangeOf(kind, token);
    if (range) return t('lottery.picker.sum_range', { min: range.min, max: range.max });
    return token;
  };
}

/**
 * The number picker of one play type: per row its tokens as toggle buttons (aria-pressed), the
 * quick buttons of a digit row (all, big, small, odd, even, clear), a text field for the large
 * rows (000–999). The selection is owned by the caller.
 */
export function NumberPicker({
  kind,
  playType,
  selection,
  onChange,
}: {
  kind: LotteryKind;
  playType: PlayType;
  selection: string[][];
  onChange(selection: string[][]): void;
}) {
  const { t } = useTranslation();
  const label = useTokenLabel(kind);
  const rules = rulesOf(kind, playType);
  if (!rules) return <p>{t('lottery.picker.rules_missing')}</p>;
  return (
    <div className={styles.rows}>
      {rules.rows.map((row, r) => {
        const picked = selection[r] ?? [];
        const rowLabel = t(row.labelKey);
        const id = `lottery-row-${playType}-${r}`;
        return (
          <div key={r} className={styles.row} role="group" aria-labelledby={id}>
            <div className={styles.rowHead}>
              <span id={id} className={styles.rowLabel}>
                {rowLabel}
              </span>
              {isDigitRow(row) && !row.typed ? (
                <div
                  className={styles.quick}
                  role="group"
                  aria-label={t('lottery.picker.quick', { row: rowLabel })}
                >
                  {QUICK_PICKS.map((q) => (
                    <button
                      key={q}
                      type="button"
                      className={styles.quickButton}
                      onClick={() => onChange(applyQuick(kind, playType, selection, r, q))}
                    >
                      {t(q === 'clear' ? 'lottery.picker.clear_row' : `lottery.picker.${q}`)}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
            {row.typed ? (
              <input
                className={styles.typed}
                type="text"
                inputMode="numeric"
                aria-label={rowLabel}
                placeholder={t('lottery.picker.typed_hint')}
                defaultValue={picked.join(' ')}
                key={picked.join(' ')}
                onBlur={(e) =>
                  onChange(
                    selection.map((s, i) => (i === r ? parseTyped(row, e.target.value, rules.maxPerRow) : s)),
                  )
                }
              />
            ) : (
              <div className={`${styles.tokens} ${row.tokens.length > 10 ? styles.dense : ''}`}>
                {row.tokens.map((token) => {
                  const on = picked.includes(token);
                  return (
                    <button
                      key={token}
                      type="button"
                      className={`${styles.token} ${token.length > 2 ? styles.wide : ''}`}
                      aria-pressed={on}
                      onClick={() => onChange(toggleToken(kind, playType, selection, r, token))}
                    >
                      {label(token)}
                    </button>
                  );
                })}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Random pick, clear, the line's bet count and "add to slip". */
export function PickerActions({
  betCount,
  error,
  onRandom,
  onClear,
  onAdd,
}: {
  betCount: number;
  error: string | null;
  onRandom(): void;
  onClear(): void;
  onAdd(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      <Button variant="secondary" size="s" onClick={onRandom}>
        {t('lottery.picker.random')}
      </Button>
      <Button variant="ghost" size="s" onClick={onClear}>
        {t('lottery.picker.clear')}
      </Button>
      <span className={styles.count} aria-live="polite">
        {t('lottery.picker.bets', { count: betCount })}
      </span>
      <Button size="s" onClick={onAdd} disabled={error !== null || betCount === 0}>
        {t('lottery.picker.add')}
      </Button>
    </div>
  );
}
