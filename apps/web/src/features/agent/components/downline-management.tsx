import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLINE_STATUSES, RED_ENVELOPE_MAX_RECIPIENTS, formatMinor, type Downline } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { AGENT_TYPES } from '@/config/member';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { pageCount } from '@/lib/record-list';
import { useDownlines, type DownlinesQuery } from '../api/get-downlines';
import { useSetDownlineStatus } from '../api/set-downline-status';
import { AccountFilter } from './account-filter';
import { ConfirmDialog } from './confirm-dialog';
import { RedEnvelopeDialog, TransferDialog, type Recipient } from './money-dialogs';
import { usePagerLabels } from './report-kit';
import agent from './agent.module.css';

type Level = 'direct' | 'all';
type StatusFilter = (typeof DOWNLINE_STATUSES)[number] | 'all';

export interface DownlineFilter {
  account: string;
  level: Level;
  status: StatusFilter;
  /** The drill-down path: the members whose direct downlines are shown (last one), from the top. */
  path: readonly Recipient[];
  page: number;
}

/** What the list asks for: a drilled member's direct downlines, or my subtree by level. */
export function downlinesQuery(f: DownlineFilter): DownlinesQuery {
  const parent = f.path[f.path.length - 1];
  return {
    ...(f.account ? { account: f.account } : {}),
    ...(parent ? { parentId: parent.id } : { level: f.level }),
    ...(f.status === 'all' ? {} : { status: f.status }),
    page: f.page,
  };
}

const isAgentType = (type: number) => AGENT_TYPES.includes(type);

/**
 * Downline management (spec §2 downlineManagmentView, issue 8): search my team by account, level
 * and status; open a member's own downlines (a breadcrumb leads back); contacts come masked from
 * the server; per member: freeze / unfreeze (confirmed), transfer; several members picked: one red
 * envelope (the same amount each, at most 50).
 */
export default function DownlineManagement({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const levelId = useId();
  const statusId = useId();
  const [filter, setFilter] = useState<DownlineFilter>({
    account: '',
    level: 'all',
    status: 'all',
    path: [],
    page: 1,
  });
  const list = useDownlines(downlinesQuery(filter));
  const pagerLabels = usePagerLabels();
  const [picked, setPicked] = useState<ReadonlyMap<number, Recipient>>(new Map());
  const [freezing, setFreezing] = useState<Downline | null>(null);
  const [transferTo, setTransferTo] = useState<Recipient | null>(null);
  const [envelope, setEnvelope] = useState(false);
  const update = (next: Partial<DownlineFilter>) => setFilter((f) => ({ ...f, page: 1, ...next }));
  const full = picked.size >= RED_ENVELOPE_MAX_RECIPIENTS;
  const drilled = filter.path.length > 0;

  const toggle = (d: Downline) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(d.id)) next.delete(d.id);
      else if (next.size < RED_ENVELOPE_MAX_RECIPIENTS) next.set(d.id, { id: d.id, account: d.account });
      return next;
    });

  const cols = {
    account: t('agent.columns.account'),
    type: t('agent.columns.member_type'),
    level: t('agent.columns.level'),
    upline: t('agent.columns.upline'),
    status: t('agent.columns.status'),
    balance: t('agent.columns.balance'),
    contacts: t('agent.columns.contacts'),
    team: t('agent.columns.team'),
    lastLogin: t('agent.columns.last_login'),
    actions: t('agent.columns.actions'),
  };

  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      <div className={styles.filters} role="group" aria-label={t('agent.report.filters')}>
        <AccountFilter value={filter.account} onChange={(account) => update({ account })} />
        <div className={agent.grid} style={{ gridTemplateColumns: '1fr 1fr' }}>
          <div className={styles.field}>
            <label htmlFor={levelId}>{t('agent.downlines.level')}</label>
            <select
              id={levelId}
              className={styles.input}
              value={filter.level}
              disabled={drilled}
              onChange={(e) => update({ level: e.target.value as Level })}
            >
              <option value="all">{t('agent.downlines.level_all')}</option>
              <option value="direct">{t('agent.downlines.level_direct')}</option>
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={statusId}>{t('agent.downlines.status')}</label>
            <select
              id={statusId}
              className={styles.input}
              value={filter.status}
              onChange={(e) => update({ status: e.target.value as StatusFilter })}
            >
              <option value="all">{t('agent.downlines.status_all')}</option>
              {DOWNLINE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`agent.statuses.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <nav className={agent.crumbs} aria-label={t('agent.downlines.breadcrumb')}>
        <ol>
          <li>
            {drilled ? (
              <button type="button" className={agent.crumb} onClick={() => update({ path: [] })}>
                {t('agent.downlines.my_team')}
              </button>
            ) : (
              <span aria-current="page">{t('agent.downlines.my_team')}</span>
            )}
          </li>
          {filter.path.map((m, i) =>
            i === filter.path.length - 1 ? (
              <li key={m.id}>
                <span aria-current="page">{m.account}</span>
              </li>
            ) : (
              <li key={m.id}>
                <button
                  type="button"
                  className={agent.crumb}
                  onClick={() => update({ path: filter.path.slice(0, i + 1) })}
                >
                  {m.account}
                </button>
              </li>
            ),
          )}
        </ol>
      </nav>
      <div className={agent.toolbar} role="group" aria-label={t('agent.envelope.toolbar')}>
        <span aria-live="polite">
          {t('agent.envelope.picked', { n: picked.size, max: RED_ENVELOPE_MAX_RECIPIENTS })}
        </span>
        <div className={agent.actions}>
          <Button size="s" disabled={picked.size === 0} onClick={() => setEnvelope(true)}>
            {t('agent.envelope.open')}
          </Button>
          <Button
            size="s"
            variant="secondary"
            disabled={picked.size === 0}
            onClick={() => setPicked(new Map())}
          >
            {t('agent.envelope.clear')}
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : list.isError ? (
        <ErrorState messageKey={errorKey(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.items.length === 0 ? (
            <EmptyState title={t('agent.downlines.empty')} />
          ) : (
            <>
              <p className={styles.count}>{t('agent.downlines.count', { total: list.data.total })}</p>
              <div
                className={agent.scroll}
                role="region"
                tabIndex={0}
                aria-label={t('agent.downlines.scroll_label')}
              >
                <table role="table" className={styles.table} aria-label={t('agent.downlines.list_label')}>
                  <thead role="rowgroup">
                    <tr role="row">
                      <th role="columnheader" scope="col">
                        <span className="visually-hidden">{t('agent.envelope.pick_column')}</span>
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.account}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.type}
                      </th>
                      <th role="columnheader" scope="col" className={styles.num}>
                        {cols.level}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.upline}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.status}
                      </th>
                      <th role="columnheader" scope="col" className={styles.num}>
                        {cols.balance}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.contacts}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.team}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.lastLogin}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.actions}
                      </th>
                    </tr>
                  </thead>
                  <tbody role="rowgroup" aria-busy={list.isPlaceholderData || undefined}>
                    {list.data.items.map((d) => {
                      const isPicked = picked.has(d.id);
                      return (
                        <tr role="row" key={d.id}>
                          <td role="cell" className={agent.pickCell}>
                            <label className={agent.pick}>
                              <input
                                type="checkbox"
                                checked={isPicked}
                                disabled={!isPicked && full}
                                onChange={() => toggle(d)}
                              />
                              <span className="visually-hidden">
                                {t('agent.envelope.pick', { account: d.account })}
                              </span>
                            </label>
                          </td>
                          <td role="cell" data-label={cols.account} className={styles.lead}>
                            {d.nickname ? `${d.account} (${d.nickname})` : d.account}
                          </td>
                          <td role="cell" data-label={cols.type}>
                            {t(isAgentType(d.type) ? 'agent.kinds.agent' : 'agent.kinds.member')}
                          </td>
                          <td role="cell" data-label={cols.level} className={styles.num}>
                            {d.level}
                          </td>
                          <td role="cell" data-label={cols.upline}>
                            {d.upline}
                          </td>
                          <td role="cell" data-label={cols.status}>
                            <span className={agent.status} data-status={d.status}>
                              {t(`agent.statuses.${d.status}`)}
                            </span>
                          </td>
                          <td role="cell" data-label={cols.balance} className={styles.num}>
                            {formatMinor(d.balance)}
                          </td>
                          <td role="cell" data-label={cols.contacts}>
                            <span className={agent.contacts}>
                              <span>{d.mobile ?? '—'}</span>
                              {d.email ? <span>{d.email}</span> : null}
                            </span>
                          </td>
                          <td role="cell" data-label={cols.team}>
                            {d.directCount > 0 ? (
                              <button
                                type="button"
                                className={agent.crumb}
                                onClick={() =>
                                  update({ path: [...filter.path, { id: d.id, account: d.account }] })
                                }
                              >
                                {t('agent.downlines.open_team', { n: d.directCount, account: d.account })}
                              </button>
                            ) : (
                              '0'
                            )}
                          </td>
                          <td role="cell" data-label={cols.lastLogin} className={styles.time}>
                            {d.lastLoginAt ? (
                              <time dateTime={d.lastLoginAt}>{merchantTime(d.lastLoginAt)}</time>
                            ) : (
                              '—'
                            )}
                          </td>
                          <td role="cell" data-label={cols.actions}>
                            <div className={agent.rowActions}>
                              <Button
                                size="s"
                                onClick={() => setTransferTo({ id: d.id, account: d.account })}
                                aria-label={t('agent.downlines.transfer_to', { account: d.account })}
                              >
                                {t('agent.downlines.transfer')}
                              </Button>
                              <Button
                                size="s"
                                variant="secondary"
                                onClick={() => setFreezing(d)}
                                aria-label={t(
                                  d.status === 'active'
                                    ? 'agent.downlines.freeze_who'
                                    : 'agent.downlines.unfreeze_who',
                                  { account: d.account },
                                )}
                              >
                                {t(
                                  d.status === 'active'
                                    ? 'agent.downlines.freeze'
                                    : 'agent.downlines.unfreeze',
                                )}
                              </Button>
                            </div>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <Pager
            page={list.data.page}
            pageCount={pageCount(list.data.total, list.data.pageSize)}
            onChange={(page) => setFilter((f) => ({ ...f, page }))}
            labels={pagerLabels}
            disabled={list.isPlaceholderData}
          />
        </>
      )}
      {freezing ? <FreezeDialog member={freezing} onClose={() => setFreezing(null)} /> : null}
      {transferTo ? <TransferDialog to={transferTo} onClose={() => setTransferTo(null)} /> : null}
      {envelope ? (
        <RedEnvelopeDialog
          recipients={[...picked.values()]}
          onClose={() => setEnvelope(false)}
          onSent={() => setPicked(new Map())}
        />
      ) : null}
    </section>
  );
}

function FreezeDialog({ member, onClose }: { member: Downline; onClose: () => void }) {
  const { t } = useTranslation();
  const setStatus = useSetDownlineStatus();
  const freeze = member.status === 'active';
  return (
    <ConfirmDialog
      title={t(freeze ? 'agent.downlines.freeze_title' : 'agent.downlines.unfreeze_title')}
      message={t(freeze ? 'agent.downlines.freeze_confirm' : 'agent.downlines.unfreeze_confirm', {
        account: member.account,
      })}
      confirmLabel={t(freeze ? 'agent.downlines.freeze' : 'agent.downlines.unfreeze')}
      busy={setStatus.isPending}
      error={setStatus.isError ? t(errorKey(setStatus.error)) : null}
      onConfirm={() =>
        setStatus.mutate(
          { memberId: member.id, status: freeze ? 'frozen' : 'active' },
          { onSuccess: onClose },
        )
      }
      onClose={onClose}
    />
  );
}
