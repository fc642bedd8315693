/** Reads one cookie from a Cookie header (no cookie plugin is installed; this is all we need). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

/** An HttpOnly, SameSite=Strict cookie for the whole site. */
export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${o.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(o.secure ? ['Secure'] : []),
  ].join('; ');
}
