import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './promotions.module.css';

/**
 * The operator's HTML for an activity. The server sanitised it when it was saved; it is never
 * trusted here either: DOMPurify strips scripts, event handlers, frames, SVG and javascript: URLs
 * before it reaches the page.
 */
export function PromoContent({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
        FORBID_ATTR: ['style'],
      }),
    [html],
  );
  return <div className={styles.content} dangerouslySetInnerHTML={{ __html: clean }} />;
}
