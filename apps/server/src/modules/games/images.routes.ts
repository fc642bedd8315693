import type { GameType } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { escapeXml, nameHash, sendSvg } from '../../lib/svg-image.ts';
import { gameImageInfo, vendorImageInfo } from './catalogue.repository.ts';

/**
 * Generated game thumbnails and vendor logos (issue 5: "thumbnails — generated images served by
 * the server, sized, cacheable"): SVG with width and height, deterministic colours from the name,
 * the name (escaped) and a glyph of the slot family or game type. Never any script: an SVG opened
 * on its own is a document, and these carry only shapes and text.
 */

export const THUMB_WIDTH = 240;
export const THUMB_HEIGHT = 160;
export const LOGO_WIDTH = 160;
export const LOGO_HEIGHT = 64;
/** One glyph per slot family, else per game type (white, drawn in a 40×40 box at the origin). */
const GLYPHS: Record<string, string> = {
  fruits:
    '<circle cx="12" cy="28" r="9"/><circle cx="29" cy="28" r="9"/><path d="M12 19 Q20 2 30 4 M29 19 Q26 8 30 4" fill="none" stroke="#fff" stroke-width="2.5"/>',
  gems: '<path d="M8 14 L14 5 H26 L32 14 L20 36 Z"/>',
  dragon: '<path d="M4 30 Q10 6 22 12 Q34 18 36 6 Q38 26 22 24 Q12 23 4 30 Z"/>',
  pharaoh: '<path d="M20 4 L38 36 H2 Z"/>',
  ocean: '<path d="M2 22 Q8 14 14 22 T26 22 T38 22 V34 H2 Z"/>',
  jungle: '<path d="M20 36 Q4 24 10 6 Q30 8 28 28 Q25 33 20 36 Z"/>',
  LOTT: '<circle cx="20" cy="20" r="16"/>',
  ELOTT: '<rect x="4" y="4" width="32" height="32" rx="6"/>',
  LIVE: '<path d="M10 4 H30 V36 H10 Z"/>',
  SPORTS:
    '<circle cx="20" cy="20" r="16"/><path d="M20 4 V36 M4 20 H36" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>',
  ESPORTS: '<rect x="2" y="10" width="36" height="20" rx="10"/>',
  FISH: '<path d="M4 20 Q18 4 30 20 Q18 36 4 20 Z M30 20 L38 12 V28 Z"/>',
  PVP: '<path d="M6 6 H24 V34 H6 Z M16 10 H34 V38 H16 Z" fill-opacity="0.85"/>',
  RNG: '<rect x="4" y="4" width="32" height="32" rx="8"/>',
};

function colours(name: string): [string, string] {
  const h = nameHash(name);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 80)) % 360;
  return [`hsl(${hue} 70% 42%)`, `hsl(${hue2} 75% 26%)`];
}

/** Up to two lines of about `width` characters (words kept whole, the rest ellipsised). */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length > 2) out.splice(1, out.length - 1, `${out[1]}…`);
  return out.map((l) => (l.length > width + 2 ? `${l.slice(0, width)}…` : l));
}

export function gameThumbnailSvg(g: {
  name: string;
  vendorName: string;
  family: string | null;
  gameType: GameType;
}): string {
  const [c1, c2] = colours(g.name);
  const glyph = GLYPHS[g.family ?? g.gameType] ?? GLYPHS.RNG;
  const text = lines(g.name, 16)
    .map(
      (l, i) =>
        `<text x="16" y="${108 + i * 22}" font-size="19" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" viewBox="0 0 ${THUMB_WIDTH} ${THUMB_HEIGHT}" role="img">
<title>${escapeXml(g.name)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" rx="12" fill="url(#g)"/>
<g transform="translate(184 16)" fill="#fff" fill-opacity="0.9">${glyph}</g>
<text x="16" y="30" font-family="sans-serif" font-size="12" fill="#fff" fill-opacity="0.8">${escapeXml(g.vendorName)}</text>
<g font-family="sans-serif">${text}</g>
</svg>
`;
}

const initialsOf = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0] ?? '')
    .join('')
    .toUpperCase();

/** The vendor's name beside its initials: one line, or two smaller ones when long. */
function vendorNameText(name: string): string {
  const two = name.length > 11 ? lines(name, 12) : [name];
  const size = two.length > 1 ? 12 : 14;
  const top = two.length > 1 ? 30 : 38;
  return two
    .map(
      (l, i) =>
        `<text x="62" y="${top + i * 15}" font-family="sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
}

export function vendorLogoSvg(v: { name: string; gameType: GameType }): string {
  const [c1, c2] = colours(v.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}" role="img">
<title>${escapeXml(v.name)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" rx="10" fill="url(#g)"/>
<circle cx="32" cy="32" r="22" fill="#fff" fill-opacity="0.92"/>
<text x="32" y="39" text-anchor="middle" font-family="sans-serif" font-size="18" font-weight="700" fill="${c2}">${escapeXml(initialsOf(v.name))}</text>
${vendorNameText(v.name)}
</svg>
`;
}

/** GET /img/games/<id>.svg and GET /img/vendors/<code>.svg; 404 for anything unknown. */
export async function gameImageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get<{ Params: { file: string } }>(
    '/img/games/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const m = /^([1-9]\d{0,8})\.svg$/.exec(req.params.file);
      const game = m ? await gameImageInfo(db, Number(m[1])) : null;
      return sendSvg(req, reply, game ? gameThumbnailSvg(game) : null);
    },
  );
  app.get<{ Params: { file: string } }>(
    '/img/vendors/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const m = /^([A-Z0-9_]{2,16})\.svg$/.exec(req.params.file);
      const vendor = m?.[1] ? await vendorImageInfo(db, m[1]) : null;
      return sendSvg(req, reply, vendor ? vendorLogoSvg(vendor) : null);
    },
  );
}
