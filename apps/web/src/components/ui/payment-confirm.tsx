import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { TextField, formStyles, placeholderFor } from './field';

/** The payment password's rule: required (the server checks it). */
export const paymentPasswordRule = (v: string) => v !== '' || 'money.errors.payment_password_required';

/**
 * The end of a form that pays: the payment password, the form's error line, the submit and cancel
 * buttons (point conversion, goods redemption, the agent's transfer and red envelope).
 */
export function PaymentConfirm({
  password,
  passwordError,
  formError,
  submitting,
  disabled = false,
  submitLabel,
  sendingLabel,
  cancelLabel,
  onCancel,
  errorClassName = formStyles.error,
  actionsClassName,
}: {
  /** `register('paymentPassword', { validate: paymentPasswordRule })`. */
  password: UseFormRegisterReturn;
  /** The password's error (a message key). */
  passwordError?: string | undefined;
  /** The form's error, translated. */
  formError?: string | null;
  submitting: boolean;
  disabled?: boolean;
  /** Translated button texts. */
  submitLabel: string;
  sendingLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  errorClassName?: string | undefined;
  actionsClassName: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('money.payment_password')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholderFor(t('money.payment_password'), true)}
        error={passwordError ? t(passwordError) : undefined}
        {...password}
      />
      {formError ? (
        <p className={errorClassName} role="alert">
          {formError}
        </p>
      ) : null}
      <div className={actionsClassName}>
        <Button type="submit" disabled={submitting || disabled}>
          {submitting ? sendingLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </>
  );
}
