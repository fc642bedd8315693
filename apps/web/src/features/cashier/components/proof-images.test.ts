import { PROOF_MAX_BYTES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { proofFilesError, proofImage } from './proof-images';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('proof images (spec §8 upload checks)', () => {
  it('accepts up to three png or jpg images of at most 5 MB', () => {
    expect(proofFilesError([])).toBeNull();
    expect(
      proofFilesError([
        file('a.png', 'image/png'),
        file('b.jpg', 'image/jpeg'),
        file('c.png', 'image/png', PROOF_MAX_BYTES),
      ]),
    ).toBeNull();
  });

  it('refuses a fourth image, another type, or an image over 5 MB', () => {
    const four = ['a', 'b', 'c', 'd'].map((n) => file(`${n}.png`, 'image/png'));
    expect(proofFilesError(four)).toBe('cashier.errors.too_many_images');
    expect(proofFilesError([file('a.gif', 'image/gif')])).toBe('cashier.errors.image_type');
    expect(proofFilesError([file('a.pdf', 'application/pdf')])).toBe('cashier.errors.image_type');
    expect(proofFilesError([file('big.jpg', 'image/jpeg', PROOF_MAX_BYTES + 1)])).toBe(
      'cashier.errors.image_too_large',
    );
  });

  it('carries the file as its type and base64 bytes', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
    expect(await proofImage(png)).toEqual({ type: 'image/png', data: 'iVBORw==' });
  });
});
