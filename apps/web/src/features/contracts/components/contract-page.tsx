import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractKind } from '@app/contracts';
import { ManagedContracts } from './managed-contracts';
import { SettlementRecords } from './settlement-records';
import { UplineContracts } from './upline-contracts';
import styles from './contracts.module.css';

/** One kind's three parts: from my upline, what I manage as an upline, the settlement records. */
function KindSections({ kind }: { kind: ContractKind }) {
  return (
    <>
      <UplineContracts kind={kind} />
      <ManagedContracts kind={kind} />
      <SettlementRecords kind={kind} />
    </>
  );
}

/**
 * A contract page of the agent centre (spec §2 agentDividendRecordCopy2, agentDailyWages2,
 * agentHourSalary; §3, §4): one kind, or several as tabs (daily wages: daily and real-time).
 */
export function ContractPage({ labelKey, kinds }: { labelKey: string; kinds: readonly ContractKind[] }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ContractKind>(kinds[0]!);
  const tabsId = useId();
  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      {kinds.length > 1 ? (
        <>
          <div className={styles.tabs} role="tablist" aria-label={t('contracts.tabs.label')}>
            {kinds.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                id={`${tabsId}-${k}`}
                aria-selected={k === kind}
                aria-controls={`${tabsId}-panel`}
                className={styles.tab}
                onClick={() => setKind(k)}
              >
                {t(`contracts.kinds.${k}`)}
              </button>
            ))}
          </div>
          <div
            id={`${tabsId}-panel`}
            role="tabpanel"
            aria-labelledby={`${tabsId}-${kind}`}
            className={styles.page}
          >
            <KindSections key={kind} kind={kind} />
          </div>
        </>
      ) : (
        <KindSections kind={kind} />
      )}
    </section>
  );
}
