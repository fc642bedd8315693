import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { randomSelection, rulesOf, type LotteryKind, type PlayType } from '@app/contracts';
import { Button } from '@/components/ui/button';
import styles from './vn.module.css';

/** A uniform integer 0 … n−1 from the browser's crypto (the "random pick" button). */
export function cryptoRandom(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % n;
  }
}

export interface PickerProps {
  kind: LotteryKind;
  playType: PlayType;
  /** The one row of a VN play type. */
  picked: readonly string[];
  onChange: (picked: string[]) => void;
  random?: (n: number) => number;
}

/**
 * The number picker of a VN bet type (rules from the contract's rulesOf): a 00–99 grid for the
 * 2-digit rows, a row of digits for đầu/đuôi, typed entry for the 000–999 rows; random pick, clear.
 */
export function VnPicker({ kind, playType, picked, onChange, random = cryptoRandom }: PickerProps) {
  const { t } = useTranslation();
  const rules = rulesOf(kind, playType);
  const row = rules?.rows[0];
  if (!rules || !row) return null;
  const full = picked.length >= rules.maxPerRow;
  const toggle = (token: string) => {
    if (picked.includes(token)) onChange(picked.filter((p) => p !== token));
    else if (!full)
      onChange([...picked, token].sort((a, b) => row.tokens.indexOf(a) - row.tokens.indexOf(b)));
  };
  return (
    <div className={styles.picker}>
      <p className={styles.pickerHint}>
        {t('vnlottery.picker.limits', { min: rules.minPerRow, max: rules.maxPerRow })}
      </p>
      {row.typed ? (
        <TypedEntry width={row.tokens[0]?.length ?? 3} picked={picked} full={full} onAdd={toggle} />
      ) : (
        <div
          role="group"
          aria-label={t(row.labelKey)}
          className={row.tokens.length > 10 ? styles.grid100 : styles.grid10}
        >
          {row.tokens.map((token) => {
            const on = picked.includes(token);
            return (
              <button
                key={token}
                type="button"
                className={styles.ball}
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => toggle(token)}
              >
                {token}
              </button>
            );
          })}
        </div>
      )}
      {row.typed && picked.length > 0 ? (
        <ul className={styles.chips} aria-label={t('vnlottery.picker.picked')}>
          {picked.map((p) => (
            <li key={p}>
              <button
                type="button"
                className={styles.chip}
                aria-label={t('vnlottery.picker.remove', { number: p })}
                onClick={() => toggle(p)}
              >
                {p} ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.pickerActions}>
        <Button
          variant="secondary"
          size="s"
          onClick={() => onChange(randomSelection(kind, playType, random)[0] ?? [])}
        >
          {t('vnlottery.picker.random')}
        </Button>
        <Button variant="ghost" size="s" disabled={picked.length === 0} onClick={() => onChange([])}>
          {t('vnlottery.picker.clear')}
        </Button>
      </div>
    </div>
  );
}

/** Typed entry of a 000–999 number (a grid of 1,000 is no picker on a phone). */
function TypedEntry({
  width,
  picked,
  full,
  onAdd,
}: {
  width: number;
  picked: readonly string[];
  full: boolean;
  onAdd: (token: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (!new RegExp(`^\\d{${width}}$`).test(v)) {
      setError(t('vnlottery.picker.typed_invalid', { width }));
      return;
    }
    setError(null);
    setValue('');
    if (!picked.includes(v)) onAdd(v);
  };
  return (
    <form className={styles.typed} onSubmit={submit} noValidate>
      <label htmlFor={id}>{t('vnlottery.picker.typed_label', { width })}</label>
      <div className={styles.typedRow}>
        <input
          id={id}
          className={styles.typedInput}
          inputMode="numeric"
          autoComplete="off"
          maxLength={width}
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
        />
        <Button type="submit" size="s" disabled={full}>
          {t('vnlottery.picker.add')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
