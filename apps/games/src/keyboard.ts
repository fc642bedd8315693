/** What a key does on the studio page (issue 5: Space/Enter spins, arrows or +/- change the bet). */
export type KeyAction = 'spin' | 'betUp' | 'betDown' | 'close' | null;

export interface KeyLike {
  key: string;
  repeat?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}

/** Elements that handle Space and Enter themselves (a focused button clicks, a link opens). */
function activatesItself(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (target as Element).closest('button, a[href], input, select, textarea, [role="button"]') !== null;
}

export function keyAction(e: KeyLike, dialogOpen: boolean): KeyAction {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (dialogOpen) return e.key === 'Escape' ? 'close' : null;
  switch (e.key) {
    case ' ':
    case 'Spacebar':
    case 'Enter':
      // Holding the key does not spin again and again; a focused control keeps its own meaning.
      return e.repeat || activatesItself(e.target) ? null : 'spin';
    case 'ArrowUp':
    case 'ArrowRight':
    case '+':
    case '=':
      return 'betUp';
    case 'ArrowDown':
    case 'ArrowLeft':
    case '-':
    case '_':
      return 'betDown';
    default:
      return null;
  }
}
