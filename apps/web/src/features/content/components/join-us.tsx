import {
  formatMinor,
  JOIN_CONTACT_MAX,
  JOIN_MESSAGE_MAX,
  JOIN_NAME_MAX,
  type JoinProgramme,
} from '@app/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formStyles, TextField } from '@/components/ui/field';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey, isApiError } from '@/lib/api-client';
import { useApplyJoin } from '../api/apply-join';
import { useJoinProgramme } from '../api/get-join-programme';
import { useDate } from './blog-list';
import styles from './content.module.css';

const KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;

/** Join us (spec §2 /join): what the merchant's agents earn today, how to join, the application. */
export function JoinUs() {
  const { t } = useTranslation();
  const programme = useJoinProgramme();
  if (programme.isPending) return <LoadingState label={t('common.loading')} />;
  if (programme.isError)
    return <ErrorState messageKey={errorKey(programme.error)} onRetry={() => void programme.refetch()} />;
  return <Programme data={programme.data} />;
}

function Programme({ data }: { data: JoinProgramme }) {
  const { t, i18n } = useTranslation();
  const date = useDate();
  const percent = (bps: number) =>
    (bps / 10_000).toLocaleString(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const terms = new Map(data.contracts.map((c) => [c.kind, c]));
  return (
    <div className={styles.stack}>
      <p className={styles.lead}>{t('content.join.intro')}</p>
      {data.agentCount > 0 ? (
        <p className={styles.muted}>{t('content.join.agent_count', { count: data.agentCount })}</p>
      ) : null}
      <section aria-labelledby="join-earn">
        <h2 id="join-earn" className={styles.sectionTitle}>
          {t('content.join.earn_title')}
        </h2>
        <ul className={styles.kindGrid}>
          {KINDS.map((kind) => {
            const c = terms.get(kind);
            return (
              <li key={kind} className={styles.card}>
                <h3 className={styles.cardTitle}>{t(`content.join.kinds.${kind}.title`)}</h3>
                <p>{t(`content.join.kinds.${kind}.body`)}</p>
                {c ? (
                  <p className={styles.terms}>
                    {c.maxAmount !== null
                      ? t('content.join.amount_terms', {
                          amount: `${formatMinor(c.maxAmount)} ${data.currency}`,
                        })
                      : c.maxRatio !== null
                        ? t('content.join.ratio_terms', { ratio: percent(c.maxRatio) })
                        : null}{' '}
                    <span className={styles.muted}>{t('content.join.agents_on', { count: c.agents })}</span>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {data.contracts.length === 0 ? <p className={styles.muted}>{t('content.join.no_terms')}</p> : null}
      </section>
      <section aria-labelledby="join-how">
        <h2 id="join-how" className={styles.sectionTitle}>
          {t('content.join.how_title')}
        </h2>
        <ol className={styles.howList}>
          <li>{t('content.join.how_1')}</li>
          <li>{t('content.join.how_2')}</li>
          <li>{t('content.join.how_3')}</li>
        </ol>
      </section>
      {data.isAgent ? (
        <p className={styles.notice}>{t('content.join.already_agent')}</p>
      ) : data.myApplication && data.myApplication.status === 'new' ? (
        <p className={styles.notice} role="status">
          {t('content.join.mine', {
            date: date(data.myApplication.createdAt),
            status: t(`content.join.status.${data.myApplication.status}`),
          })}
        </p>
      ) : (
        <JoinForm />
      )}
    </div>
  );
}

interface Values {
  name: string;
  contact: string;
  message: string;
}
const isField = (f: string): f is keyof Values => f === 'name' || f === 'contact' || f === 'message';

function JoinForm() {
  const { t } = useTranslation();
  const apply = useApplyJoin();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const messageId = useId();
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { name: '', contact: '', message: '' },
  });
  const errors = formState.errors;
  const text = (f: keyof Values) => (errors[f]?.message ? t(errors[f].message) : undefined);
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    let bad = false;
    const name = v.name.trim();
    const contact = v.contact.trim();
    if (!name || name.length > JOIN_NAME_MAX) {
      setError('name', { message: 'content.errors.join_name' });
      bad = true;
    }
    if (!contact || contact.length > JOIN_CONTACT_MAX) {
      setError('contact', { message: 'content.errors.join_contact' });
      bad = true;
    }
    if (v.message.trim().length > JOIN_MESSAGE_MAX) {
      setError('message', { message: 'content.errors.too_long' });
      bad = true;
    }
    if (bad) return;
    try {
      await apply.mutateAsync({ name, contact, ...(v.message.trim() ? { message: v.message.trim() } : {}) });
      reset();
      setSent(true);
    } catch (e) {
      let placed = false;
      if (isApiError(e))
        for (const [f, message] of Object.entries(e.fields ?? {}))
          if (isField(f)) {
            setError(f, { message });
            placed = true;
          }
      if (!placed) setFormError(errorKey(e));
    }
  });
  if (sent)
    return (
      <p className={styles.success} role="status">
        {t('content.join.sent')}
      </p>
    );
  return (
    <form
      className={`${formStyles.form} ${styles.card}`}
      noValidate
      aria-labelledby="join-form-title"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="join-form-title" className={styles.cardTitle}>
        {t('content.join.form_title')}
      </h2>
      <TextField
        label={t('content.join.name')}
        error={text('name')}
        autoComplete="name"
        {...register('name')}
      />
      <TextField
        label={t('content.join.contact')}
        error={text('contact')}
        autoComplete="tel"
        {...register('contact')}
      />
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={messageId}>
          {t('content.join.message')}
        </label>
        <textarea
          id={messageId}
          className={`${formStyles.input} ${styles.textarea}`}
          rows={4}
          placeholder={t('content.join.message_hint')}
          aria-invalid={errors.message ? true : undefined}
          {...register('message')}
        />
        {errors.message ? (
          <p className={formStyles.error} role="alert">
            {text('message')}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p className={formStyles.error} role="alert">
          {t(formError)}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={apply.isPending}>
          {t('content.join.submit')}
        </Button>
      </div>
    </form>
  );
}
