import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { withTexts } from '@/features/protection/lazy';
import styles from './help-menu.module.css';

/**
 * The footer's other pages (issue 9: guide, blog, feedback, join us, app download, point mall),
 * shown with the help menu once the footer is near (both in the help menu's lazy chunk): the home
 * page's first load carries none of it.
 */
// Issue 10: the 18+ mark, the licence line and the Responsible gaming link, with their texts.
const FooterProtection = withTexts(() => import('@/features/protection/components/footer-protection'));

export default function FooterLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('footer.links.label')}>
      <ul className={styles.links}>
        <li>
          <Link to={paths.guide}>{t('footer.links.guide')}</Link>
        </li>
        <li>
          <Link to={paths.blog}>{t('footer.links.blog')}</Link>
        </li>
        <li>
          <Link to={paths.feedback}>{t('footer.links.feedback')}</Link>
        </li>
        <li>
          <Link to={paths.join}>{t('pages.join.title')}</Link>
        </li>
        <li>
          <Link to={paths.pointMall}>{t('pages.pointMall.title')}</Link>
        </li>
        <li>
          <Link to={paths.down}>{t('nav.download')}</Link>
        </li>
      </ul>
      <Suspense fallback={null}>
        <FooterProtection />
      </Suspense>
    </nav>
  );
}
