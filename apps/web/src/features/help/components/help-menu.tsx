import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorKey } from '@/lib/api-client';
import { useHelpCenter } from '../api/get-help-center';
import FooterLinks from './footer-links';
import styles from './help-menu.module.css';

/**
 * Footer help content menu (spec §2): one column per category, linking to /help with the article.
 * The footer loads it when it comes within a screen of the viewport (app/layout/footer.tsx): its
 * code, call and render wait until then instead of competing with the page's first paint.
 */
export default function HelpMenu() {
  const { t } = useTranslation();
  const help = useHelpCenter();
  if (help.isPending) return null;
  const links = <FooterLinks />;
  if (help.isError) {
    return (
      <>
        {links}
        <p className={styles.error}>
          {t(errorKey(help.error))}{' '}
          <button type="button" className={styles.retry} onClick={() => void help.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      </>
    );
  }
  return (
    <>
      {links}
      <nav aria-label={t('footer.help_menu')} className={styles.menu}>
        {help.data.map((category) => (
          <div key={category.id} className={styles.column}>
            <h2 className={styles.heading}>{category.title}</h2>
            <ul className={styles.list}>
              {category.articles.map((a) => (
                <li key={a.id}>
                  <Link to={paths.helpArticle(a.id)}>{a.title}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}
