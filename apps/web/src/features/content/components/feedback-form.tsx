import { FEEDBACK_CONTACT_MAX, type FeedbackSetting, type FeedbackType } from '@app/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formStyles, TextField } from '@/components/ui/field';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey, isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { useFeedbackSetting } from '../api/get-feedback-setting';
import { useSendFeedback } from '../api/send-feedback';
import styles from './content.module.css';

interface Values {
  questionType: FeedbackType | '';
  content: string;
  contact: string;
}
type Field = keyof Values;
const FIELDS: readonly Field[] = ['questionType', 'content', 'contact'];
const isField = (f: string): f is Field => (FIELDS as readonly string[]).includes(f);

/** Counted as the server counts: code points of the trimmed text. */
const lengthOf = (s: string) => [...s.trim()].length;

/**
 * The feedback form (spec §5): a question type, the message (required, length between the
 * merchant's bounds read from the server) and an optional contact. Members and guests may send;
 * a guest is told to sign in to see the reply.
 */
export function FeedbackForm() {
  const setting = useFeedbackSetting();
  const { t } = useTranslation();
  if (setting.isPending) return <LoadingState label={t('common.loading')} />;
  if (setting.isError)
    return <ErrorState messageKey={errorKey(setting.error)} onRetry={() => void setting.refetch()} />;
  return <Form setting={setting.data} />;
}

function Form({ setting }: { setting: FeedbackSetting }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.token !== null);
  const openModal = useUiStore((s) => s.openModal);
  const send = useSendFeedback();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const ids = {
    type: useId(),
    content: useId(),
    contentHelp: useId(),
    contentError: useId(),
    typeError: useId(),
  };
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<Values>({
    defaultValues: { questionType: '', content: '', contact: '' },
  });
  const errors = formState.errors;
  const bounds = { min: setting.minLength, max: setting.maxLength };
  const text = (f: Field) => {
    const key = errors[f]?.message;
    return key ? t(key, bounds) : undefined;
  };
  const count = lengthOf(watch('content'));

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setSent(false);
    let bad = false;
    if (!v.questionType) {
      setError('questionType', { message: 'content.errors.type' });
      bad = true;
    }
    const n = lengthOf(v.content);
    if (n === 0) {
      setError('content', { message: 'content.errors.required' });
      bad = true;
    } else if (n < setting.minLength || n > setting.maxLength) {
      setError('content', { message: 'content.errors.length' });
      bad = true;
    }
    if (v.contact.trim().length > FEEDBACK_CONTACT_MAX) {
      setError('contact', { message: 'content.errors.contact' });
      bad = true;
    }
    if (bad || !v.questionType) return;
    try {
      await send.mutateAsync({
        questionType: v.questionType,
        content: v.content.trim(),
        ...(v.contact.trim() ? { contact: v.contact.trim() } : {}),
      });
      reset({ questionType: '', content: '', contact: '' });
      setSent(true);
    } catch (e) {
      let placed = false;
      if (isApiError(e)) {
        for (const [name, message] of Object.entries(e.fields ?? {})) {
          if (isField(name)) {
            setError(name, { message });
            placed = true;
          }
        }
      }
      if (!placed) setFormError(errorKey(e));
    }
  });

  return (
    <form
      className={`${formStyles.form} ${styles.card}`}
      noValidate
      aria-labelledby="feedback-form-title"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="feedback-form-title" className={styles.cardTitle}>
        {t('content.feedback.title')}
      </h2>
      <p className={styles.muted}>{t('content.feedback.intro')}</p>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={ids.type}>
          {t('content.feedback.type_label')}
        </label>
        <select
          id={ids.type}
          className={formStyles.input}
          aria-invalid={errors.questionType ? true : undefined}
          aria-describedby={errors.questionType ? ids.typeError : undefined}
          {...register('questionType')}
        >
          <option value="">{t('content.feedback.type_placeholder')}</option>
          {setting.types.map((type) => (
            <option key={type} value={type}>
              {t(`content.feedback.types.${type}`)}
            </option>
          ))}
        </select>
        {errors.questionType ? (
          <p id={ids.typeError} className={formStyles.error} role="alert">
            {text('questionType')}
          </p>
        ) : null}
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={ids.content}>
          {t('content.feedback.content_label')}
        </label>
        <textarea
          id={ids.content}
          className={`${formStyles.input} ${styles.textarea}`}
          rows={6}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={`${ids.contentHelp}${errors.content ? ` ${ids.contentError}` : ''}`}
          {...register('content')}
        />
        <p id={ids.contentHelp} className={`${formStyles.hint} ${styles.counterRow}`}>
          <span>{t('content.errors.length', bounds)}</span>
          <span className={count > setting.maxLength ? styles.over : undefined}>
            {t('content.feedback.counter', { count, max: setting.maxLength })}
          </span>
        </p>
        {errors.content ? (
          <p id={ids.contentError} className={formStyles.error} role="alert">
            {text('content')}
          </p>
        ) : null}
      </div>
      <TextField
        label={t('content.feedback.contact_label')}
        hint={t('content.feedback.contact_hint')}
        error={text('contact')}
        autoComplete="email"
        {...register('contact')}
      />
      {!signedIn ? (
        <p className={styles.muted}>
          {t('content.feedback.guest_note')}{' '}
          <button type="button" className={styles.inlineLink} onClick={() => openModal({ kind: 'login' })}>
            {t('content.sign_in')}
          </button>
        </p>
      ) : null}
      {formError ? (
        <p className={formStyles.error} role="alert">
          {t(formError, bounds)}
        </p>
      ) : null}
      {sent ? (
        <p className={styles.success} role="status">
          {t('content.feedback.sent')}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('content.feedback.sending') : t('content.feedback.submit')}
        </Button>
      </div>
    </form>
  );
}
