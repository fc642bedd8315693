import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  checkField,
  CONSENT_AGE,
  passwordSchema,
  substituteBounds,
  VERIFICATION_CODE_MAX,
  type FieldConfig,
  type RegisterField,
  type RegisterPayload,
  type RegisterSetting,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles as styles, placeholderFor } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { CaptchaImage, CodeButton, DEFAULT_DIALING_CODE, WarningDialog } from '@/components/ui/code-controls';
import { useFlags, useStatus } from '@/lib/status';
import { useCodeButton } from '@/lib/use-code-button';
import { errorKey, isApiError } from '@/lib/api-client';
import { useUiStore } from '@/lib/ui-store';
import { useCaptcha } from '../api/captcha';
import { checkAffiliate, registerMember } from '../api/register';
import { sendRegisterSms } from '../api/sms';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { markRegistered } from '@/features/protection/registered';
import { CountrySelect } from './country-select';

/** Spec §4: the registration SMS button counts down 60 s. */
export const REGISTER_SMS_SECONDS = 60;

/** A sensible order for the fields the config turns on (spec §5 lists them). */
const USERNAME_ORDER: readonly RegisterField[] = [
  'username',
  'password',
  'paymentPassword',
  'payeeName',
  'email',
  'mobileNum',
  'verificationCode',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'affiliateCode',
  'captcha',
];
/** Mobile registration: the mobile number is the username; the code proves it. */
const MOBILE_ORDER: readonly RegisterField[] = [
  'mobileNum',
  'verificationCode',
  'password',
  'affiliateCode',
  'captcha',
];
const MOBILE_FORCED: readonly RegisterField[] = ['mobileNum', 'verificationCode'];

type Values = Record<RegisterField | 'confirmPassword', string> & { agree: boolean };

const SECRET: readonly RegisterField[] = ['password', 'paymentPassword'];

/** The register modal (spec §2, §5): fields, rules and messages from the server's config. */
export default function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const status = useStatus();
  const flags = useFlags().data;
  const config = status.data?.register;
  const mobileTab = Boolean(flags?.mobileRegister);
  const usernameTab = !mobileTab || Boolean(flags?.usernameRegister);
  const [tab, setTab] = useState<'username' | 'mobile'>(usernameTab ? 'username' : 'mobile');
  const title = t('auth.register');
  return (
    <Modal title={title} closeLabel={t('common.close')} onClose={onClose}>
      {mobileTab && usernameTab ? (
        <div role="tablist" aria-label={title} className={styles.tabs}>
          {(['username', 'mobile'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={styles.tab}
              onClick={() => setTab(k)}
            >
              {t(k === 'username' ? 'auth.register_username' : 'auth.register_mobile')}
            </button>
          ))}
        </div>
      ) : null}
      {config ? <RegisterForm key={tab} config={config} mobile={tab === 'mobile'} /> : null}
    </Modal>
  );
}

/** The referral code of the URL (`?referralCode=` or `?ref=`), spec §3. */
export function referralFromUrl(search = window.location.search): string | undefined {
  const q = new URLSearchParams(search);
  return q.get('referralCode') ?? q.get('ref') ?? undefined;
}

/**
 * The affiliate code of an agent's invitation link (`<origin>/?affiliateCode=CODE`, issue 8): the
 * register form opens with it filled in, and sends it even where the form does not show the field.
 */
export function affiliateFromUrl(search = window.location.search): string | undefined {
  return new URLSearchParams(search).get('affiliateCode')?.trim() || undefined;
}

/** The message of a failed check: the pattern text with its bounds, or "cannot be empty". */
function useFieldMessage() {
  const { t } = useTranslation();
  return (key: string | undefined, cfg?: FieldConfig) => {
    if (!key) return undefined;
    const text = t(key);
    return cfg && key.startsWith('patterns.') ? substituteBounds(text, cfg.minLength, cfg.maxLength) : text;
  };
}

export function RegisterForm({ config, mobile }: { config: RegisterSetting; mobile: boolean }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const completeLogin = useCompleteLogin();
  const openModal = useUiStore((s) => s.openModal);
  const captcha = useCaptcha();
  const { search } = useLocation();
  const [dialingCode, setDialingCode] = useState(DEFAULT_DIALING_CODE);
  const [formError, setFormError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const invited = affiliateFromUrl(search);
  const { register, handleSubmit, setError, getValues, trigger, formState } = useForm<Values>({
    defaultValues: { agree: true, ...(invited ? { affiliateCode: invited } : {}) },
  });

  const cfgOf = (f: RegisterField): FieldConfig => {
    const c = config[f];
    const forced = mobile && MOBILE_FORCED.includes(f);
    const base = forced ? { ...c, enabled: true, required: true } : c;
    // Spec §5: verification code max 255.
    return f === 'verificationCode'
      ? { ...base, maxLength: Math.min(base.maxLength || VERIFICATION_CODE_MAX, VERIFICATION_CODE_MAX) }
      : base;
  };
  const order = mobile ? MOBILE_ORDER : USERNAME_ORDER;
  const shown = order.filter((f) => f === 'password' || cfgOf(f).enabled);
  const showCaptcha = shown.includes('captcha');
  const { refresh: refreshCaptcha } = captcha;
  useEffect(() => {
    if (showCaptcha) refreshCaptcha();
  }, [showCaptcha, refreshCaptcha]);

  const code = useCodeButton(async () => {
    await sendRegisterSms(getValues('mobileNum').trim(), dialingCode);
    return REGISTER_SMS_SECONDS;
  });

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    const value = (f: RegisterField) => (shown.includes(f) ? v[f]?.trim() || undefined : undefined);
    const domain = window.location.hostname;
    try {
      const affiliateCode = shown.includes('affiliateCode') ? value('affiliateCode') : invited;
      if (affiliateCode && !(await checkAffiliate(affiliateCode, domain))) {
        setError('affiliateCode', { message: 'errors.invitation_code_error' });
        return;
      }
      const payload: RegisterPayload = {
        username: mobile ? value('mobileNum') : value('username'),
        password: v.password,
        // Spec §5: mobile registration copies the password to confirmPassword.
        confirmPassword: mobile ? v.password : v.confirmPassword,
        payeeName: value('payeeName'),
        email: value('email'),
        qqNum: value('qqNum'),
        mobileNum: value('mobileNum'),
        captcha: value('captcha'),
        verificationCode: value('verificationCode'),
        affiliateCode,
        paymentPassword: value('paymentPassword'),
        line: value('line'),
        whatsapp: value('whatsapp'),
        facebook: value('facebook'),
        wechat: value('wechat'),
        idNumber: value('idNumber'),
        referralCode: referralFromUrl(search),
        domain,
        countryDialingCode: value('mobileNum') ? dialingCode : undefined,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        agree: true,
        login: true,
      };
      const result = await registerMember(payload, mobile);
      // Issue 10: the deposit-limit prompt shows once the session starts.
      if (result.session) markRegistered();
      if (result.session) await completeLogin(result.session, { type: 'username', username: result.account });
      else openModal({ kind: 'login' });
    } catch (e) {
      let onField = false;
      if (isApiError(e) && e.fields) {
        for (const [field, key] of Object.entries(e.fields)) {
          if (!(field in v)) continue;
          setError(field as keyof Values, { message: key });
          onField = onField || key === e.messageKey;
        }
      }
      // The message already shown on its field is not repeated under the form.
      setFormError(onField ? null : errorKey(e));
      // Spec §8: a failed registration refreshes the captcha (at most once per second).
      if (showCaptcha) refreshCaptcha();
    }
  });

  const errors = formState.errors;
  const errorText = (f: keyof Values, cfg?: FieldConfig) => message(errors[f]?.message, cfg);

  const renderField = (f: RegisterField) => {
    const cfg = cfgOf(f);
    const alwaysRequired = f === 'paymentPassword' || f === 'password';
    const isRequired = cfg.required || alwaysRequired || (mobile && MOBILE_FORCED.includes(f));
    const label = t(`auth.field.${f}`);
    const validate = (raw: string) => {
      const val = (raw ?? '').trim();
      if (f === 'password') {
        if (val === '') return 'errors.input_required';
        if (cfg.enabled) {
          const r = checkField(cfg, val, true);
          if (!r.ok) return r.key;
        }
        return passwordSchema.safeParse(val).success || 'errors.password_format';
      }
      const r = checkField(cfg, val, alwaysRequired || isRequired);
      return r.ok || r.key;
    };
    const common = {
      label,
      placeholder: placeholderFor(label, isRequired),
      error: errorText(f, cfg),
      ...register(f, { validate }),
    };
    if (f === 'mobileNum')
      return (
        <TextField
          key={f}
          {...common}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          before={<CountrySelect value={dialingCode} onChange={setDialingCode} />}
        />
      );
    if (f === 'verificationCode')
      return (
        <TextField
          key={f}
          {...common}
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_MAX}
          addon={
            shown.includes('mobileNum') ? (
              <CodeButton
                state={code.state}
                onClick={() => {
                  void trigger('mobileNum').then((ok) => {
                    if (ok) code.request().catch((e: unknown) => setWarning(errorKey(e)));
                  });
                }}
              />
            ) : undefined
          }
        />
      );
    if (f === 'captcha')
      return (
        <TextField
          key={f}
          {...common}
          autoComplete="off"
          addon={<CaptchaImage image={captcha.image} onRefresh={refreshCaptcha} />}
        />
      );
    if (f === 'password')
      return [
        <TextField key={f} {...common} type="password" autoComplete="new-password" />,
        mobile ? null : (
          <TextField
            key="confirmPassword"
            label={t('auth.field.confirmPassword')}
            placeholder={placeholderFor(t('auth.field.confirmPassword'), true)}
            type="password"
            autoComplete="new-password"
            error={errorText('confirmPassword')}
            {...register('confirmPassword', {
              validate: (val) =>
                (val ?? '') === ''
                  ? 'errors.input_required'
                  : val === getValues('password') || 'errors.password_mismatch',
            })}
          />
        ),
      ];
    return (
      <TextField
        key={f}
        {...common}
        type={SECRET.includes(f) ? 'password' : f === 'email' ? 'email' : 'text'}
        autoComplete={SECRET.includes(f) ? 'new-password' : f === 'username' ? 'username' : 'off'}
      />
    );
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {shown.map(renderField)}
      <div className={styles.field}>
        <label className={styles.check}>
          <input type="checkbox" {...register('agree', { validate: (a) => a || 'auth.agree_required' })} />
          {t('auth.agree', { age: CONSENT_AGE })}
        </label>
        {errors.agree?.message ? (
          <p className={styles.error} role="alert">
            {t(errors.agree.message)}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p className={styles.error} role="alert">
          {t(formError)}
        </p>
      ) : null}
      <Button type="submit" className={styles.submit} disabled={formState.isSubmitting}>
        {t('auth.register_submit')}
      </Button>
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={() => openModal({ kind: 'login' })}>
          {t('auth.have_account')}
        </button>
      </div>
      {warning ? <WarningDialog messageKey={warning} onClose={() => setWarning(null)} /> : null}
    </form>
  );
}
