import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './rewards.module.css';

export interface SectionTab<K extends string> {
  key: K;
  label: string;
  /** A count shown beside the label (read out with it), when above zero. */
  count?: number;
}

/**
 * Tabs of a page (WAI-ARIA tabs: one tab stop, arrow keys, Home and End move between tabs); the
 * selected tab's panel is rendered below them.
 */
export function SectionTabs<K extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  id: string;
  label: string;
  tabs: readonly SectionTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${id}-tab-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {tab.label}
            {tab.count ? (
              <>
                {' '}
                <span className={styles.tabCount}>{tab.count}</span>
              </>
            ) : null}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${selected}`}>
        {children}
      </div>
    </>
  );
}
