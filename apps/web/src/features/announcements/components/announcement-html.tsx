import { useMemo } from 'react';
import type { Announcement } from '@app/contracts';
import { safeHtml } from '../safe-html';
import styles from './announcements.module.css';
import { languageTagOf } from './language-tag';

/** An announcement's content: sanitised again here (DOMPurify), in the language it is written in. */
export function AnnouncementHtml({
  announcement,
}: {
  announcement: Pick<Announcement, 'content' | 'language'>;
}) {
  const html = useMemo(() => safeHtml(announcement.content), [announcement.content]);
  return (
    <div
      className={styles.content}
      lang={languageTagOf(announcement.language)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
