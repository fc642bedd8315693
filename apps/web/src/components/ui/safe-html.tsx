import { useMemo } from 'react';
import { safeHtml } from '@/lib/safe-html';

/**
 * Server HTML shown on a page, through the one DOMPurify lock (`lib/safe-html`). It pulls
 * DOMPurify in: use it only from lazy chunks.
 */
export function SafeHtml({
  html,
  images = false,
  className,
  lang,
}: {
  html: string;
  /** Keep images from this site (announcements, activities, blog posts). */
  images?: boolean;
  className?: string;
  lang?: string;
}) {
  const clean = useMemo(() => safeHtml(html, { images }), [html, images]);
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: clean }} />;
}
