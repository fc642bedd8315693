import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@app/contracts';
import { useUiStore } from '@/lib/ui-store';
import { languageTagOf } from './language-tag';
import styles from './banner-carousel.module.css';

/** How long a slide shows before the next one (when rotating). */
export const BANNER_INTERVAL_MS = 6_000;
const SWIPE_PX = 40;

/**
 * lib/use-hydrated.ts's hook, repeated here: that module is a chunk of its own (0.2 KiB more of the
 * home page's first load, whose budget has no room for it: issue 11).
 */
const never = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

const reducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The home page's banner carousel (issue 9, group banners; WAI-ARIA carousel pattern): slides
 * rotate every few seconds, and stop while the pointer is over it, while anything in it has the
 * focus, or for good with the pause button (and from the start for people who ask for reduced
 * motion). Previous/next, a button per slide, arrow keys, Home/End and swipes move it. The box has
 * a fixed aspect ratio, so nothing below it moves. Each slide shows the announcement's picture,
 * title and plain summary; "Details" opens the whole announcement (its HTML, sanitised).
 */
export function BannerCarousel({ items }: { items: Announcement[] }) {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const [index, setIndex] = useState(0);
  // Reduced motion is the browser's to know: the server's render (and its hydration) rotates,
  // the browser's next render pauses (no mismatch); a person's own choice wins.
  const hydrated = useHydrated();
  const [pausedChoice, setPaused] = useState<boolean | null>(null);
  const paused = pausedChoice ?? (hydrated && reducedMotion());
  const [hover, setHover] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipe = useRef<{ id: number; x: number } | null>(null);
  const count = items.length;
  const current = Math.min(index, count - 1);
  const rotating = count > 1 && !paused && !hover && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  if (count === 0) return null;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  const onKeyDown = (e: KeyboardEvent) => {
    const to =
      e.key === 'ArrowLeft'
        ? current - 1
        : e.key === 'ArrowRight'
          ? current + 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? count - 1
              : null;
    if (to === null || count < 2) return;
    e.preventDefault();
    go(to);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.isPrimary) swipe.current = { id: e.pointerId, x: e.clientX };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? current + 1 : current - 1);
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('announcements.banner.roledescription')}
      aria-labelledby="home-banners"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <h2 id="home-banners" className="visually-hidden">
        {t('announcements.banner.label')}
      </h2>
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        {/* Read out when a person moves it, not every few seconds while it rotates by itself. */}
        <div
          className={styles.track}
          // No style attribute on the first slide: the server's markup may not carry one (the
          // page's CSP has no 'unsafe-inline' for styles); React sets it through the DOM later.
          style={current === 0 ? undefined : { transform: `translateX(${-100 * current}%)` }}
          aria-live={rotating ? 'off' : 'polite'}
        >
          {items.map((a, i) => (
            <div
              key={a.id}
              className={`${styles.slide} ${a.imageUrl ? '' : styles.plain}`}
              role="group"
              aria-roledescription={t('announcements.banner.slide_roledescription')}
              aria-label={t('announcements.banner.slide', { n: i + 1, total: count })}
              aria-hidden={i !== current}
              inert={i !== current}
            >
              {a.imageUrl ? (
                <img
                  className={styles.art}
                  src={a.imageUrl}
                  alt=""
                  width={1200}
                  height={400}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  // The first picture is the home page's largest paint: fetched first.
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding="async"
                  draggable={false}
                />
              ) : null}
              <div className={styles.caption} lang={languageTagOf(a.language)}>
                {/* Cut to one and two lines on a phone: the titles have them whole (and Details opens the rest). */}
                <h3 className={styles.title} title={a.title}>
                  {a.title}
                </h3>
                {a.summary ? (
                  <p className={styles.summary} title={a.summary}>
                    {a.summary}
                  </p>
                ) : null}
                <button
                  type="button"
                  className={styles.details}
                  aria-label={t('announcements.banner.details_of', { title: a.title })}
                  onClick={() => openModal({ kind: 'announcement', items: [a] })}
                >
                  {t('announcements.banner.details')}
                </button>
              </div>
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            aria-label={t(paused ? 'announcements.banner.play' : 'announcements.banner.pause')}
            onClick={() => setPaused(!paused)}
          >
            <span aria-hidden="true" className={paused ? styles.playIcon : styles.pauseIcon} />
          </button>
          <button
            type="button"
            className={styles.control}
            aria-label={t('announcements.banner.previous')}
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <ul className={styles.dots}>
            {items.map((a, i) => (
              <li key={a.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={t('announcements.banner.go_to', { n: i + 1 })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={styles.control}
            aria-label={t('announcements.banner.next')}
            onClick={() => go(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
