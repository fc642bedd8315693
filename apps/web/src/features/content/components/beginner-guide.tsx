import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import styles from './content.module.css';

type StepId = 'register' | 'deposit' | 'play' | 'withdraw';

/** Where each step's button goes: a page, or a personal-centre page (panel-from-url). */
const STEPS: { id: StepId; to: string; member: boolean; guestOnly?: boolean }[] = [
  { id: 'register', to: paths.register, member: false, guestOnly: true },
  { id: 'deposit', to: `${paths.home}?panel=personal&page=depositv2`, member: true },
  { id: 'play', to: paths.games.rng, member: false },
  { id: 'withdraw', to: `${paths.home}?panel=personal&page=withdraw`, member: true },
];

/** The beginner guide (spec §2): register, deposit, play, withdraw, each with a link to the real page. */
export function BeginnerGuide() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.token !== null);
  const openModal = useUiStore((s) => s.openModal);
  return (
    <>
      <p className={styles.lead}>{t('content.guide.intro')}</p>
      <ol className={styles.steps}>
        {STEPS.map((step, i) => (
          <li key={step.id} className={styles.step} aria-labelledby={`guide-${step.id}`}>
            <span className={styles.stepNumber} aria-hidden="true">
              {i + 1}
            </span>
            <div className={styles.stepBody}>
              <p className={styles.stepLabel}>{t('content.guide.step', { n: i + 1 })}</p>
              <h2 id={`guide-${step.id}`} className={styles.stepTitle}>
                {t(`content.guide.${step.id}.title`)}
              </h2>
              <p>{t(`content.guide.${step.id}.body`)}</p>
              {step.guestOnly && signedIn ? null : step.member && !signedIn ? (
                <button type="button" className={styles.action} onClick={() => openModal({ kind: 'login' })}>
                  {t('content.guide.signed_in_only')}
                </button>
              ) : (
                <Link to={step.to} className={styles.action}>
                  {t(`content.guide.${step.id}.action`)}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
      <section className={styles.card} aria-labelledby="guide-tips">
        <h2 id="guide-tips" className={styles.cardTitle}>
          {t('content.guide.tips_title')}
        </h2>
        <ul className={styles.tips}>
          <li>
            <Link to={paths.help}>{t('content.guide.tip_help')}</Link>
          </li>
          <li>
            <Link to={paths.down}>{t('content.guide.tip_app')}</Link>
          </li>
          <li>{t('content.guide.tip_responsible')}</li>
        </ul>
      </section>
    </>
  );
}
