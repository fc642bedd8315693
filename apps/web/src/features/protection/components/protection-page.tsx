import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXCLUSION_PERIODS,
  LIMIT_KINDS,
  LIMIT_MAX,
  REALITY_CHECK_MINUTES,
  SESSION_LIMIT_MINUTES,
  parseMajor,
  type Limit,
  type LimitKind,
  type ProtectionSettings,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import {
  useProtectionSettings,
  useSelfExclude,
  useSetLimit,
  useSetRealityCheck,
  useSetSessionLimit,
  useTimeOut,
} from '../api/protection';
import { formatDateTime } from '../time';
import { ConfirmDialog, Outcome, SelectField, useCurrency, useEndSession, useMoney } from './shared';
import styles from './protection.module.css';

/** The period's name: deposits count 24 hours / 7 days / 30 days, stakes and losses day / week / month. */
export const periodKey = (kind: LimitKind, period: string) =>
  kind === 'deposit' ? `protection.deposit_periods.${period}` : `protection.periods.${period}`;

/**
 * Responsible gaming (issue 10), a personal-centre page: deposit, wager and loss limits with what
 * is used and what waits for its cooling-off, the session time limit, the reality check, a
 * time-out and self-exclusion (each behind a confirm dialog; both log the player out).
 */
export default function ProtectionPage({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const settings = useProtectionSettings();
  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      <p className={styles.muted}>{t('protection.intro')}</p>
      {settings.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : settings.isError ? (
        <ErrorState messageKey={errorKey(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <Sections settings={settings.data} />
      )}
    </section>
  );
}

function Sections({ settings }: { settings: ProtectionSettings }) {
  const { t } = useTranslation();
  return (
    <>
      {settings.trial ? (
        <p className={styles.warning} role="note">
          {t('protection.trial')}
        </p>
      ) : (
        <>
          <p className={styles.muted}>{t('protection.rule')}</p>
          {LIMIT_KINDS.map((kind) => (
            <section key={kind} className={styles.section} aria-labelledby={`protection-${kind}`}>
              <h3 id={`protection-${kind}`} className={styles.heading}>
                {t(`protection.kinds.${kind}`)}
              </h3>
              <p className={styles.muted}>{t(`protection.kind_hints.${kind}`)}</p>
              <ul className={styles.rows}>
                {settings.limits
                  .filter((l) => l.kind === kind)
                  .map((l) => (
                    <LimitRow key={`${l.kind}-${l.period}`} limit={l} />
                  ))}
              </ul>
            </section>
          ))}
          <SessionLimitSection settings={settings} />
        </>
      )}
      <RealityCheckSection minutes={settings.realityCheckMinutes} />
      <TimeOutSection />
      <ExclusionSection />
    </>
  );
}

/** "1,234.50" → minor units within 1..LIMIT_MAX, or null. */
function parseLimit(text: string): number | null {
  const minor = parseMajor(text);
  return minor !== null && minor <= LIMIT_MAX ? minor : null;
}

function LimitRow({ limit }: { limit: Limit }) {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useCurrency();
  const setLimit = useSetLimit();
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok?: string; error?: string } | null>(null);
  const name = t(`protection.names.${limit.kind}`, { period: t(periodKey(limit.kind, limit.period)) });
  const id = `limit-${limit.kind}-${limit.period}`;

  const save = (value: number | null) => {
    setOutcome(null);
    setLimit.mutate(
      { kind: limit.kind, period: limit.period, amount: value },
      {
        onSuccess: (r) => {
          setEditing(false);
          setAmount('');
          setOutcome({
            ok:
              r.effect === 'now'
                ? t('protection.limit.done_now')
                : t('protection.limit.done_later', { when: formatDateTime(r.effectiveAt) }),
          });
        },
        onError: (e) => setOutcome({ error: t(errorKey(e)) }),
      },
    );
  };

  return (
    <li className={styles.row} aria-labelledby={id}>
      <div className={styles.rowHead}>
        <h4 id={id} className={styles.name}>
          {name}
        </h4>
        <span>
          {limit.amount === null
            ? t('protection.limit.none')
            : t('protection.limit.amount', { amount: money(limit.amount) })}
        </span>
      </div>
      {limit.amount !== null ? (
        <>
          <progress
            className={styles.bar}
            max={limit.amount}
            value={Math.min(limit.used, limit.amount)}
            aria-label={name}
          />
          <p className={styles.muted}>
            {t('protection.limit.usage', { used: money(limit.used), limit: money(limit.amount) })}
          </p>
        </>
      ) : (
        <p className={styles.muted}>{t('protection.limit.used', { used: money(limit.used) })}</p>
      )}
      {limit.pending ? (
        <p className={styles.pending}>
          {limit.pending.amount === null
            ? t('protection.limit.pending_remove', { when: formatDateTime(limit.pending.effectiveAt) })
            : t('protection.limit.pending', {
                amount: money(limit.pending.amount),
                when: formatDateTime(limit.pending.effectiveAt),
              })}
        </p>
      ) : null}
      <Outcome ok={outcome?.ok} error={outcome?.error} />
      {editing ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const value = parseLimit(amount);
            if (value === null) return setFieldError('protection.errors.amount_invalid');
            setFieldError(null);
            save(value);
          }}
        >
          <TextField
            label={t('protection.limit.new_amount', { currency })}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={fieldError ? t(fieldError) : undefined}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={setLimit.isPending}>
              {t('protection.limit.save')}
            </Button>
            {limit.amount !== null && limit.pending?.amount !== null ? (
              <Button variant="secondary" disabled={setLimit.isPending} onClick={() => save(null)}>
                {t('protection.limit.remove')}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="s"
            aria-label={t('protection.limit.change_named', { name })}
            onClick={() => {
              setOutcome(null);
              setEditing(true);
            }}
          >
            {t('protection.limit.change')}
          </Button>
        </div>
      )}
    </li>
  );
}

function SessionLimitSection({ settings }: { settings: ProtectionSettings }) {
  const { t } = useTranslation();
  const setSessionLimit = useSetSessionLimit();
  const { minutes, pending } = settings.sessionLimit;
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<{ ok?: string; error?: string } | null>(null);
  const save = (m: number | null) => {
    setOutcome(null);
    setSessionLimit.mutate(
      { minutes: m },
      {
        onSuccess: (r) => {
          setValue('');
          setOutcome({
            ok:
              r.effect === 'now'
                ? t('protection.limit.done_now')
                : t('protection.limit.done_later', { when: formatDateTime(r.effectiveAt) }),
          });
        },
        onError: (e) => setOutcome({ error: t(errorKey(e)) }),
      },
    );
  };
  return (
    <section className={styles.section} aria-labelledby="protection-session">
      <h3 id="protection-session" className={styles.heading}>
        {t('protection.session.title')}
      </h3>
      <p className={styles.muted}>{t('protection.session.hint', SESSION_LIMIT_MINUTES)}</p>
      <p>{minutes === null ? t('protection.limit.none') : t('protection.session.current', { minutes })}</p>
      {pending ? (
        <p className={styles.pending}>
          {pending.minutes === null
            ? t('protection.limit.pending_remove', { when: formatDateTime(pending.effectiveAt) })
            : t('protection.session.pending', {
                minutes: pending.minutes,
                when: formatDateTime(pending.effectiveAt),
              })}
        </p>
      ) : null}
      <Outcome ok={outcome?.ok} error={outcome?.error} />
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const m = Number(value);
          if (!Number.isInteger(m) || m < SESSION_LIMIT_MINUTES.min || m > SESSION_LIMIT_MINUTES.max)
            return setOutcome({ error: t('protection.errors.minutes_invalid') });
          save(m);
        }}
      >
        <TextField
          label={t('protection.session.minutes')}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={setSessionLimit.isPending}>
            {t('protection.session.save')}
          </Button>
          {minutes !== null && pending?.minutes !== null ? (
            <Button variant="secondary" disabled={setSessionLimit.isPending} onClick={() => save(null)}>
              {t('protection.session.remove')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** Reality-check choices: off, or 1 to 60 minutes. */
const REALITY_CHOICES = [
  REALITY_CHECK_MINUTES.min,
  5,
  10,
  15,
  20,
  30,
  45,
  REALITY_CHECK_MINUTES.max,
] as const;

function RealityCheckSection({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  const setRealityCheck = useSetRealityCheck();
  const [value, setValue] = useState(minutes === null ? '' : String(minutes));
  const [outcome, setOutcome] = useState<{ ok?: string; error?: string } | null>(null);
  const choices: number[] = [...REALITY_CHOICES];
  if (minutes !== null && !choices.includes(minutes)) choices.push(minutes);
  choices.sort((a, b) => a - b);
  return (
    <section className={styles.section} aria-labelledby="protection-reality">
      <h3 id="protection-reality" className={styles.heading}>
        {t('protection.reality.title')}
      </h3>
      <p className={styles.muted}>{t('protection.reality.hint')}</p>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          setOutcome(null);
          setRealityCheck.mutate(
            { minutes: value === '' ? null : Number(value) },
            {
              onSuccess: () => setOutcome({ ok: t('protection.reality.saved') }),
              onError: (err) => setOutcome({ error: t(errorKey(err)) }),
            },
          );
        }}
      >
        <SelectField label={t('protection.reality.interval')} value={value} onChange={setValue}>
          <option value="">{t('protection.reality.off')}</option>
          {choices.map((m) => (
            <option key={m} value={String(m)}>
              {t('protection.reality.every', { minutes: m })}
            </option>
          ))}
        </SelectField>
        <Outcome ok={outcome?.ok} error={outcome?.error} />
        <div className={styles.actions}>
          <Button type="submit" disabled={setRealityCheck.isPending}>
            {t('protection.reality.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Time-out lengths offered, in days (24 h to 6 weeks). */
export const TIME_OUT_CHOICES = [1, 2, 3, 7, 14, 30, 42] as const;

/**
 * A break the member takes (time-out or self-exclusion): a length, a button, a confirm dialog that
 * says it cannot be undone; on success the session ends here as the server has ended it.
 */
function BreakSection<V extends string>({
  kind,
  choices,
  initial,
  body,
  take,
}: {
  kind: 'timeout' | 'exclusion';
  choices: readonly V[];
  initial: V;
  /** The confirm dialog's text for the chosen length. */
  body: (value: V) => string;
  take: (value: V) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const endSession = useEndSession();
  const [value, setValue] = useState<V>(initial);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `protection-${kind}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.heading}>
        {t(`protection.${kind}.title`)}
      </h3>
      <p className={styles.muted}>{t(`protection.${kind}.hint`)}</p>
      <SelectField label={t(`protection.${kind}.length`)} value={value} onChange={(v) => setValue(v as V)}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {t(`protection.${kind}.options.${c}`)}
          </option>
        ))}
      </SelectField>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {t(`protection.${kind}.button`)}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t(`protection.${kind}.confirm_title`)}
          body={body(value)}
          confirmLabel={t(`protection.${kind}.confirm`)}
          error={error}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            take(value).then(
              () => endSession(`protection.${kind}.title`, `protection.${kind}.done`),
              (e: unknown) => setError(t(errorKey(e))),
            )
          }
        />
      ) : null}
    </section>
  );
}

function TimeOutSection() {
  const { t } = useTranslation();
  const timeOut = useTimeOut();
  return (
    <BreakSection
      kind="timeout"
      choices={TIME_OUT_CHOICES.map(String)}
      initial={String(TIME_OUT_CHOICES[0])}
      body={(days) =>
        t('protection.timeout.confirm_body', {
          until: formatDateTime(new Date(Date.now() + Number(days) * 86_400_000).toISOString()),
        })
      }
      take={(days) => timeOut.mutateAsync(Number(days))}
    />
  );
}

function ExclusionSection() {
  const { t } = useTranslation();
  const selfExclude = useSelfExclude();
  return (
    <BreakSection
      kind="exclusion"
      choices={EXCLUSION_PERIODS}
      initial={EXCLUSION_PERIODS[0]}
      body={(period) =>
        t('protection.exclusion.confirm_body', { period: t(`protection.exclusion.options.${period}`) })
      }
      take={(period) => selfExclude.mutateAsync(period)}
    />
  );
}
