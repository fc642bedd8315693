import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { emailSchema, passwordSchema, SMS_COUNTDOWN_SECONDS } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles as styles, placeholderFor } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { CodeButton, DEFAULT_DIALING_CODE, WarningDialog } from '@/components/ui/code-controls';
import { paths } from '@/config/paths';
import { useFlags } from '@/lib/status';
import { useCodeButton } from '@/lib/use-code-button';
import { errorKey } from '@/lib/api-client';
import { useUiStore } from '@/lib/ui-store';
import { login } from '../api/login';
import { forgotPasswordEmail, forgotPasswordPhone, resetPasswordEmail } from '../api/password';
import { sendSmsCode } from '../api/sms';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { CountrySelect } from './country-select';

const filled = (v: string | undefined) => (v ?? '').trim() !== '' || 'errors.input_required';
const newPasswordRule = (v: string) =>
  (v ?? '') === ''
    ? 'errors.input_required'
    : passwordSchema.safeParse(v).success || 'errors.password_format';

/** Forgot password (spec §4, §5): by e-mail, and by phone behind the flag phonePasswordRecovery. */
export default function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useFlags().data?.phonePasswordRecovery ?? false;
  const [tab, setTab] = useState<'email' | 'phone'>('email');
  const title = t('auth.forgot_password');
  return (
    <Modal title={title} closeLabel={t('common.close')} onClose={onClose}>
      {phone ? (
        <div role="tablist" aria-label={title} className={styles.tabs}>
          {(['email', 'phone'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={styles.tab}
              onClick={() => setTab(k)}
            >
              {t(k === 'email' ? 'auth.by_email' : 'auth.by_phone')}
            </button>
          ))}
        </div>
      ) : null}
      {tab === 'email' || !phone ? <ByEmail /> : <ByPhone />}
    </Modal>
  );
}

function ByEmail() {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const [sentTo, setSentTo] = useState<{ username: string; email: string } | null>(null);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const first = useForm<{ username: string; email: string }>({ defaultValues: { username: '', email: '' } });
  const second = useForm<{ code: string; newPassword: string; confirm: string }>({
    defaultValues: { code: '', newPassword: '', confirm: '' },
  });

  if (done)
    return (
      <div className={styles.form}>
        <p className={styles.notice} role="status">
          {t('auth.reset_done')}
        </p>
        <Button onClick={() => openModal({ kind: 'login' })}>{t('auth.login')}</Button>
      </div>
    );

  if (sentTo) {
    const e2 = second.formState.errors;
    const submit = second.handleSubmit(async (v) => {
      setFormError(null);
      try {
        await resetPasswordEmail({ ...sentTo, code: v.code.trim(), newPassword: v.newPassword });
        setDone(true);
      } catch (e) {
        setFormError(errorKey(e));
      }
    });
    return (
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <p className={styles.notice} role="status">
          {t('in_been_out')}
        </p>
        <TextField
          label={t('auth.email_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={placeholderFor(t('auth.email_code'), true)}
          error={e2.code?.message ? t(e2.code.message) : undefined}
          {...second.register('code', { validate: filled })}
        />
        <NewPasswordFields form={second} />
        {formError ? (
          <p className={styles.error} role="alert">
            {t(formError)}
          </p>
        ) : null}
        <Button type="submit" className={styles.submit} disabled={second.formState.isSubmitting}>
          {t('auth.reset_submit')}
        </Button>
      </form>
    );
  }

  const e1 = first.formState.errors;
  const submit = first.handleSubmit(async (v) => {
    setFormError(null);
    const username = v.username.trim();
    const email = v.email.trim();
    try {
      await forgotPasswordEmail(username, email);
      setSentTo({ username, email });
    } catch (e) {
      setFormError(errorKey(e));
    }
  });
  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <TextField
        label={t('auth.username')}
        autoComplete="username"
        placeholder={placeholderFor(t('auth.username'), true)}
        error={e1.username?.message ? t(e1.username.message) : undefined}
        {...first.register('username', {
          validate: (v) =>
            v.trim() === '' ? 'errors.input_required' : v.trim().length <= 64 || 'errors.account_format',
        })}
      />
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        placeholder={placeholderFor(t('auth.email'), true)}
        error={e1.email?.message ? t(e1.email.message) : undefined}
        {...first.register('email', {
          validate: (v) =>
            v.trim() === ''
              ? 'errors.input_required'
              : emailSchema.safeParse(v.trim()).success || 'errors.email_format',
        })}
      />
      {formError ? (
        <p className={styles.error} role="alert">
          {t(formError)}
        </p>
      ) : null}
      <Button type="submit" className={styles.submit} disabled={first.formState.isSubmitting}>
        {t('auth.send_reset_code')}
      </Button>
    </form>
  );
}

interface PasswordPair {
  newPassword: string;
  confirm: string;
}

function NewPasswordFields<T extends PasswordPair>({ form }: { form: ReturnType<typeof useForm<T>> }) {
  const { t } = useTranslation();
  // react-hook-form's generic paths do not narrow through T here; the two names are fixed.
  const f = form as unknown as ReturnType<typeof useForm<PasswordPair>>;
  const errors = f.formState.errors;
  return (
    <>
      <TextField
        label={t('auth.new_password')}
        type="password"
        autoComplete="new-password"
        placeholder={placeholderFor(t('auth.new_password'), true)}
        hint={t('auth.password_rule')}
        error={errors.newPassword?.message ? t(errors.newPassword.message) : undefined}
        {...f.register('newPassword', { validate: newPasswordRule })}
      />
      <TextField
        label={t('auth.confirm_password')}
        type="password"
        autoComplete="new-password"
        placeholder={placeholderFor(t('auth.confirm_password'), true)}
        error={errors.confirm?.message ? t(errors.confirm.message) : undefined}
        {...f.register('confirm', {
          validate: (v) =>
            (v ?? '') === ''
              ? 'errors.input_required'
              : v === f.getValues('newPassword') || 'errors.password_mismatch',
        })}
      />
    </>
  );
}

function ByPhone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const [dialingCode, setDialingCode] = useState(DEFAULT_DIALING_CODE);
  const [warning, setWarning] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ mobileNum: string; code: string; newPassword: string; confirm: string }>({
    defaultValues: { mobileNum: '', code: '', newPassword: '', confirm: '' },
  });
  const code = useCodeButton(async () => {
    const { expiredMinutes } = await sendSmsCode({
      mobileNum: form.getValues('mobileNum').trim(),
      countryDialingCode: dialingCode,
      purpose: 'recovery',
    });
    return SMS_COUNTDOWN_SECONDS * expiredMinutes;
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const { username } = await forgotPasswordPhone({
        mobileNum: v.mobileNum.trim(),
        countryDialingCode: dialingCode,
        verificationCode: v.code.trim(),
        newPassword: v.newPassword,
      });
      // Spec §4: then auto-login with the new password and go to /. The password is changed
      // whatever happens next; if the login asks for more (captcha, new-IP step), the popup does.
      const answer = await login({
        type: 'username',
        username,
        password: v.newPassword,
        entry: 'member',
      }).catch(() => null);
      if (answer?.kind === 'session') await completeLogin(answer.session, { type: 'username', username });
      else useUiStore.getState().openModal({ kind: 'login' });
      await navigate(paths.root);
    } catch (e) {
      setFormError(errorKey(e));
    }
  });
  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <TextField
        label={t('auth.mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={placeholderFor(t('auth.mobile'), true)}
        before={<CountrySelect value={dialingCode} onChange={setDialingCode} />}
        error={errors.mobileNum?.message ? t(errors.mobileNum.message) : undefined}
        {...form.register('mobileNum', {
          validate: (v) =>
            v.trim() === '' ? 'errors.input_required' : /^\d{6,15}$/.test(v.trim()) || 'auth.mobile_invalid',
        })}
      />
      <TextField
        label={t('auth.verification_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        placeholder={placeholderFor(t('auth.verification_code'), true)}
        error={errors.code?.message ? t(errors.code.message) : undefined}
        addon={
          <CodeButton
            state={code.state}
            onClick={() => {
              void form.trigger('mobileNum').then((ok) => {
                if (ok) code.request().catch((e: unknown) => setWarning(errorKey(e)));
              });
            }}
          />
        }
        {...form.register('code', { validate: filled })}
      />
      <NewPasswordFields form={form} />
      {formError ? (
        <p className={styles.error} role="alert">
          {t(formError)}
        </p>
      ) : null}
      <Button type="submit" className={styles.submit} disabled={form.formState.isSubmitting}>
        {t('auth.reset_submit')}
      </Button>
      {warning ? <WarningDialog messageKey={warning} onClose={() => setWarning(null)} /> : null}
    </form>
  );
}
