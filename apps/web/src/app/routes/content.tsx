import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { Page } from '@/components/ui/page';
import { BeginnerGuide } from '@/features/content/components/beginner-guide';
import { BlogArticle } from '@/features/content/components/blog-article';
import { BlogList } from '@/features/content/components/blog-list';
import { FeedbackForm } from '@/features/content/components/feedback-form';
import { MyFeedback } from '@/features/content/components/my-feedback';
import styles from '@/features/content/components/content.module.css';
import { loadContentCatalogues } from '@/features/content/catalogues';

/** Issue 9's own pages (blog, beginner guide, feedback): their texts arrive before they render. */
export async function loader() {
  await loadContentCatalogues();
  return null;
}

/** One module for the group's pages (one route entry each in the home page's router). */
export function Component() {
  const { pathname } = useLocation();
  const { slug } = useParams();
  if (pathname.startsWith(paths.guide)) return <GuideRoute />;
  if (pathname.startsWith(paths.feedback)) return <FeedbackRoute />;
  return slug ? <BlogArticleRoute /> : <BlogRoute />;
}

/** The blog (/blog). */
function BlogRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('content.blog.title')}>
      <BlogList />
    </Page>
  );
}

/** One article (/blog/:slug). */
function BlogArticleRoute() {
  const { slug = '' } = useParams();
  return <BlogArticle key={slug} slug={slug} />;
}

/** The beginner guide (/guide). */
function GuideRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('content.guide.title')}>
      <BeginnerGuide />
    </Page>
  );
}

/** The feedback form and, for a member, their feedback with our replies (/feedback). */
function FeedbackRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('content.feedback.title')}>
      <div className={styles.twoColumns}>
        <FeedbackForm />
        <MyFeedback />
      </div>
    </Page>
  );
}
