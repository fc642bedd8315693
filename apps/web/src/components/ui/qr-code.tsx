import { create } from 'qrcode';

/**
 * A QR code of `text` as plain SVG (one path of dark modules, a 4-module quiet zone), drawn from
 * the `qrcode` package's matrix: no canvas, no HTML injection. Its own lazy chunk, loaded when a
 * link is shown (the agents' register centre, issue 8; invite friends, issue 9).
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const quiet = 4;
  let d = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (modules.data[row * size + col]) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const full = size + quiet * 2;
  return (
    <svg viewBox={`0 0 ${full} ${full}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={full} height={full} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
