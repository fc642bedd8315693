import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useUiStore } from '@/lib/ui-store';
import styles from './point-mall.module.css';

/** A sign-in prompt where a part of the point mall needs a session (my points, records, details). */
export function SignInPrompt({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.prompt}>
      <p>{text}</p>
      <Button onClick={() => useUiStore.getState().openModal({ kind: 'login' })}>
        {t('points.balance.login')}
      </Button>
    </div>
  );
}
