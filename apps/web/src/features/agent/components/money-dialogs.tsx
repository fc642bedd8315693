import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RED_ENVELOPE_MAX_RECIPIENTS, parseMajor } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles, placeholderFor } from '@/components/ui/field';
import { PaymentConfirm, paymentPasswordRule } from '@/components/ui/payment-confirm';
import { Modal } from '@/components/ui/modal';
import { errorKey } from '@/lib/api-client';
import { placeFieldErrors } from '@/lib/field-errors';
import { useSubmitKey } from '@/lib/idempotency';
import { useCurrencyMoney } from '@/lib/money-format';
import { useSendRedEnvelope } from '../api/send-red-envelope';
import { useTransferDownline } from '../api/transfer-downline';
import agent from './agent.module.css';

/** A member picked in the list: enough to name it in a dialog. */
export interface Recipient {
  id: number;
  account: string;
}

/** The red envelope's message: plain text up to the contract's 140 characters. */
export const RED_ENVELOPE_MESSAGE_MAX = 140;

interface TransferValues {
  amount: string;
  paymentPassword: string;
}

const amountRule = (x: string) => {
  if (x.trim() === '') return 'agent.errors.amount_required';
  return parseMajor(x) !== null || 'money.errors.amount_invalid';
};

/**
 * Transfer to one member of my team (issue 8): amount and payment password, one idempotency key
 * per submit (a retry after a lost answer reuses it, so the money moves once).
 */
export function TransferDialog({ to, onClose }: { to: Recipient; onClose: () => void }) {
  const { t } = useTranslation();
  const { currency, money } = useCurrencyMoney();
  const transfer = useTransferDownline();
  const submitKey = useSubmitKey();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TransferValues>({
    defaultValues: { amount: '', paymentPassword: '' },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const body = { memberId: to.id, amount: parseMajor(v.amount) ?? 0, paymentPassword: v.paymentPassword };
    const key = submitKey.for(body);
    try {
      const answer = await transfer.mutateAsync({ ...body, key });
      submitKey.settle();
      setDone(t('agent.transfer.done', { amount: money(answer.amount), account: answer.to }));
    } catch (e) {
      submitKey.settle(e);
      if (!placeFieldErrors(e, ['amount', 'paymentPassword'] as const, setError)) setFormError(errorKey(e));
    }
  });

  return (
    <Modal
      title={t('agent.transfer.title', { account: to.account })}
      closeLabel={t('common.close')}
      onClose={onClose}
    >
      {done ? (
        <div className={agent.grid}>
          <p className={agent.ok} role="status">
            {done}
          </p>
          <div className={agent.actions}>
            <Button onClick={onClose}>{t('agent.actions.done')}</Button>
          </div>
        </div>
      ) : (
        <form className={formStyles.form} noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            label={t('agent.transfer.amount', { currency })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholderFor(t('money.amount'), true)}
            error={errors.amount?.message ? t(errors.amount.message) : undefined}
            {...register('amount', { validate: amountRule })}
          />
          <PaymentConfirm
            password={register('paymentPassword', { validate: paymentPasswordRule })}
            passwordError={errors.paymentPassword?.message}
            formError={formError ? t(formError) : null}
            submitting={formState.isSubmitting}
            submitLabel={t('agent.transfer.submit')}
            sendingLabel={t('agent.transfer.sending')}
            cancelLabel={t('agent.actions.cancel')}
            onCancel={onClose}
            errorClassName={agent.error}
            actionsClassName={agent.actions}
          />
        </form>
      )}
    </Modal>
  );
}

interface EnvelopeValues {
  amountEach: string;
  message: string;
  paymentPassword: string;
}

/**
 * Red envelope (issue 8): the same amount to each picked member (at most 50), an optional message
 * shown in their inbox, the payment password; all or nothing on the server.
 */
export function RedEnvelopeDialog({
  recipients: picked,
  onClose,
  onSent,
}: {
  recipients: readonly Recipient[];
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const { currency, money } = useCurrencyMoney();
  // The recipients as opened: the page clears its selection once sent, the answer still names them.
  const [recipients] = useState(picked);
  const send = useSendRedEnvelope();
  const submitKey = useSubmitKey();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, watch } = useForm<EnvelopeValues>({
    defaultValues: { amountEach: '', message: '', paymentPassword: '' },
  });
  const errors = formState.errors;
  const each = parseMajor(watch('amountEach') ?? '');
  const tooMany = recipients.length > RED_ENVELOPE_MAX_RECIPIENTS;

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    if (tooMany) {
      setFormError('agent.errors.too_many_recipients');
      return;
    }
    const message = v.message.trim();
    const body = {
      memberIds: recipients.map((r) => r.id),
      amountEach: parseMajor(v.amountEach) ?? 0,
      paymentPassword: v.paymentPassword,
      ...(message ? { message } : {}),
    };
    const key = submitKey.for(body);
    try {
      const answer = await send.mutateAsync({ ...body, key });
      submitKey.settle();
      setDone(t('agent.envelope.done', { total: money(answer.total), n: answer.recipients }));
      onSent();
    } catch (e) {
      submitKey.settle(e);
      if (!placeFieldErrors(e, ['amountEach', 'paymentPassword', 'message'] as const, setError))
        setFormError(errorKey(e));
    }
  });

  return (
    <Modal
      title={t('agent.envelope.title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      description={t('agent.envelope.to', {
        n: recipients.length,
        accounts: recipients.map((r) => r.account).join(', '),
      })}
    >
      {done ? (
        <div className={agent.grid}>
          <p className={agent.ok} role="status">
            {done}
          </p>
          <div className={agent.actions}>
            <Button onClick={onClose}>{t('agent.actions.done')}</Button>
          </div>
        </div>
      ) : (
        <form className={formStyles.form} noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            label={t('agent.envelope.amount_each', { currency })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholderFor(t('money.amount'), true)}
            error={errors.amountEach?.message ? t(errors.amountEach.message) : undefined}
            hint={
              each !== null
                ? t('agent.envelope.total', { total: money(each * recipients.length), n: recipients.length })
                : undefined
            }
            {...register('amountEach', { validate: amountRule })}
          />
          <TextField
            label={t('agent.envelope.message')}
            autoComplete="off"
            maxLength={RED_ENVELOPE_MESSAGE_MAX}
            placeholder={placeholderFor(t('agent.envelope.message'), false)}
            error={errors.message?.message ? t(errors.message.message) : undefined}
            {...register('message')}
          />
          <PaymentConfirm
            password={register('paymentPassword', { validate: paymentPasswordRule })}
            passwordError={errors.paymentPassword?.message}
            formError={formError ? t(formError, { max: RED_ENVELOPE_MAX_RECIPIENTS }) : null}
            submitting={formState.isSubmitting}
            disabled={tooMany}
            submitLabel={t('agent.envelope.submit')}
            sendingLabel={t('agent.envelope.sending')}
            cancelLabel={t('agent.actions.cancel')}
            onCancel={onClose}
            errorClassName={agent.error}
            actionsClassName={agent.actions}
          />
        </form>
      )}
    </Modal>
  );
}
