import { useEffect, useState } from 'react';
import { PROMO_IMAGE_PATH } from '@app/contracts';
import { getToken } from '@/lib/storage';

/**
 * One image of my application: served only to me, so it is fetched with my session and shown
 * from an object URL (revoked when the image leaves the screen). Null while loading or on failure.
 */
export function useApplicationImage(id: number): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getToken();
    void fetch(`${PROMO_IMAGE_PATH}?id=${id}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
      credentials: 'same-origin',
    })
      .then(async (res) => {
        if (!res.ok) return;
        const type = res.headers.get('content-type') ?? '';
        if (type !== 'image/png' && type !== 'image/jpeg') return;
        objectUrl = URL.createObjectURL(await res.blob());
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return url;
}
