import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './form.module.css';

export { styles as formStyles };

/** Spec §5: required fields carry a full-width asterisk before their placeholder. */
export const REQUIRED_MARK = '＊';
export const placeholderFor = (label: string, required: boolean) =>
  required ? `${REQUIRED_MARK}${label}` : label;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Translated label: the input's accessible name. */
  label: string;
  /** Translated error text, if any. */
  error?: string;
  hint?: string;
  /** Controls beside the input (a send-code button, a captcha image). */
  addon?: ReactNode;
  /** Controls before the input (the country dialing code). */
  before?: ReactNode;
}

/** A labelled input with its error line (aria-invalid + aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, addon, before, id, className, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      ref={ref}
      id={inputId}
      className={`${styles.input} ${addon || before ? styles.grow : ''} ${className ?? ''}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...rest}
    />
  );
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {addon || before ? (
        <div className={styles.row}>
          {before}
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
