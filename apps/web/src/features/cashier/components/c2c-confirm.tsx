import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { C2C_OUTCOMES, PROOF_MAX_COUNT, parseMajor, type C2cOutcome, type Withdrawal } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles, placeholderFor } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { useConfirmC2c } from '../api/confirm-c2c';
import { useUploadC2cProof } from '../api/upload-c2c-proof';
import styles from './cashier.module.css';
import { proofFilesError, proofImage } from './proof-images';
import { formErrorOf, useCurrency, useDateTime, useMoney, type FormError } from './shared';

/**
 * Spec §4 withdrawal confirmation, for a withdrawal paid by a matched C2C depositor: received in
 * full, partly received (the amount received; the remainder returns to the main wallet) or not
 * received (proof images first: png or jpg, each under 5 MB, at most 3 — then the operator
 * decides). With no answer within the configured minutes it counts as received.
 */
export function C2cConfirm({
  withdrawal: w,
  autoReceiveMinutes,
  onDone,
}: {
  withdrawal: Withdrawal;
  autoReceiveMinutes: number;
  /** The translated answer, shown by the list once this withdrawal no longer waits. */
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useCurrency();
  const when = useDateTime();
  const confirm = useConfirmC2c();
  const upload = useUploadC2cProof();
  const submitKey = useSubmitKey();
  const ids = useId();
  const [outcome, setOutcome] = useState<C2cOutcome | null>(null);
  const [received, setReceived] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fieldError, setFieldError] = useState<{
    field: 'outcome' | 'received' | 'files';
    key: string;
  } | null>(null);
  const [formError, setFormError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const c = w.c2c;
  if (!c) return null;
  const proofsHeld = c.proofs;
  const receivedMinor = parseMajor(received);
  const remainder = receivedMinor !== null && receivedMinor < w.amount ? w.amount - receivedMinor : null;
  const titleId = `${ids}-title`;

  const check = (): boolean => {
    if (!outcome) {
      setFieldError({ field: 'outcome', key: 'cashier.errors.choose_outcome' });
      return false;
    }
    if (outcome === 'partial') {
      if (received.trim() === '') {
        setFieldError({ field: 'received', key: 'cashier.errors.amount_required' });
        return false;
      }
      if (receivedMinor === null) {
        setFieldError({ field: 'received', key: 'money.errors.amount_invalid' });
        return false;
      }
      if (receivedMinor >= w.amount) {
        setFieldError({ field: 'received', key: 'cashier.errors.partial_amount' });
        return false;
      }
    }
    if (outcome === 'none') {
      if (files.length === 0 && proofsHeld === 0) {
        setFieldError({ field: 'files', key: 'cashier.errors.proof_required' });
        return false;
      }
      const problem =
        files.length + proofsHeld > PROOF_MAX_COUNT
          ? 'cashier.errors.too_many_images'
          : proofFilesError(files);
      if (problem) {
        setFieldError({ field: 'files', key: problem });
        return false;
      }
    }
    return true;
  };

  const submit = async () => {
    setFormError(null);
    setFieldError(null);
    if (!check() || !outcome) return;
    setBusy(true);
    try {
      if (outcome === 'none' && files.length > 0) {
        const images = await Promise.all(files.map(proofImage));
        await upload.mutateAsync({ withdrawalId: w.id, images });
        setFiles([]);
      }
      const body = {
        withdrawalId: w.id,
        outcome,
        ...(outcome === 'partial' && receivedMinor !== null ? { amountReceived: receivedMinor } : {}),
      };
      const key = submitKey.for(body);
      try {
        await confirm.mutateAsync({ ...body, key });
        submitKey.settle();
        onDone(
          outcome === 'partial' && receivedMinor !== null
            ? t('cashier.c2c.done_partial', {
                id: w.id,
                received: money(receivedMinor),
                remainder: money(w.amount - receivedMinor),
              })
            : t(`cashier.c2c.done_${outcome}`, { id: w.id }),
        );
      } catch (e) {
        submitKey.settle(e);
        throw e;
      }
    } catch (e) {
      const fields = isApiError(e) ? (e.fields ?? {}) : {};
      const onReceived = fields.amountReceived;
      const onImages = Object.entries(fields).find(([f]) => f === 'images' || f.startsWith('images.'));
      if (onReceived) setFieldError({ field: 'received', key: onReceived });
      else if (onImages) setFieldError({ field: 'files', key: onImages[1] });
      else setFormError(formErrorOf(e, money));
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (field: 'outcome' | 'received' | 'files') =>
    fieldError?.field === field
      ? t(fieldError.key, { max: money(w.amount - 1), count: PROOF_MAX_COUNT })
      : undefined;
  const filesId = `${ids}-files`;
  const filesError = errorFor('files');

  return (
    <form
      className={`${styles.section} ${styles.c2c}`}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className={styles.heading} id={titleId}>
        {t('cashier.c2c.title', { id: w.id })}
      </h3>
      <p>{t('cashier.c2c.intro', { name: c.depositorName, amount: money(w.amount) })}</p>
      <dl className={styles.details}>
        <div>
          <dt>{t('cashier.c2c.depositor')}</dt>
          <dd>{c.depositorName}</dd>
        </div>
        <div>
          <dt>{t('money.amount')}</dt>
          <dd>{money(w.amount)}</dd>
        </div>
        <div>
          <dt>{t('cashier.c2c.to_account')}</dt>
          <dd className={styles.number}>{`${w.bankName} ${w.accountNumber}`}</dd>
        </div>
        <div>
          <dt>{t('cashier.c2c.deadline')}</dt>
          <dd>
            <time dateTime={c.autoReceiveAt}>{when(c.autoReceiveAt)}</time>
          </dd>
        </div>
      </dl>
      <p className={formStyles.notice}>{t('cashier.c2c.auto_note', { minutes: autoReceiveMinutes })}</p>
      <fieldset
        className={styles.choices}
        aria-describedby={errorFor('outcome') ? `${ids}-outcome` : undefined}
      >
        <legend>{t('cashier.c2c.question')}</legend>
        {C2C_OUTCOMES.map((o) => (
          <label key={o}>
            <input
              type="radio"
              name={`${ids}-outcome`}
              value={o}
              checked={outcome === o}
              onChange={() => {
                setOutcome(o);
                setFieldError(null);
              }}
            />
            {t(`cashier.c2c.choice.${o}`)}
          </label>
        ))}
        {errorFor('outcome') ? (
          <p id={`${ids}-outcome`} className={formStyles.error} role="alert">
            {errorFor('outcome')}
          </p>
        ) : null}
      </fieldset>
      {outcome === 'partial' ? (
        <div className={styles.grid}>
          <TextField
            label={t('cashier.c2c.received', { currency })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholderFor(t('cashier.c2c.received_short'), true)}
            value={received}
            onChange={(e) => {
              setReceived(e.target.value);
              if (fieldError?.field === 'received') setFieldError(null);
            }}
            error={errorFor('received')}
          />
          <dl className={styles.summary}>
            <div>
              <dt>{t('cashier.c2c.remainder')}</dt>
              <dd aria-live="polite">{remainder !== null ? money(remainder) : '—'}</dd>
            </div>
          </dl>
        </div>
      ) : null}
      {outcome === 'none' ? (
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={filesId}>
            {t('cashier.c2c.proofs')}
          </label>
          {/* The browser's own "Choose files" text is not translated: a label stands in for it. */}
          <div className={styles.fileRow}>
            <input
              id={filesId}
              className={styles.fileInput}
              type="file"
              accept="image/png,image/jpeg"
              multiple
              aria-invalid={filesError ? true : undefined}
              aria-describedby={`${filesId}-hint${filesError ? ` ${filesId}-error` : ''}`}
              onChange={(e) => {
                const picked = Array.from(e.target.files ?? []);
                setFiles(picked);
                const problem =
                  picked.length + proofsHeld > PROOF_MAX_COUNT
                    ? 'cashier.errors.too_many_images'
                    : proofFilesError(picked);
                setFieldError(problem ? { field: 'files', key: problem } : null);
              }}
            />
            <label htmlFor={filesId} className={styles.fileButton} aria-hidden="true">
              {t('cashier.c2c.choose')}
            </label>
            {files.length === 0 ? <span className={styles.muted}>{t('cashier.c2c.none_chosen')}</span> : null}
          </div>
          <p id={`${filesId}-hint`} className={formStyles.hint}>
            {t('cashier.c2c.proofs_hint', { count: PROOF_MAX_COUNT })}
            {proofsHeld > 0 ? ` ${t('cashier.c2c.proofs_held', { count: proofsHeld })}` : ''}
          </p>
          {files.length > 0 ? (
            <ul className={styles.files}>
              {files.map((f) => (
                <li key={`${f.name}-${f.size}`}>{f.name}</li>
              ))}
            </ul>
          ) : null}
          {filesError ? (
            <p id={`${filesId}-error`} className={formStyles.error} role="alert">
              {filesError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {t(busy ? 'cashier.sending' : 'cashier.c2c.submit')}
        </Button>
      </div>
      {formError ? (
        <p className={formStyles.error} role="alert">
          {t(formError.key, formError.params)}
        </p>
      ) : null}
    </form>
  );
}
