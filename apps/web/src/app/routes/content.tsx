import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
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

/** The blog (/blog). */
export function BlogRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('content.blog.title')}>
      <BlogList />
    </Page>
  );
}

/** One article (/blog/:slug). */
export function BlogArticleRoute() {
  const { slug = '' } = useParams();
  return <BlogArticle key={slug} slug={slug} />;
}

/** The beginner guide (/guide). */
export function GuideRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('content.guide.title')}>
      <BeginnerGuide />
    </Page>
  );
}

/** The feedback form and, for a member, their feedback with our replies (/feedback). */
export function FeedbackRoute() {
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
