import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: SMS request throttle 1 s. */
export const SMS_THROTTLE_MS = 1000;

export type CodeButtonState =
  { kind: 'ready' } | { kind: 'loading' } | { kind: 'countdown'; seconds: number };

/**
 * The send-code button of spec §4: ready → (loading) → countdown → ready. `send` answers the
 * seconds to count down; a failed send returns to ready. Clicks within 1 s of the last request
 * are ignored.
 */
export function useCodeButton(send: () => Promise<number>) {
  const [state, setState] = useState<CodeButtonState>({ kind: 'ready' });
  const lastRequest = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const start = useCallback((seconds: number) => {
    if (timer.current) clearInterval(timer.current);
    let left = seconds;
    setState({ kind: 'countdown', seconds: left });
    timer.current = setInterval(() => {
      left -= 1;
      if (left <= 0) {
        if (timer.current) clearInterval(timer.current);
        timer.current = null;
        setState({ kind: 'ready' });
      } else setState({ kind: 'countdown', seconds: left });
    }, 1000);
  }, []);

  const request = useCallback(async () => {
    const now = Date.now();
    if (state.kind !== 'ready' || now - lastRequest.current < SMS_THROTTLE_MS) return;
    lastRequest.current = now;
    setState({ kind: 'loading' });
    try {
      start(await send());
    } catch (e) {
      setState({ kind: 'ready' });
      throw e;
    }
  }, [send, start, state.kind]);

  return { state, request };
}
