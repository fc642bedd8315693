import { PROMO_IMAGE_MAX_BYTES, PROMO_IMAGE_STORED_SIDE } from '@app/contracts';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { cleanImage, decodeBase64, fitWithin, headerSize, ImageRefused, sniffType } from './images.ts';
import { jpegBomb, jpegFile, pngBomb, pngFile, pngOfSize } from './testing.ts';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ImageRefused) return e.reason;
    throw e;
  }
  return null;
};

describe('application images (issue 9 uploads)', () => {
  it('knows PNG and JPEG by their bytes, and reads their size from the header', () => {
    expect(sniffType(pngFile())).toBe('image/png');
    expect(sniffType(jpegFile())).toBe('image/jpeg');
    expect(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(headerSize(pngFile(40, 30), 'image/png')).toEqual({ width: 40, height: 30 });
    expect(headerSize(jpegFile(41, 29, { exif: 'x'.repeat(300) }), 'image/jpeg')).toEqual({
      width: 41,
      height: 29,
    });
    expect(headerSize(pngBomb(50_000, 50_000), 'image/png')).toEqual({ width: 50_000, height: 50_000 });
    expect(headerSize(jpegBomb(50_000, 50_000), 'image/jpeg')).toEqual({ width: 50_000, height: 50_000 });
  });

  it('re-encodes: metadata and anything appended are gone, pixels kept', () => {
    const png = pngFile(40, 30, { text: 'secret-metadata', tail: '<html><script>alert(1)</script></html>' });
    const clean = cleanImage(png, 'image/png');
    expect(clean).toMatchObject({ type: 'image/png', width: 40, height: 30 });
    const text = clean.bytes.toString('latin1');
    expect(text).not.toContain('secret-metadata');
    expect(text).not.toContain('<script>');
    expect(text.endsWith('IEND\xaeB`\x82')).toBe(true);
    expect(PNG.sync.read(clean.bytes).data).toEqual(PNG.sync.read(pngFile(40, 30)).data);

    const jpg = cleanImage(
      jpegFile(40, 30, { exif: 'GPS 16.8N 96.1E', tail: '<?php echo 1;' }),
      'image/jpeg',
    );
    expect(jpg).toMatchObject({ type: 'image/jpeg', width: 40, height: 30 });
    expect(jpg.bytes.toString('latin1')).not.toContain('GPS');
    expect(jpg.bytes.toString('latin1')).not.toContain('php');
    expect(jpg.bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(jpeg.decode(jpg.bytes)).toMatchObject({ width: 40, height: 30 });
  });

  it('keeps transparency of a PNG, and scales a large image down to the stored size', () => {
    const see = cleanImage(pngFile(20, 20, { alpha: 128 }));
    expect(PNG.sync.read(see.bytes).data[3]).toBe(128);
    const big = cleanImage(pngFile(3000, 1500));
    expect([big.width, big.height]).toEqual([PROMO_IMAGE_STORED_SIDE, PROMO_IMAGE_STORED_SIDE / 2]);
    const scaled = fitWithin({ width: 4, height: 2, data: new Uint8Array([...Array(32).keys()]) }, 2);
    expect(scaled.width).toBe(2);
    expect(scaled.height).toBe(1);
  });

  it('refuses by the bytes: HTML or SVG named png, a declared type the bytes contradict', () => {
    expect(refusal(() => cleanImage(Buffer.from('<html><body onload=alert(1)>'), 'image/png'))).toBe(
      'image_type',
    );
    expect(
      refusal(() =>
        cleanImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png'),
      ),
    ).toBe('image_type');
    expect(refusal(() => cleanImage(jpegFile(), 'image/png'))).toBe('image_type');
    expect(refusal(() => cleanImage(Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/png'))).toBe('image_type');
  });

  it('refuses 5 MB + 1 byte, and a broken or truncated image', () => {
    expect(refusal(() => cleanImage(pngOfSize(PROMO_IMAGE_MAX_BYTES + 1)))).toBe('image_too_large');
    const png = pngFile(40, 30);
    expect(refusal(() => cleanImage(png.subarray(0, png.length - 30)))).toBe('image_unreadable');
    const broken = Buffer.from(png);
    broken[40] = (broken[40] ?? 0) ^ 0xff; // a flipped byte in the data: its CRC no longer matches
    expect(refusal(() => cleanImage(broken))).toBe('image_unreadable');
    expect(refusal(() => cleanImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0])))).toBe(
      'image_unreadable',
    );
  });

  it('refuses 50,000 × 50,000 px by the header, without decoding (no allocation)', () => {
    const before = process.memoryUsage().arrayBuffers;
    const t = performance.now();
    expect(refusal(() => cleanImage(pngBomb(50_000, 50_000)))).toBe('image_dimensions');
    expect(refusal(() => cleanImage(jpegBomb(50_000, 50_000)))).toBe('image_dimensions');
    expect(refusal(() => cleanImage(pngBomb(10_001, 10)))).toBe('image_dimensions');
    expect(refusal(() => cleanImage(pngBomb(5000, 4001)))).toBe('image_dimensions');
    expect(performance.now() - t).toBeLessThan(50);
    // 50,000² × 4 bytes would be 10 GB; not even 10 MB more is in use.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(10 * 1024 * 1024);
  });

  it('reads strict base64 only', () => {
    expect(decodeBase64('aGVsbG8=')).toEqual(Buffer.from('hello'));
    expect(decodeBase64('data:image/png;base64,aGVsbG8=')).toEqual(Buffer.from('hello'));
    expect(decodeBase64('aGVs bG8=')).toBeNull();
    expect(decodeBase64('')).toBeNull();
  });
});
