import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SMS_COUNTDOWN_SECONDS, type LoginAnswer, type VerifyMethod } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles as styles, placeholderFor } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { CaptchaImage, CodeButton, DEFAULT_DIALING_CODE, WarningDialog } from '@/components/ui/code-controls';
import { useFlags } from '@/lib/status';
import { useCodeButton } from '@/lib/use-code-button';
import { refusalUntil } from '@/features/protection/time';
import { errorKey, isApiError } from '@/lib/api-client';
import { useUiStore, type LoginMode } from '@/lib/ui-store';
import { useCaptcha } from '../api/captcha';
import { freePlayLogin, getRememberedUsername, login, sendLoginVerifyCode, verifyLogin } from '../api/login';
import { sendSmsCode } from '../api/sms';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { CountrySelect } from './country-select';
import { SocialButtons } from './social-buttons';

type Challenge = Extract<LoginAnswer, { kind: 'verify' }>;

const required = (key: string) => (v: string) => v.trim().length > 0 || key;

/** The login popup (spec §2, §4): password, SMS or verification-code login, and the new-IP step. */
export default function LoginModal({
  mode: initialMode,
  onClose,
}: {
  mode?: LoginMode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const flags = useFlags().data;
  const openModal = useUiStore((s) => s.openModal);
  const completeLogin = useCompleteLogin();
  const [mode, setMode] = useState<LoginMode>(initialMode ?? 'password');
  const [challenge, setChallenge] = useState<{ challenge: Challenge; username: string } | null>(null);
  const [freeError, setFreeError] = useState<string | null>(null);

  const title = challenge ? t('auth.verify_title') : t('auth.login');
  return (
    <Modal title={title} closeLabel={t('common.close')} onClose={onClose}>
      {challenge ? (
        <VerifyStep
          challenge={challenge.challenge}
          onDone={(result) => completeLogin(result, { type: 'username', username: challenge.username })}
        />
      ) : (
        <div className={styles.form}>
          {mode === 'password' ? (
            <PasswordLogin onChallenge={(c, username) => setChallenge({ challenge: c, username })} />
          ) : (
            <SmsLogin key={mode} type={mode === 'sms' ? 'sms' : 'firebase'} />
          )}
          <div className={styles.links}>
            <button type="button" className={styles.link} onClick={() => openModal({ kind: 'register' })}>
              {t('auth.register')}
            </button>
            <button
              type="button"
              className={styles.link}
              onClick={() => openModal({ kind: 'forgotPassword' })}
            >
              {t('auth.forgot_password_link')}
            </button>
            {mode !== 'password' ? (
              <button type="button" className={styles.link} onClick={() => setMode('password')}>
                {t('auth.password_login')}
              </button>
            ) : null}
            {flags?.smsLogin && mode !== 'sms' ? (
              <button type="button" className={styles.link} onClick={() => setMode('sms')}>
                {t('auth.sms_login')}
              </button>
            ) : null}
            {flags?.verificationCodeLogin && mode !== 'code' ? (
              <button type="button" className={styles.link} onClick={() => setMode('code')}>
                {t('auth.code_login')}
              </button>
            ) : null}
            {flags?.freePlay ? (
              <button
                type="button"
                className={styles.link}
                onClick={() => {
                  setFreeError(null);
                  freePlayLogin()
                    .then((r) => completeLogin(r, { type: 'username' }))
                    .catch((e: unknown) => setFreeError(errorKey(e)));
                }}
              >
                {t('auth.free_play')}
              </button>
            ) : null}
          </div>
          {freeError ? (
            <p className={styles.error} role="alert">
              {t(freeError)}
            </p>
          ) : null}
          <SocialButtons />
        </div>
      )}
    </Modal>
  );
}

interface PasswordValues {
  username: string;
  password: string;
  captcha: string;
  rememberMe: boolean;
  /** Spec §6: the member entry, or the agent entry (non-agents cannot log in there). */
  entry: 'member' | 'agent';
}

function PasswordLogin({ onChallenge }: { onChallenge: (c: Challenge, username: string) => void }) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const captcha = useCaptcha();
  const [showCaptcha, setShowCaptcha] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [until, setUntil] = useState<string | null>(null);
  const { register, handleSubmit, setValue, formState } = useForm<PasswordValues>({
    defaultValues: { username: '', password: '', captcha: '', rememberMe: false, entry: 'member' },
  });

  useEffect(() => {
    let live = true;
    getRememberedUsername()
      .then((name) => {
        if (live && name) {
          setValue('username', name);
          setValue('rememberMe', true);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [setValue]);

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    const username = v.username.trim();
    try {
      const answer = await login({
        type: 'username',
        username,
        password: v.password.trim(),
        captcha: showCaptcha ? v.captcha.trim() : undefined,
        rememberMe: v.rememberMe,
        entry: v.entry,
      });
      if (answer.kind === 'verify') onChallenge(answer, username);
      else await completeLogin(answer.session, { type: 'username', username });
    } catch (e) {
      setFormError(errorKey(e));
      setUntil(refusalUntil(e));
      const wantsCaptcha =
        isApiError(e) &&
        typeof e.value === 'object' &&
        e.value !== null &&
        'captcha' in e.value &&
        e.value.captcha;
      if (wantsCaptcha || showCaptcha) {
        setShowCaptcha(true);
        setValue('captcha', '');
        captcha.refresh();
      }
    }
  });

  const err = formState.errors;
  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <fieldset className={styles.entry}>
        <legend>{t('auth.entry.label')}</legend>
        <label>
          <input type="radio" value="member" {...register('entry')} />
          {t('auth.entry.member')}
        </label>
        <label>
          <input type="radio" value="agent" {...register('entry')} />
          {t('auth.entry.agent')}
        </label>
      </fieldset>
      <TextField
        label={t('auth.username')}
        autoComplete="username"
        placeholder={placeholderFor(t('auth.username'), true)}
        error={err.username?.message ? t(err.username.message) : undefined}
        {...register('username', { validate: required('auth.username_required') })}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        placeholder={placeholderFor(t('auth.password'), true)}
        error={err.password?.message ? t(err.password.message) : undefined}
        {...register('password', { validate: required('auth.password_required') })}
      />
      {showCaptcha ? (
        <TextField
          label={t('auth.captcha')}
          autoComplete="off"
          maxLength={16}
          error={err.captcha?.message ? t(err.captcha.message) : undefined}
          addon={<CaptchaImage image={captcha.image} onRefresh={captcha.refresh} />}
          {...register('captcha', {
            validate: (v) => !showCaptcha || v.trim().length > 0 || 'auth.captcha_required',
          })}
        />
      ) : null}
      <label className={styles.check}>
        <input type="checkbox" {...register('rememberMe')} />
        {t('auth.remember_me')}
      </label>
      {formError ? (
        <p className={styles.error} role="alert">
          {t(formError)}
          {until ? ` ${t('errors.refused_until', { until })}` : null}
        </p>
      ) : null}
      <Button type="submit" className={styles.submit} disabled={formState.isSubmitting}>
        {t('auth.login')}
      </Button>
    </form>
  );
}

interface SmsValues {
  mobileNum: string;
  verificationCode: string;
}

/** SMS login (type sms) and verification-code login (type firebase: 1-minute countdown). */
function SmsLogin({ type }: { type: 'sms' | 'firebase' }) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [dialingCode, setDialingCode] = useState(DEFAULT_DIALING_CODE);
  const [warning, setWarning] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [until, setUntil] = useState<string | null>(null);
  const { register, handleSubmit, getValues, trigger, formState } = useForm<SmsValues>({
    defaultValues: { mobileNum: '', verificationCode: '' },
  });
  const code = useCodeButton(async () => {
    const { expiredMinutes } = await sendSmsCode({
      mobileNum: getValues('mobileNum').trim(),
      countryDialingCode: dialingCode,
      purpose: 'login',
      type,
    });
    return type === 'firebase' ? SMS_COUNTDOWN_SECONDS : SMS_COUNTDOWN_SECONDS * expiredMinutes;
  });

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const answer = await login({
        type,
        mobileNum: v.mobileNum.trim(),
        countryDialingCode: dialingCode,
        verificationCode: v.verificationCode.trim(),
        entry: 'member',
      });
      // The new-IP step is for password logins; an SMS login already proved the phone.
      if (answer.kind === 'session') await completeLogin(answer.session, { type });
    } catch (e) {
      setFormError(errorKey(e));
      setUntil(refusalUntil(e));
    }
  });

  const err = formState.errors;
  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField
        label={t('auth.mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        before={<CountrySelect value={dialingCode} onChange={setDialingCode} />}
        error={err.mobileNum?.message ? t(err.mobileNum.message) : undefined}
        {...register('mobileNum', {
          validate: (v) =>
            v.trim() === '' ? 'auth.mobile_required' : /^\d{6,15}$/.test(v.trim()) || 'auth.mobile_invalid',
        })}
      />
      <TextField
        label={t('auth.verification_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        error={err.verificationCode?.message ? t(err.verificationCode.message) : undefined}
        addon={
          <CodeButton
            state={code.state}
            onClick={() => {
              void trigger('mobileNum').then((valid) => {
                if (valid) code.request().catch((e: unknown) => setWarning(errorKey(e)));
              });
            }}
          />
        }
        {...register('verificationCode', { validate: required('auth.code_required') })}
      />
      {formError ? (
        <p className={styles.error} role="alert">
          {t(formError)}
          {until ? ` ${t('errors.refused_until', { until })}` : null}
        </p>
      ) : null}
      <Button type="submit" className={styles.submit} disabled={formState.isSubmitting}>
        {t('auth.login')}
      </Button>
      {warning ? <WarningDialog messageKey={warning} onClose={() => setWarning(null)} /> : null}
    </form>
  );
}

const METHOD_KEYS: Record<VerifyMethod, string> = {
  sms: 'auth.verify_method.sms',
  email: 'auth.verify_method.email',
  payee: 'auth.verify_method.payee',
  totp: 'auth.verify_method.totp',
};

/** Spec §1 new-IP step: one more proof among the offered methods, then the session. */
function VerifyStep({
  challenge,
  onDone,
}: {
  challenge: Challenge;
  onDone: (result: Parameters<ReturnType<typeof useCompleteLogin>>[0]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<VerifyMethod>(challenge.methods[0] ?? 'totp');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = useCodeButton(async () => {
    if (method !== 'sms' && method !== 'email') return 0;
    const { expiredMinutes } = await sendLoginVerifyCode(challenge.challengeId, method);
    return SMS_COUNTDOWN_SECONDS * expiredMinutes;
  });
  const target = method === 'sms' || method === 'email' ? challenge.targets[method] : undefined;
  const inputLabel =
    method === 'payee'
      ? t('auth.payee_name')
      : method === 'totp'
        ? t('auth.totp_code')
        : t('auth.verification_code');

  const submit = async () => {
    if (value.trim() === '')
      return setError(method === 'payee' ? 'errors.input_required' : 'auth.code_required');
    setError(null);
    setBusy(true);
    try {
      const result = await verifyLogin({
        challengeId: challenge.challengeId,
        method,
        ...(method === 'payee' ? { payeeName: value.trim() } : { code: value.trim() }),
      });
      await onDone(result);
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className={styles.notice}>{t('auth.verify_lead')}</p>
      <div role="radiogroup" aria-label={t('auth.verify_method_label')} className={styles.form}>
        {challenge.methods.map((m) => (
          <label key={m} className={styles.check}>
            <input
              type="radio"
              name="verify-method"
              checked={method === m}
              onChange={() => {
                setMethod(m);
                setValue('');
                setError(null);
              }}
            />
            {t(METHOD_KEYS[m])}
          </label>
        ))}
      </div>
      {target ? <p className={styles.hint}>{t('auth.code_target', { target })}</p> : null}
      <TextField
        key={method}
        label={inputLabel}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        inputMode={method === 'payee' ? 'text' : 'numeric'}
        autoComplete={method === 'payee' ? 'name' : 'one-time-code'}
        maxLength={method === 'payee' ? 100 : 6}
        error={error ? t(error) : undefined}
        addon={
          method === 'sms' || method === 'email' ? (
            <CodeButton
              state={code.state}
              onClick={() => void code.request().catch((e: unknown) => setWarning(errorKey(e)))}
            />
          ) : undefined
        }
      />
      <Button type="submit" className={styles.submit} disabled={busy}>
        {t('auth.verify_submit')}
      </Button>
      {warning ? <WarningDialog messageKey={warning} onClose={() => setWarning(null)} /> : null}
    </form>
  );
}
