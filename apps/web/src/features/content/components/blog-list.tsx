import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorKey } from '@/lib/api-client';
import { BLOG_PAGE_SIZE, useBlogList } from '../api/get-blog-list';
import styles from './content.module.css';

export function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' });
}

/** The blog (spec §2): published posts, newest first, a page at a time (?page=N). */
export function BlogList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const list = useBlogList(page);
  const date = useDate();
  if (list.isPending) return <LoadingState label={t('common.loading')} />;
  if (list.isError)
    return <ErrorState messageKey={errorKey(list.error)} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return <EmptyState title={t('content.blog.empty')} />;
  return (
    <>
      <p className={styles.muted}>{t('content.blog.intro')}</p>
      <ul className={styles.blogGrid}>
        {list.data.items.map((post) => (
          <li key={post.slug} className={styles.blogCard}>
            <img
              className={styles.cover}
              src={post.coverUrl}
              alt=""
              width={1200}
              height={630}
              loading="lazy"
            />
            <div className={styles.blogBody}>
              <h2 className={styles.blogTitle}>
                <Link to={paths.blogArticle(post.slug)} className={styles.blogLink}>
                  {post.title}
                </Link>
              </h2>
              <time className={styles.muted} dateTime={post.publishedAt}>
                {t('content.blog.published', { date: date(post.publishedAt) })}
              </time>
              <p className={styles.summary}>{post.summary}</p>
            </div>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageCount={Math.ceil(list.data.total / BLOG_PAGE_SIZE)}
        onChange={(p) => setParams({ page: String(p) })}
        disabled={list.isFetching}
        labels={{
          nav: t('content.blog.pager'),
          previous: t('content.blog.previous'),
          next: t('content.blog.next'),
          page: (p) => t('content.blog.page', { page: p }),
        }}
      />
    </>
  );
}
