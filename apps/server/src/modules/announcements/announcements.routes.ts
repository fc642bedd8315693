import type { announcementEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { HandlerMap } from '../../lib/route.ts';
import { sendSvg } from '../../lib/svg-image.ts';
import type { AnnouncementsService } from './announcements.service.ts';

/** Thin handlers of the relays (guests and members alike; a member reads its own merchant's). */
export function announcementHandlers(
  service: AnnouncementsService,
): HandlerMap<typeof announcementEndpoints> {
  return {
    announcements: ({ req, input }) => service.list(req.member ?? null, input),
    winnerRankList: ({ req, input }) => service.winners(req.member ?? null, input),
  };
}

/**
 * The demo banners' pictures (`/img/banners/<name>.svg`): decorative art without text (the
 * banner's title and summary are the announcement's, in the reader's language, drawn over it by
 * the page), 1200 × 400, only shapes: never any script.
 */
const BANNER_ART: Record<string, { from: string; to: string; accent: string; shapes: string }> = {
  gold: {
    from: '#0e1621',
    to: '#5a3d05',
    accent: '#f5b50a',
    shapes:
      '<circle cx="930" cy="210" r="120" fill-opacity="0.9"/><circle cx="1070" cy="120" r="70" fill-opacity="0.6"/><circle cx="1080" cy="320" r="55" fill-opacity="0.45"/><circle cx="800" cy="330" r="40" fill-opacity="0.35"/>',
  },
  jade: {
    from: '#06201a',
    to: '#0f6b4f',
    accent: '#5de0b0',
    shapes:
      '<path d="M900 60 L1010 200 L900 340 L790 200 Z" fill-opacity="0.85"/><path d="M1080 150 L1140 230 L1080 310 L1020 230 Z" fill-opacity="0.5"/><path d="M760 40 L800 90 L760 140 L720 90 Z" fill-opacity="0.35"/>',
  },
  ruby: {
    from: '#1c0610',
    to: '#8a1035',
    accent: '#ff7a9c',
    shapes:
      '<rect x="820" y="80" width="150" height="220" rx="18" fill-opacity="0.85" transform="rotate(-12 895 190)"/><rect x="960" y="100" width="150" height="220" rx="18" fill-opacity="0.55" transform="rotate(10 1035 210)"/>',
  },
  ocean: {
    from: '#04142b',
    to: '#0b5c8f',
    accent: '#6fd3ff',
    shapes:
      '<path d="M600 300 Q700 240 800 300 T1000 300 T1200 300 V400 H600 Z" fill-opacity="0.5"/><path d="M600 340 Q700 290 800 340 T1000 340 T1200 340 V400 H600 Z" fill-opacity="0.8"/><circle cx="1000" cy="130" r="60" fill-opacity="0.7"/>',
  },
};
export const BANNER_NAMES = Object.keys(BANNER_ART);

export function bannerSvg(name: string): string | null {
  const a = BANNER_ART[name];
  if (!a) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a.from}"/><stop offset="1" stop-color="${a.to}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>
<g fill="${a.accent}">${a.shapes}</g>
</svg>
`;
}

/** GET /img/banners/<name>.svg (cacheable, ETag); 404 for anything else. */
export async function bannerImageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>(
    '/img/banners/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const name = /^([a-z]{2,16})\.svg$/.exec(req.params.file)?.[1];
      return sendSvg(req, reply, name ? bannerSvg(name) : null);
    },
  );
}
