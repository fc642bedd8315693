/** Test images and helpers of the promotions tests (tests only). */
import { crc32 } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** RGBA pixels of a diagonal gradient (deterministic, compresses a little). */
function pixels(width: number, height: number, alpha = 255): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 7) & 255;
      data[i + 1] = (y * 5) & 255;
      data[i + 2] = ((x + y) * 3) & 255;
      data[i + 3] = alpha;
    }
  return data;
}

/** A real PNG; optionally with a tEXt chunk (metadata) and bytes appended after IEND. */
export function pngFile(
  width = 40,
  height = 30,
  o: { text?: string; tail?: Buffer | string; alpha?: number } = {},
): Buffer {
  const png = new PNG({ width, height });
  png.data = pixels(width, height, o.alpha);
  let bytes = PNG.sync.write(png);
  if (o.text) {
    const iend = bytes.length - 12;
    bytes = Buffer.concat([
      bytes.subarray(0, iend),
      chunk('tEXt', Buffer.from(`Comment\0${o.text}`, 'latin1')),
      bytes.subarray(iend),
    ]);
  }
  if (o.tail) bytes = Buffer.concat([bytes, Buffer.from(o.tail)]);
  return bytes;
}

/** A real JPEG; optionally with an EXIF (APP1) segment and bytes appended after EOI. */
export function jpegFile(width = 40, height = 30, o: { exif?: string; tail?: Buffer | string } = {}): Buffer {
  let bytes = jpeg.encode({ width, height, data: pixels(width, height) }, 90).data;
  if (o.exif) {
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(o.exif, 'latin1')]);
    const len = Buffer.alloc(2);
    len.writeUInt16BE(body.length + 2, 0);
    bytes = Buffer.concat([bytes.subarray(0, 2), Buffer.from([0xff, 0xe1]), len, body, bytes.subarray(2)]);
  }
  if (o.tail) bytes = Buffer.concat([bytes, Buffer.from(o.tail)]);
  return bytes;
}

/**
 * A small PNG file whose header declares `width` × `height` px (its pixel data is a few bytes):
 * decoding it would allocate width × height × 4 bytes.
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header declares `width` × `height` px (a baseline SOF0), with no real data. */
export function jpegBomb(width: number, height: number): Buffer {
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
}

/** Exactly `size` bytes: a real PNG padded at the end (a "PNG" of that file size). */
export function pngOfSize(size: number): Buffer {
  const base = pngFile(16, 16);
  return Buffer.concat([base, Buffer.alloc(size - base.length, 0x20)]);
}

export const b64 = (b: Buffer) => b.toString('base64');
