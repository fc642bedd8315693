import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BIRTHDAY_CONFIRM_AGE,
  codeSchema,
  emailSchema,
  mobileSchema,
  SMS_COUNTDOWN_SECONDS,
  type Profile,
  bindEmail as bindEmailEndpoint,
  bindEmailSend as bindEmailSendEndpoint,
  bindMobile as bindMobileEndpoint,
  bindMobileSend as bindMobileSendEndpoint,
  setPaymentPassword as setPaymentPasswordEndpoint,
  totpDisable as totpDisableEndpoint,
  totpEnable as totpEnableEndpoint,
  totpSetup as totpSetupEndpoint,
  updateProfile as updateProfileEndpoint,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import {
  CodeButton,
  CountrySelect,
  DEFAULT_DIALING_CODE,
  WarningDialog,
} from '@/components/ui/code-controls';
import { TextField, formStyles } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCountries } from '@/lib/countries';
import { useFlags } from '@/lib/status';
import { useUiStore } from '@/lib/ui-store';
import { useCodeButton } from '@/lib/use-code-button';
import { LOGIN_HISTORY_PAGE_SIZE, useLoginHistory, useProfile, useSecurityMutation } from '../api/security';
import styles from './security-centre.module.css';

/** Whole years between a yyyy-MM-dd birthday and today. */
export function ageOn(birthday: string, today = new Date()): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}

const PROFILE_FIELDS = [
  'nickname',
  'payeeName',
  'qqNum',
  'whatsapp',
  'facebook',
  'telegram',
  'zalo',
  'line',
  'wechat',
  'idNumber',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
] as const satisfies readonly (keyof Profile)[];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.heading}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function Result({ error, done }: { error: string | null; done: string | null }) {
  const { t } = useTranslation();
  if (error)
    return (
      <p className={formStyles.error} role="alert">
        {t(error)}
      </p>
    );
  if (done)
    return (
      <p className={formStyles.hint} role="status">
        {t(done)}
      </p>
    );
  return null;
}

/** "My account" (spec §2 securityCenter, issue 3). */
export default function SecurityCentre({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const { member } = useSession();
  const openModal = useUiStore((s) => s.openModal);
  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t(labelKey)}</h2>
      {member?.previousLogin ? (
        <p className={formStyles.notice}>
          {t('security.previous_login', {
            time: new Date(member.previousLogin.time).toLocaleString(),
            ip: member.previousLogin.ip,
          })}
        </p>
      ) : null}
      <Section id="sec-password" title={t('security.login_password')}>
        <div>
          <Button variant="secondary" onClick={() => openModal({ kind: 'changePassword' })}>
            {t('auth.change_password')}
          </Button>
        </div>
      </Section>
      <ProfileSection />
      <PaymentPasswordSection has={member?.hasPaymentPassword ?? false} />
      <MobileSection bound={member?.mobile ?? null} />
      <EmailSection bound={member?.email ?? null} />
      <TotpSection enabled={member?.totpEnabled ?? false} />
      <LoginHistorySection />
    </div>
  );
}

function ProfileSection() {
  const { t } = useTranslation();
  const profile = useProfile();
  const save = useSecurityMutation(updateProfileEndpoint);
  const [draft, setDraft] = useState<Partial<Record<keyof Profile, string>>>({});
  const [confirm21, setConfirm21] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (profile.isPending) return <LoadingState label={t('common.loading')} />;
  if (profile.isError)
    return <ErrorState messageKey={errorKey(profile.error)} onRetry={() => void profile.refetch()} />;
  const data = profile.data;
  const value = (f: keyof Profile) => draft[f] ?? data[f] ?? '';

  const send = () => {
    setError(null);
    setDone(null);
    const changed = Object.fromEntries(
      Object.entries(draft).map(([k, v]) => [k, v.trim() === '' ? null : v.trim()]),
    ) as Record<string, string | null>;
    save.mutate(changed, {
      onSuccess: () => {
        setDraft({});
        setDone('security.saved');
      },
      onError: (e) => setError(errorKey(e)),
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const birthday = draft.birthday?.trim();
    // Spec §5: the birthday check asks to confirm 21 (the server refuses under 18).
    if (birthday && ageOn(birthday) < BIRTHDAY_CONFIRM_AGE) setConfirm21(true);
    else send();
  };

  return (
    <Section id="sec-profile" title={t('security.profile')}>
      <form className={`${formStyles.form} ${styles.grid}`} noValidate onSubmit={submit}>
        {PROFILE_FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`security.field.${f}`)}
            type={f === 'birthday' ? 'date' : 'text'}
            value={value(f)}
            // The payee name (real name) can be set once; after that only support changes it.
            readOnly={f === 'payeeName' && Boolean(data.payeeName)}
            hint={
              f === 'payeeName' && data.payeeName
                ? t('errors.payee_name_locked')
                : // Spec §9: binding Zalo earns a bonus (issue 9, the content texts).
                  f === 'zalo' && !data.zalo
                  ? t('content.zalo_hint')
                  : undefined
            }
            onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
          />
        ))}
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending || Object.keys(draft).length === 0}>
            {t('security.save_profile')}
          </Button>
        </div>
        <Result error={error} done={done} />
      </form>
      {confirm21 ? (
        <Modal
          title={t('security.confirm_age_title')}
          closeLabel={t('common.close')}
          onClose={() => setConfirm21(false)}
          description={t('security.confirm_age', { age: BIRTHDAY_CONFIRM_AGE })}
        >
          <div className={formStyles.links}>
            <Button variant="secondary" onClick={() => setConfirm21(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                setConfirm21(false);
                send();
              }}
            >
              {t('security.confirm_age_yes', { age: BIRTHDAY_CONFIRM_AGE })}
            </Button>
          </div>
        </Modal>
      ) : null}
    </Section>
  );
}

function PaymentPasswordSection({ has }: { has: boolean }) {
  const { t } = useTranslation();
  const save = useSecurityMutation(setPaymentPasswordEndpoint);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (current === '' || next === '' || again === '') return setError('errors.input_required');
    if (!/^\d{6}$/.test(next)) return setError('security.payment_password_rule');
    if (next !== again) return setError('errors.password_mismatch');
    setError(null);
    save.mutate(
      {
        ...(has ? { oldPaymentPassword: current } : { loginPassword: current }),
        newPaymentPassword: next,
        confirmPaymentPassword: again,
      },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setAgain('');
          setDone('security.saved');
        },
        onError: (err) => setError(errorKey(err)),
      },
    );
  };
  return (
    <Section
      id="sec-payment"
      title={has ? t('security.change_payment_password') : t('security.set_payment_password')}
    >
      <form className={formStyles.form} noValidate onSubmit={submit}>
        <TextField
          label={has ? t('security.old_payment_password') : t('security.login_password_current')}
          type="password"
          autoComplete={has ? 'off' : 'current-password'}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label={t('security.new_payment_password')}
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          hint={t('security.payment_password_rule')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          label={t('security.confirm_payment_password')}
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {t('security.save_payment_password')}
          </Button>
        </div>
        <Result error={error} done={done} />
      </form>
    </Section>
  );
}

interface BindSectionProps {
  id: string;
  titleKey: string;
  submitKey: string;
  codeLabelKey: string;
  bound: string | null;
  /** The address field(s): mobile number with its country, or the e-mail address. */
  target: ReactNode;
  /** Message key when the address is not valid, else null. */
  invalid: () => string | null;
  /** Sends the code; answers the code's validity in minutes. */
  send: () => Promise<number>;
  bind: (code: string) => Promise<unknown>;
  pending: boolean;
}

/** Bind an address with a code sent to it: the mobile and e-mail sections of the security centre. */
function BindSection(p: BindSectionProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const button = useCodeButton(async () => SMS_COUNTDOWN_SECONDS * (await p.send()));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const invalid = p.invalid();
    if (invalid) return setError(invalid);
    if (!codeSchema.safeParse(code.trim()).success) return setError('auth.code_required');
    setError(null);
    p.bind(code.trim()).then(
      () => {
        setCode('');
        setDone('security.bound');
      },
      (err: unknown) => setError(errorKey(err)),
    );
  };
  return (
    <Section id={p.id} title={t(p.titleKey)}>
      <p className={formStyles.hint}>
        {p.bound ? t('security.bound_to', { value: p.bound }) : t('security.not_bound')}
      </p>
      <form className={formStyles.form} noValidate onSubmit={submit}>
        {p.target}
        <TextField
          label={t(p.codeLabelKey)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          addon={
            <CodeButton
              state={button.state}
              onClick={() => {
                const invalid = p.invalid();
                if (invalid) return setError(invalid);
                setError(null);
                button.request().catch((err: unknown) => setWarning(errorKey(err)));
              }}
            />
          }
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={p.pending}>
            {t(p.submitKey)}
          </Button>
        </div>
        <Result error={error} done={done} />
      </form>
      {warning ? <WarningDialog messageKey={warning} onClose={() => setWarning(null)} /> : null}
    </Section>
  );
}

function MobileSection({ bound }: { bound: string | null }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const showDialing = useFlags().data?.countryCodeDisplay ?? false;
  const sendCode = useSecurityMutation(bindMobileSendEndpoint);
  const bind = useSecurityMutation(bindMobileEndpoint);
  const [dialing, setDialing] = useState(DEFAULT_DIALING_CODE);
  const [mobile, setMobile] = useState('');
  return (
    <BindSection
      id="sec-mobile"
      titleKey="security.bind_mobile"
      submitKey="security.bind_mobile_submit"
      codeLabelKey="auth.verification_code"
      bound={bound}
      invalid={() => (mobileSchema.safeParse(mobile.trim()).success ? null : 'auth.mobile_invalid')}
      send={async () =>
        (await sendCode.mutateAsync({ mobileNum: mobile.trim(), countryDialingCode: dialing })).expiredMinutes
      }
      bind={(code) => bind.mutateAsync({ mobileNum: mobile.trim(), countryDialingCode: dialing, code })}
      pending={bind.isPending}
      target={
        <TextField
          label={t('auth.mobile')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          before={
            <CountrySelect
              value={dialing}
              onChange={setDialing}
              countries={countries.data}
              showDialing={showDialing}
            />
          }
        />
      }
    />
  );
}

function EmailSection({ bound }: { bound: string | null }) {
  const { t } = useTranslation();
  const sendCode = useSecurityMutation(bindEmailSendEndpoint);
  const bind = useSecurityMutation(bindEmailEndpoint);
  const [email, setEmail] = useState('');
  return (
    <BindSection
      id="sec-email"
      titleKey="security.bind_email"
      submitKey="security.bind_email_submit"
      codeLabelKey="auth.email_code"
      bound={bound}
      invalid={() => (emailSchema.safeParse(email.trim()).success ? null : 'errors.email_format')}
      send={async () => (await sendCode.mutateAsync({ email: email.trim() })).expiredMinutes}
      bind={(code) => bind.mutateAsync({ email: email.trim(), code })}
      pending={bind.isPending}
      target={
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      }
    />
  );
}

function TotpSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const setup = useSecurityMutation(totpSetupEndpoint);
  const enable = useSecurityMutation(totpEnableEndpoint);
  const disable = useSecurityMutation(totpDisableEndpoint);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pending = setup.data && !enabled ? setup.data : null;

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!codeSchema.safeParse(code.trim()).success) return setError('auth.code_required');
    setError(null);
    const action = enabled ? disable : enable;
    action.mutate(
      { code: code.trim() },
      {
        onSuccess: () => {
          setCode('');
          setup.reset();
          setDone(enabled ? 'security.totp_disabled' : 'security.totp_enabled');
        },
        onError: (err) => setError(errorKey(err)),
      },
    );
  };

  return (
    <Section id="sec-totp" title={t('security.totp')}>
      <p className={formStyles.hint}>{enabled ? t('security.totp_on') : t('security.totp_off')}</p>
      {!enabled && !pending ? (
        <div>
          <Button
            variant="secondary"
            disabled={setup.isPending}
            onClick={() => setup.mutate({}, { onError: (err) => setError(errorKey(err)) })}
          >
            {t('security.totp_setup')}
          </Button>
        </div>
      ) : null}
      {pending ? (
        <div className={styles.qr}>
          <img src={pending.qrDataUrl} alt={t('security.totp_qr')} width={180} height={180} />
          <p className={formStyles.hint}>{t('security.totp_scan')}</p>
          <p className={styles.secret}>
            {t('security.totp_secret')} <code>{pending.secret}</code>
          </p>
        </div>
      ) : null}
      {enabled || pending ? (
        <form className={formStyles.form} noValidate onSubmit={confirm}>
          <TextField
            label={t('auth.totp_code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" variant={enabled ? 'secondary' : 'primary'}>
              {enabled ? t('security.totp_disable') : t('security.totp_enable')}
            </Button>
          </div>
        </form>
      ) : null}
      <Result error={error} done={done} />
    </Section>
  );
}

function LoginHistorySection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useLoginHistory(page);
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LOGIN_HISTORY_PAGE_SIZE));
  return (
    <Section id="sec-history" title={t('security.login_history')}>
      {history.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : history.isError ? (
        <ErrorState messageKey={errorKey(history.error)} onRetry={() => void history.refetch()} />
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('security.history.time')}</th>
                  <th scope="col">{t('security.history.ip')}</th>
                  <th scope="col">{t('security.history.method')}</th>
                  <th scope="col">{t('security.history.result')}</th>
                </tr>
              </thead>
              <tbody>
                {history.data.items.map((row, i) => (
                  <tr key={`${row.time}-${i}`}>
                    <td>{new Date(row.time).toLocaleString()}</td>
                    <td>{row.ip}</td>
                    <td>{row.method}</td>
                    <td>{row.success ? t('security.history.ok') : t('security.history.failed')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className={styles.pager} aria-label={t('security.history.pages')}>
            <Button variant="secondary" size="s" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('security.history.previous')}
            </Button>
            <span>{t('security.history.page', { page, pages })}</span>
            <Button
              variant="secondary"
              size="s"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('security.history.next')}
            </Button>
          </nav>
        </>
      )}
    </Section>
  );
}
