/**
 * A registration just ended (issue 10): the deposit-limit prompt shows once the session's
 * protection runtime starts. Kept in session storage so it survives the runtime's lazy load.
 */
const KEY = 'protection.registered';

export function markRegistered(): void {
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {
    /* storage off: no prompt at registration; the deposit page still offers it */
  }
}

/** True once after a registration. */
export function takeRegistered(): boolean {
  try {
    const on = window.sessionStorage.getItem(KEY) === '1';
    window.sessionStorage.removeItem(KEY);
    return on;
  } catch {
    return false;
  }
}
