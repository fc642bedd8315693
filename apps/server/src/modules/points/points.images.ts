import { MINOR_PER_MAJOR } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { escapeXml, nameHash, sendSvg } from '../../lib/svg-image.ts';

/**
 * The goods' pictures (issue 9): SVG drawn by the server like the game thumbnails — a gradient
 * from the good's code, a glyph of its icon, and for a cash good its value. No names in them (the
 * page names the good in the reader's language); never any script.
 */

export const GOODS_IMAGE_WIDTH = 320;
export const GOODS_IMAGE_HEIGHT = 200;

/** Glyphs drawn in white in an 80×80 box. */
export const GOODS_GLYPHS: Record<string, string> = {
  voucher:
    '<path d="M4 18 H76 V34 A8 8 0 0 0 76 50 V66 H4 V50 A8 8 0 0 0 4 34 Z"/><path d="M54 20 V64" stroke="#000" stroke-opacity="0.3" stroke-width="3" stroke-dasharray="5 4"/>',
  shirt: '<path d="M26 8 L10 16 L2 34 L16 40 L18 30 V74 H62 V30 L64 40 L78 34 L70 16 L54 8 Q40 20 26 8 Z"/>',
  mug: '<path d="M10 14 H56 V62 A10 10 0 0 1 46 72 H20 A10 10 0 0 1 10 62 Z"/><path d="M56 24 H66 A10 10 0 0 1 66 50 H56" fill="none" stroke="#fff" stroke-width="6"/>',
  umbrella:
    '<path d="M40 6 A36 34 0 0 1 76 40 H4 A36 34 0 0 1 40 6 Z"/><path d="M40 40 V68 A7 7 0 0 1 26 68" fill="none" stroke="#fff" stroke-width="5"/>',
  earbuds:
    '<circle cx="22" cy="26" r="14"/><rect x="18" y="34" width="8" height="36" rx="4"/><circle cx="58" cy="26" r="14"/><rect x="54" y="34" width="8" height="36" rx="4"/>',
  phone:
    '<rect x="20" y="2" width="40" height="76" rx="7"/><rect x="25" y="10" width="30" height="56" rx="2" fill="#000" fill-opacity="0.3"/>',
  watch:
    '<rect x="28" y="2" width="24" height="76" rx="6"/><circle cx="40" cy="40" r="22"/><path d="M40 28 V40 L48 46" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="4"/>',
  gift: '<rect x="6" y="30" width="68" height="46" rx="4"/><rect x="2" y="20" width="76" height="14" rx="3"/><path d="M40 20 V76" stroke="#000" stroke-opacity="0.3" stroke-width="6"/><path d="M40 20 Q24 2 16 12 Q14 20 40 20 Q66 20 64 12 Q56 2 40 20 Z"/>',
};

/** 100000 minor → "1,000" (whole major units; cents only when there are some). */
function major(minor: number): string {
  const whole = Math.trunc(minor / MINOR_PER_MAJOR);
  const cents = minor % MINOR_PER_MAJOR;
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents === 0 ? grouped : `${grouped}.${String(cents).padStart(2, '0')}`;
}

export function goodsImageSvg(g: {
  code: string;
  icon: string;
  amount: number | null;
  currency: string;
}): string {
  const h = nameHash(g.code);
  const hue = h % 360;
  const c1 = `hsl(${hue} 68% 44%)`;
  const c2 = `hsl(${(hue + 50 + ((h >>> 9) % 60)) % 360} 72% 26%)`;
  const glyph = GOODS_GLYPHS[g.icon] ?? GOODS_GLYPHS.gift;
  const value =
    g.amount === null
      ? ''
      : `<text x="${GOODS_IMAGE_WIDTH / 2}" y="176" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff">${escapeXml(`${g.currency} ${major(g.amount)}`.trim())}</text>`;
  const glyphY = g.amount === null ? 50 : 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${GOODS_IMAGE_WIDTH}" height="${GOODS_IMAGE_HEIGHT}" viewBox="0 0 ${GOODS_IMAGE_WIDTH} ${GOODS_IMAGE_HEIGHT}" aria-hidden="true">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${GOODS_IMAGE_WIDTH}" height="${GOODS_IMAGE_HEIGHT}" rx="14" fill="url(#g)"/>
<circle cx="276" cy="34" r="60" fill="#fff" fill-opacity="0.08"/><circle cx="30" cy="190" r="70" fill="#fff" fill-opacity="0.06"/>
<g transform="translate(${GOODS_IMAGE_WIDTH / 2 - 60} ${glyphY}) scale(1.5)" fill="#fff" fill-opacity="0.92">${glyph}</g>
${value}
</svg>
`;
}

/** GET /img/points/goods/<id>.svg (retired goods too: old exchange records show them); 404 otherwise. */
export async function pointsImageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get<{ Params: { file: string } }>(
    '/img/points/goods/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const m = /^([1-9]\d{0,8})\.svg$/.exec(req.params.file);
      const [g] = m
        ? await db.query<{ code: string; icon: string; amount: string | null; currency: string }>(
            `select g.code, g.icon, case when g.kind = 'cash' then g.amount::text end as amount, mc.currency
               from points_goods g join merchants mc on mc.id = g.merchant_id where g.id = $1`,
            [Number(m[1])],
          )
        : [];
      return sendSvg(
        req,
        reply,
        g ? goodsImageSvg({ ...g, amount: g.amount === null ? null : Number(g.amount) }) : null,
      );
    },
  );
}
