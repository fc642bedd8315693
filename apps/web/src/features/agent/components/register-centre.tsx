import { Suspense, lazy, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DOWNLINE_KINDS,
  INVITE_LINKS_MAX,
  agentCreateDownline,
  type DownlineKind,
  type InviteLink,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles, placeholderFor } from '@/components/ui/field';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { loadChunk } from '@/lib/chunk';
import { errorKey, isApiError } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { useCreateDownline } from '../api/create-downline';
import { useCreateInviteLink } from '../api/create-invite-link';
import { useDeleteInviteLink } from '../api/delete-invite-link';
import { useInviteLinks } from '../api/get-invite-links';
import { ConfirmDialog } from './confirm-dialog';
import agent from './agent.module.css';

// The QR drawing (and the qrcode package) is its own chunk, fetched when a link is on screen.
const QrCode = lazy(() => loadChunk(() => import('@/components/ui/qr-code')));

/**
 * Create account (spec §2 registerCenter, issue 8): a form that creates a player or agent account
 * directly under me, and my invitation links (affiliate code, URL, copy, QR code, registrations,
 * retire; a new link for players or for agents).
 */
export default function RegisterCentre({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      <CreateDownlineForm />
      <InviteLinks />
    </section>
  );
}

interface Values {
  kind: DownlineKind;
  account: string;
  password: string;
  nickname: string;
}
const FIELDS = ['account', 'password', 'nickname'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);
/** Server refusals that belong to one field when the answer names none. */
const FIELD_OF_MESSAGE: Record<string, Field> = {
  'agent.errors.account_exists': 'account',
  'errors.account_format': 'account',
  'errors.password_format': 'password',
};

function CreateDownlineForm() {
  const { t } = useTranslation();
  const create = useCreateDownline();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{ account: string; kind: DownlineKind } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { kind: 'member', account: '', password: '', nickname: '' },
  });
  const errors = formState.errors;
  const errorText = (f: Field) => (errors[f]?.message ? t(errors[f].message) : undefined);

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setDone(null);
    const body = {
      kind: v.kind,
      account: v.account.trim(),
      password: v.password,
      ...(v.nickname.trim() ? { nickname: v.nickname.trim() } : {}),
    };
    // The contract's own rules first: the same keys the server would answer.
    const checked = agentCreateDownline.request.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0] ?? '');
        // Account and password carry the server's own keys; anything else reads as a format error.
        if (isField(name))
          setError(name, { message: issue.message.includes(' ') ? 'errors.invalid_format' : issue.message });
      }
      return;
    }
    try {
      const answer = await create.mutateAsync(body);
      reset({ kind: v.kind, account: '', password: '', nickname: '' });
      setDone({ account: answer.account, kind: v.kind });
    } catch (e) {
      let placed = false;
      if (isApiError(e)) {
        for (const [name, message] of Object.entries(e.fields ?? {})) {
          if (isField(name)) {
            setError(name, { message });
            placed = true;
          }
        }
        const field = FIELD_OF_MESSAGE[e.messageKey];
        if (!placed && field) {
          setError(field, { message: e.messageKey });
          placed = true;
        }
      }
      if (!placed) setFormError(errorKey(e));
    }
  });

  return (
    <form
      className={agent.section}
      noValidate
      aria-labelledby="agent-create-title"
      onSubmit={(e) => {
        setFormError(null);
        setDone(null);
        void submit(e);
      }}
    >
      <h3 id="agent-create-title" className={agent.sectionTitle}>
        {t('agent.register.create_title')}
      </h3>
      <fieldset className={agent.radios}>
        <legend>{t('agent.register.kind')}</legend>
        {DOWNLINE_KINDS.map((k) => (
          <label key={k}>
            <input type="radio" value={k} {...register('kind')} />
            {t(`agent.kinds.${k}`)}
          </label>
        ))}
      </fieldset>
      <div className={formStyles.form}>
        <TextField
          label={t('agent.register.account')}
          autoComplete="off"
          autoCapitalize="none"
          placeholder={placeholderFor(t('agent.register.account'), true)}
          hint={t('agent.register.account_hint')}
          error={errorText('account')}
          {...register('account', {
            validate: (x) => x.trim() !== '' || 'errors.input_required',
          })}
        />
        <TextField
          label={t('agent.register.password')}
          type="password"
          autoComplete="new-password"
          placeholder={placeholderFor(t('agent.register.password'), true)}
          hint={t('agent.register.password_hint')}
          error={errorText('password')}
          {...register('password', { validate: (x) => x !== '' || 'errors.input_required' })}
        />
        <TextField
          label={t('agent.register.nickname')}
          autoComplete="off"
          maxLength={32}
          placeholder={placeholderFor(t('agent.register.nickname'), false)}
          error={errorText('nickname')}
          {...register('nickname')}
        />
      </div>
      <div className={agent.actions}>
        <Button type="submit" disabled={formState.isSubmitting}>
          {t(formState.isSubmitting ? 'agent.register.creating' : 'agent.register.create')}
        </Button>
      </div>
      {formError ? (
        <p className={agent.error} role="alert">
          {t(formError)}
        </p>
      ) : null}
      {done ? (
        <p className={agent.ok} role="status">
          {t('agent.register.created', { account: done.account, kind: t(`agent.kinds.${done.kind}`) })}
        </p>
      ) : null}
    </form>
  );
}

function InviteLinks() {
  const { t } = useTranslation();
  const links = useInviteLinks();
  const createLink = useCreateInviteLink();
  const [retiring, setRetiring] = useState<InviteLink | null>(null);
  const full = (links.data?.items.length ?? 0) >= INVITE_LINKS_MAX;

  return (
    <section className={agent.section} aria-labelledby="agent-links-title">
      <h3 id="agent-links-title" className={agent.sectionTitle}>
        {t('agent.links.title')}
      </h3>
      {links.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : links.isError ? (
        <ErrorState messageKey={errorKey(links.error)} onRetry={() => void links.refetch()} />
      ) : (
        <>
          <dl className={agent.summary}>
            <div>
              <dt>{t('agent.links.affiliate_code')}</dt>
              <dd className={agent.code}>{links.data.affiliateCode ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('agent.links.count_label')}</dt>
              <dd>{t('agent.links.count', { n: links.data.items.length, max: INVITE_LINKS_MAX })}</dd>
            </div>
          </dl>
          <div className={agent.actions}>
            {DOWNLINE_KINDS.map((k) => (
              <Button
                key={k}
                variant="secondary"
                size="s"
                disabled={createLink.isPending || full}
                onClick={() => createLink.mutate({ kind: k })}
              >
                {t(`agent.links.new_${k}`)}
              </Button>
            ))}
          </div>
          {createLink.isError ? (
            <p className={agent.error} role="alert">
              {t(errorKey(createLink.error))}
            </p>
          ) : full ? (
            <p className={styles.hint}>{t('agent.links.full', { max: INVITE_LINKS_MAX })}</p>
          ) : null}
          {links.data.items.length === 0 ? (
            <EmptyState title={t('agent.links.empty')} />
          ) : (
            <ul className={agent.links} aria-label={t('agent.links.list_label')}>
              {links.data.items.map((link) => (
                <LinkItem key={link.id} link={link} onRetire={() => setRetiring(link)} />
              ))}
            </ul>
          )}
        </>
      )}
      {retiring ? <RetireDialog link={retiring} onClose={() => setRetiring(null)} /> : null}
    </section>
  );
}

function LinkItem({ link, onRetire }: { link: InviteLink; onRetire: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const kind = t(`agent.kinds.${link.kind}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <li className={agent.link} aria-label={t('agent.links.item_label', { code: link.code, kind })}>
      <div className={agent.grid}>
        <dl className={agent.linkInfo}>
          <div>
            <dt>{t('agent.links.kind')}</dt>
            <dd>{kind}</dd>
          </div>
          <div>
            <dt>{t('agent.links.code')}</dt>
            <dd className={agent.code}>{link.code}</dd>
          </div>
          <div>
            <dt>{t('agent.links.url')}</dt>
            <dd className={agent.url}>{link.url}</dd>
          </div>
          <div>
            <dt>{t('agent.links.registrations')}</dt>
            <dd>{link.registrations}</dd>
          </div>
          <div>
            <dt>{t('agent.links.created')}</dt>
            <dd>
              <time dateTime={link.createdAt}>{merchantTime(link.createdAt)}</time>
            </dd>
          </div>
        </dl>
        <div className={agent.actions}>
          <Button size="s" onClick={() => void copy()}>
            {t('agent.links.copy')}
          </Button>
          <Button size="s" variant="secondary" onClick={onRetire}>
            {t('agent.links.retire')}
          </Button>
          <span className={copied === 'failed' ? agent.error : agent.ok} role="status">
            {copied ? t(copied === 'ok' ? 'agent.links.copied' : 'agent.links.copy_failed') : ''}
          </span>
        </div>
      </div>
      <div className={agent.qr}>
        <Suspense fallback={null}>
          <QrCode text={link.url} label={t('agent.links.qr_label', { code: link.code })} />
        </Suspense>
      </div>
    </li>
  );
}

function RetireDialog({ link, onClose }: { link: InviteLink; onClose: () => void }) {
  const { t } = useTranslation();
  const retire = useDeleteInviteLink();
  return (
    <ConfirmDialog
      title={t('agent.links.retire_title')}
      message={t('agent.links.retire_confirm', { code: link.code })}
      confirmLabel={t('agent.links.retire')}
      busy={retire.isPending}
      error={retire.isError ? t(errorKey(retire.error)) : null}
      onConfirm={() => retire.mutate({ id: link.id }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
