import { useCallback, useRef, useState } from 'react';
import { captcha as captchaEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';

/** Spec §9: captcha refresh at most once per second. */
export const CAPTCHA_THROTTLE_MS = 1000;

/** GET /wps/captcha: the image as a data URI; the answer is bound to an HttpOnly cookie. */
export function getCaptcha(): Promise<string> {
  return call(captchaEndpoint, {});
}

/** The captcha image and a throttled refresh. */
export function useCaptcha() {
  const [image, setImage] = useState<string | null>(null);
  const last = useRef(0);
  const refresh = useCallback(() => {
    const now = Date.now();
    if (now - last.current < CAPTCHA_THROTTLE_MS) return;
    last.current = now;
    getCaptcha().then(setImage, () => setImage(null));
  }, []);
  return { image, refresh };
}
