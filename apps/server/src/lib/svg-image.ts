import { createHash } from 'node:crypto';
import { ERROR_MESSAGE_KEYS } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serving the SVG images the server draws itself (game thumbnails, vendor logos, goods pictures,
 * banners, blog covers): cacheable for a day, with an ETag so a revalidation after that is a 304;
 * 404 (the usual envelope) for a name that draws nothing.
 */

/** A day in caches; the ETag makes a revalidation after that a 304. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** Text or an attribute value inside generated SVG. */
export const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** FNV-1a: a stable 32-bit hash of a name, for colours. */
export function nameHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Sends `svg` (304 when the client holds it already); null: 404. */
export function sendSvg(req: FastifyRequest, reply: FastifyReply, svg: string | null) {
  if (svg === null)
    return reply.code(404).send({ success: false, code: 'NOT_FOUND', message: ERROR_MESSAGE_KEYS.NOT_FOUND });
  const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 22)}"`;
  reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', etag);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}
