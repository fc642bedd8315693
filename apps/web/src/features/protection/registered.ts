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

/**
 * True after a registration until `clearRegistered`. Reading does not clear it: a render React
 * throws away (a lazy part suspending) would otherwise take the flag and the committed render
 * would not see it. The runtime clears it once it has mounted with it.
 */
export function isRegistered(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearRegistered(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    /* storage off: nothing was kept */
  }
}
