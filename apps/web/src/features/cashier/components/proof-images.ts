import { PROOF_MAX_BYTES, PROOF_MAX_COUNT, PROOF_TYPES } from '@app/contracts';

type ProofType = (typeof PROOF_TYPES)[number];

/**
 * Spec §8 upload checks, in the client before anything is sent (the server checks again by the
 * files' first bytes): at most 3 images, each png or jpg, each under 5 MB. The message keys are
 * the server's, so both say the same.
 */
export function proofFilesError(files: readonly File[]): string | null {
  if (files.length > PROOF_MAX_COUNT) return 'cashier.errors.too_many_images';
  for (const f of files) if (!isProofType(f.type)) return 'cashier.errors.image_type';
  for (const f of files) if (f.size > PROOF_MAX_BYTES) return 'cashier.errors.image_too_large';
  return null;
}

export function isProofType(type: string): type is ProofType {
  return (PROOF_TYPES as readonly string[]).includes(type);
}

/** A file as the upload carries it: its type and its bytes in base64 (no data: prefix). */
export function proofImage(file: File): Promise<{ type: ProofType; data: string }> {
  const type = file.type;
  if (!isProofType(type)) return Promise.reject(new Error('not a proof image'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ type, data: url.slice(url.indexOf(',') + 1) });
    };
    reader.readAsDataURL(file);
  });
}
