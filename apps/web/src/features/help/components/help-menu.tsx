import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { loadChunk } from '@/lib/chunk';
import { errorKey } from '@/lib/api-client';
import { useHelpCenter } from '../api/get-help-center';
import styles from './help-menu.module.css';

const FooterLinks = lazy(() => loadChunk(() => import('./footer-links')));

/**
 * True once the element is within a screen of the viewport (at once without IntersectionObserver).
 * The footer sits under a long lobby: its call, checks and render wait until it is near, instead of
 * competing with the page's first paint on a phone.
 */
function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(
    // A server render shows the placeholder, as the browser's first render does.
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, ref]);
  return near;
}

/** Footer help content menu (spec §2): one column per category, linking to /help with the article. */
export function HelpMenu() {
  const { t } = useTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNearViewport(anchor);
  const help = useHelpCenter({ enabled: near });
  if (!near || help.isPending) return <div ref={anchor} />;
  const links = (
    <Suspense fallback={null}>
      <FooterLinks />
    </Suspense>
  );
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
