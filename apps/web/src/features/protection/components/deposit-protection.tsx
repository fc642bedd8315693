import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useUiStore } from '@/lib/ui-store';
import { useProtectionSettings } from '../api/protection';
import { DepositLimitForm } from './deposit-limit-form';
import { Outcome } from './shared';
import styles from './protection.module.css';

/**
 * The deposit page's protection line (issue 10): "Set a deposit limit" (the Responsible gaming
 * page) and, on the first visit while the server still wants it asked, the deposit-limit prompt
 * in the page (not over it: the deposit form stays usable).
 */
export default function DepositProtection() {
  const { t } = useTranslation();
  const setPanelPage = useUiStore((s) => s.setPanelPage);
  const settings = useProtectionSettings();
  const [done, setDone] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const prompt = settings.data?.depositLimitPrompt === true && !settings.data.trial && !dismissed;
  return (
    <>
      {prompt ? (
        <section className={styles.section} aria-labelledby="deposit-limit-prompt">
          <h3 id="deposit-limit-prompt" className={styles.heading}>
            {t('protection.prompt.title')}
          </h3>
          <p className={styles.muted}>{t('protection.prompt.body')}</p>
          <DepositLimitForm
            onDone={(saved) => {
              setDismissed(true);
              setDone(saved);
            }}
          />
        </section>
      ) : null}
      <Outcome ok={done} />
      <p>
        <Button variant="ghost" size="s" onClick={() => setPanelPage('personal', 'protection')}>
          {t('protection.prompt.link')}
        </Button>
      </p>
    </>
  );
}
