import { Suspense, lazy, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameType } from '@app/contracts';
import { loadChunk } from '@/lib/chunk';
import styles from './top-nav.module.css';

// The panel (vendor cards) and its gameMenus call load on the first hover, focus or open, so the
// home page's first JS carries only this toggle (issue 2 §9 budget).
const loadPanel = () => loadChunk(() => import('./game-menu-panel'));
const GameMenuPanel = lazy(loadPanel);

/**
 * A game type's header entry as a disclosure menu (WAI-ARIA "disclosure navigation menu with
 * top-level links"): the entry stays a link to the type's lobby; the button beside it shows the
 * type's vendors. Hover (a mouse) or the button opens it; Escape closes it and returns focus to
 * the button; leaving it (focus or mouse) closes it. In the phone menu the vendors list under it.
 */
export function GameMenu({
  id,
  label,
  types,
  open,
  onOpenChange,
  onNavigate,
  children,
}: {
  id: string;
  label: string;
  types: readonly GameType[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate?: () => void;
  /** The entry's link. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const panelId = `${useId()}-menu`;
  const item = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Opened by hovering: a click on the button then keeps it open (pins it) instead of closing it.
  const byHover = useRef(false);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // A press anywhere else closes an open menu (some browsers do not focus a clicked button, so
  // blur alone would not tell).
  useEffect(() => {
    if (!open) {
      byHover.current = false;
      return;
    }
    const onDown = (e: PointerEvent) => {
      if (!item.current?.contains(e.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, onOpenChange]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      onOpenChange(false);
      toggle.current?.focus();
    }
  };

  return (
    <li
      ref={item}
      className={styles.menuItem}
      data-open={open || undefined}
      onKeyDown={onKeyDown}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        void loadPanel();
        clearTimeout(hoverTimer.current);
        // Hover intent: a pointer only passing over the bar opens nothing.
        if (!open)
          hoverTimer.current = setTimeout(() => {
            byHover.current = true;
            onOpenChange(true);
          }, 120);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        clearTimeout(hoverTimer.current);
        // A menu opened by hover closes when the pointer leaves (after a grace period for the gap
        // between the bar and the panel); one opened by a click stays until Escape or a click away.
        if (byHover.current) hoverTimer.current = setTimeout(() => onOpenChange(false), 200);
      }}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <div className={styles.menuHead}>
        {children}
        <button
          ref={toggle}
          type="button"
          className={styles.menuToggle}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={t('nav.menu_vendors', { type: label })}
          onFocus={() => void loadPanel()}
          onClick={() => {
            clearTimeout(hoverTimer.current);
            const pin = open && byHover.current;
            byHover.current = false;
            onOpenChange(pin || !open);
          }}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <GameMenuPanel
            id={panelId}
            entryId={id}
            label={label}
            types={types}
            onNavigate={() => {
              onOpenChange(false);
              onNavigate?.();
            }}
          />
        </Suspense>
      ) : null}
    </li>
  );
}
