import {
  PROMO_IMAGE_MAX_BYTES,
  PROMO_IMAGE_MAX_PIXELS,
  PROMO_IMAGE_MAX_SIDE,
  PROMO_IMAGE_STORED_SIDE,
} from '@app/contracts';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * The application's images (spec §5/§9: png or jpg, each under 5 MB): checked by their bytes, not
 * their name or declared type; refused by their header when their size in pixels is too large
 * (before anything is decoded, so a 50,000 × 50,000 px file allocates nothing); then decoded in
 * full and encoded again, which drops metadata (EXIF, text chunks) and anything appended after the
 * image (an HTML or ZIP tail), and scaled down to PROMO_IMAGE_STORED_SIDE.
 */

export type ImageType = 'image/png' | 'image/jpeg';
export type ImageRefusal = 'image_type' | 'image_too_large' | 'image_dimensions' | 'image_unreadable';

export class ImageRefused extends Error {
  override name = 'ImageRefused';
  constructor(readonly reason: ImageRefusal) {
    super(reason);
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG or JPEG by the first bytes, else null. */
export function sniffType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Width and height as the header declares them (PNG IHDR, JPEG SOFn), or null when unreadable. */
export function headerSize(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  if (type === 'image/png') {
    // Signature, then the first chunk must be IHDR (length 13): width, height, big-endian.
    if (bytes.length < 33 || bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR')
      return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  let p = 2;
  while (p + 4 <= bytes.length) {
    if (bytes[p] !== 0xff) return null;
    let marker = bytes[p + 1]!;
    // Fill bytes (0xFF repeated) before a marker.
    while (marker === 0xff && p + 2 < bytes.length) {
      p++;
      marker = bytes[p + 1]!;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before a frame header
    if (p + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(p + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (p + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(p + 5), width: bytes.readUInt16BE(p + 7) };
    }
    p += 2 + length;
  }
  return null;
}

/**
 * The PNG up to and with its IEND chunk: bytes appended after it (an HTML or ZIP tail, or a phone
 * app's trailer) are not part of the image, and the decoder refuses them.
 */
export function pngUntilEnd(bytes: Buffer): Buffer {
  let p = 8;
  while (p + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(p);
    if (bytes.toString('latin1', p + 4, p + 8) === 'IEND') return bytes.subarray(0, p + 12);
    p += 12 + length;
  }
  return bytes;
}

/** Area-average scale-down of RGBA pixels so the longer side is at most `max`. */
export function fitWithin(
  src: { width: number; height: number; data: Uint8Array },
  max: number,
): { width: number; height: number; data: Uint8Array } {
  const { width: w, height: h } = src;
  if (w <= max && h <= max) return src;
  const scale = max / Math.max(w, h);
  const tw = Math.max(1, Math.round(w * scale));
  const th = Math.max(1, Math.round(h * scale));
  const out = new Uint8Array(tw * th * 4);
  for (let ty = 0; ty < th; ty++) {
    const y0 = Math.floor((ty * h) / th);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * h) / th));
    for (let tx = 0; tx < tw; tx++) {
      const x0 = Math.floor((tx * w) / tw);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * w) / tw));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let y = y0; y < y1; y++) {
        let i = (y * w + x0) * 4;
        for (let x = x0; x < x1; x++, i += 4) {
          r += src.data[i]!;
          g += src.data[i + 1]!;
          b += src.data[i + 2]!;
          a += src.data[i + 3]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (ty * tw + tx) * 4;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
      out[o + 3] = Math.round(a / n);
    }
  }
  return { width: tw, height: th, data: out };
}

export interface CleanImage {
  type: ImageType;
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * Checks one uploaded file and returns it re-encoded; throws ImageRefused with the reason. The
 * type follows the bytes; a file whose bytes and declared type disagree is refused too.
 */
export function cleanImage(bytes: Buffer, declared?: ImageType): CleanImage {
  if (bytes.length > PROMO_IMAGE_MAX_BYTES) throw new ImageRefused('image_too_large');
  const type = sniffType(bytes);
  if (!type || (declared && declared !== type)) throw new ImageRefused('image_type');
  const size = headerSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw new ImageRefused('image_unreadable');
  if (
    size.width > PROMO_IMAGE_MAX_SIDE ||
    size.height > PROMO_IMAGE_MAX_SIDE ||
    size.width * size.height > PROMO_IMAGE_MAX_PIXELS
  )
    throw new ImageRefused('image_dimensions');

  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    if (type === 'image/png') {
      const png = PNG.sync.read(pngUntilEnd(bytes));
      decoded = { width: png.width, height: png.height, data: png.data };
    } else {
      decoded = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        tolerantDecoding: false,
        maxResolutionInMP: PROMO_IMAGE_MAX_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 256,
      });
    }
  } catch {
    throw new ImageRefused('image_unreadable');
  }
  if (
    decoded.width !== size.width ||
    decoded.height !== size.height ||
    decoded.data.length !== decoded.width * decoded.height * 4
  )
    throw new ImageRefused('image_unreadable');

  const fitted = fitWithin(decoded, PROMO_IMAGE_STORED_SIDE);
  if (type === 'image/png') {
    const png = new PNG({ width: fitted.width, height: fitted.height });
    png.data = Buffer.from(fitted.data.buffer, fitted.data.byteOffset, fitted.data.byteLength);
    let opaque = true;
    for (let i = 3; i < fitted.data.length; i += 4)
      if (fitted.data[i] !== 255) {
        opaque = false;
        break;
      }
    const out = PNG.sync.write(png, { colorType: opaque ? 2 : 6 });
    return { type, width: fitted.width, height: fitted.height, bytes: out };
  }
  const out = jpeg.encode({ width: fitted.width, height: fitted.height, data: fitted.data }, 85);
  return { type, width: fitted.width, height: fitted.height, bytes: out.data };
}

/** Strict base64 (optionally a data: URL) → bytes, or null when it is not base64. */
export function decodeBase64(data: string): Buffer | null {
  const body = data.replace(/^data:image\/(?:png|jpeg);base64,/, '');
  if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}
