import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { useAnnouncementTexts } from '../use-texts';
import { languageTagOf } from './language-tag';
import styles from './announcements.module.css';

/**
 * Announcements read one after another in one modal: the popup group after a login (spec §4, the
 * after-login modal), or one banner's details. Title, time, the HTML content (sanitised), and
 * "2 of 3" with previous and next; the last one's button closes it.
 */
export default function AnnouncementModal({
  items,
  onClose,
}: {
  items: Announcement[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ready = useAnnouncementTexts();
  const [index, setIndex] = useState(0);
  const a = items[Math.min(index, items.length - 1)];
  if (!ready || !a) return null;
  const last = index >= items.length - 1;
  return (
    <Modal title={a.title} closeLabel={t('common.close')} onClose={onClose} variant="wide">
      <p className={styles.meta}>
        <time dateTime={a.startsAt}>{a.timestamp}</time>
      </p>
      <SafeHtml
        key={a.id}
        html={a.content}
        images
        className={styles.content}
        lang={languageTagOf(a.language)}
      />
      <div className={styles.steps}>
        {items.length > 1 ? (
          <span className={styles.counter}>
            {t('announcements.popup.counter', { n: index + 1, total: items.length })}
          </span>
        ) : null}
        <div className={styles.stepButtons}>
          {index > 0 ? (
            <Button variant="secondary" onClick={() => setIndex(index - 1)}>
              {t('announcements.popup.previous')}
            </Button>
          ) : null}
          {last ? (
            <Button onClick={onClose}>{t('announcements.popup.done')}</Button>
          ) : (
            <Button onClick={() => setIndex(index + 1)}>{t('announcements.popup.next')}</Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
