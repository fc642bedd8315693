import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { SafeHtml } from '@/components/ui/safe-html';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorKey, isApiError } from '@/lib/api-client';
import { languageTag } from '@/lib/i18n';
import { useBlogPost } from '../api/get-blog-post';
import { useDate } from './blog-list';
import styles from './content.module.css';

/** One blog article: its cover, title, date and body (server HTML, sanitised again here). */
export function BlogArticle({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const post = useBlogPost(slug);
  const date = useDate();
  const back = (
    <Link to={paths.blog} className={styles.back}>
      {t('content.blog.back')}
    </Link>
  );
  if (post.isPending)
    return (
      <Page title={t('content.blog.title')}>
        <LoadingState label={t('common.loading')} />
      </Page>
    );
  if (post.isError)
    return (
      <Page title={t('content.blog.title')} actions={back}>
        {isApiError(post.error) && post.error.status === 404 ? (
          <EmptyState title={t('content.errors.not_found')} />
        ) : (
          <ErrorState messageKey={errorKey(post.error)} onRetry={() => void post.refetch()} />
        )}
      </Page>
    );
  return (
    <Page title={post.data.title} actions={back}>
      <article className={styles.article} lang={languageTag(post.data.language)}>
        <time className={styles.muted} dateTime={post.data.publishedAt}>
          {t('content.blog.published', { date: date(post.data.publishedAt) })}
        </time>
        <img className={styles.articleCover} src={post.data.coverUrl} alt="" width={1200} height={630} />
        <SafeHtml html={post.data.body} images className={styles.prose} />
      </article>
    </Page>
  );
}
