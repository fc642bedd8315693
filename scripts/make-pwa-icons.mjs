// Draws the installable site's icons (issue 9 PWA) into apps/web/public/icons: 192 and 512 px,
// a maskable 512 px (the mark inside the 80% safe zone, the background to the edges) and the
// 180 px apple-touch icon. `node scripts/make-pwa-icons.mjs` rewrites them; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

const out = join(import.meta.dirname, '../apps/web/public/icons');
const BG = [0x0e, 0x16, 0x21];
const GOLD = [0xf5, 0xb5, 0x0a];
const SS = 4; // supersamples per axis

/** Coverage of the mark at (x, y) in units of the mark's box (0..1): a gold disc with a dark play triangle. */
function mark(x, y) {
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = Math.hypot(dx, dy);
  if (r > 0.5) return null;
  // Triangle pointing right, centred: vertices (0.38,0.27) (0.38,0.73) (0.74,0.5).
  const inTri = x >= 0.38 && y >= 0.27 + ((x - 0.38) * 0.23) / 0.36 && y <= 0.73 - ((x - 0.38) * 0.23) / 0.36;
  if (inTri) return BG;
  if (r > 0.44 && r <= 0.5) return GOLD;
  if (r > 0.4) return BG;
  return GOLD;
}

function draw(size, { maskable = false, round = true } = {}) {
  const png = new PNG({ width: size, height: size });
  // The mark fills 70% of a normal icon, 56% of a maskable one (inside its 80% safe zone).
  const markSize = maskable ? 0.56 : 0.7;
  const radius = round && !maskable ? size * 0.2 : 0;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = px + (sx + 0.5) / SS;
          const y = py + (sy + 0.5) / SS;
          // Rounded-square background (square to the edges for maskable).
          const cx = Math.min(Math.max(x, radius), size - radius);
          const cy = Math.min(Math.max(y, radius), size - radius);
          if (radius > 0 && Math.hypot(x - cx, y - cy) > radius) continue;
          const u = (x / size - (1 - markSize) / 2) / markSize;
          const v = (y / size - (1 - markSize) / 2) / markSize;
          const c = (u >= 0 && u <= 1 && v >= 0 && v <= 1 && mark(u, v)) || BG;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 255;
        }
      }
      const n = SS * SS;
      const i = (py * size + px) * 4;
      const cover = a / n / 255;
      png.data[i] = cover ? Math.round(r / (n * cover)) : 0;
      png.data[i + 1] = cover ? Math.round(g / (n * cover)) : 0;
      png.data[i + 2] = cover ? Math.round(b / (n * cover)) : 0;
      png.data[i + 3] = Math.round(a / n);
    }
  }
  return PNG.sync.write(png, { colorType: 6 });
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon-192.png'), draw(192));
writeFileSync(join(out, 'icon-512.png'), draw(512));
writeFileSync(join(out, 'maskable-512.png'), draw(512, { maskable: true }));
writeFileSync(join(out, 'apple-touch-icon.png'), draw(180, { round: false }));
console.log(`icons written to ${out}`);
