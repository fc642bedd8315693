import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useHelpCenter } from '../api/get-help-center';
import styles from './help-centre.module.css';

/** Help centre: categories and articles from GET /wps/system/helpCenter; article HTML is sanitised. */
export function HelpCentre({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const help = useHelpCenter();
  const [params] = useSearchParams();
  const requested = Number(params.get('article'));

  const articles = useMemo(() => (help.data ?? []).flatMap((c) => c.articles), [help.data]);
  const current = articles.find((a) => a.id === requested) ?? articles[0];
  // Server HTML is never trusted: DOMPurify strips scripts, handlers and javascript: URLs.
  const html = useMemo(() => (current ? DOMPurify.sanitize(current.content) : ''), [current]);

  if (help.isPending) return <LoadingState label={t('common.loading')} />;
  if (help.isError)
    return <ErrorState messageKey={errorKey(help.error)} onRetry={() => void help.refetch()} />;
  if (!current) return <EmptyState title={t('help.empty')} />;

  return (
    <div className={styles.layout}>
      <nav aria-label={t('help.categories')} className={styles.menu}>
        {help.data.map((category) => (
          <section key={category.id} className={styles.category}>
            <h2 className={styles.categoryTitle}>{category.title}</h2>
            <ul className={styles.list}>
              {category.articles.map((a) => (
                <li key={a.id}>
                  <Link
                    to={`${basePath}?article=${a.id}`}
                    className={styles.link}
                    aria-current={a.id === current.id ? 'page' : undefined}
                  >
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <article className={styles.article} aria-labelledby="help-article-title">
        <h2 id="help-article-title">{current.title}</h2>
        <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </div>
  );
}
