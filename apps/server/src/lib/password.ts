import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { WEAK_PASSWORD } from '@app/contracts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * Password hashing (DESIGN §3, issue 3): argon2id with m = 19 MiB, t = 2, p = 1 (the OWASP
 * minimum). The parameters live in the encoded hash, so raising them later still verifies old
 * hashes.
 */
export const ARGON2_OPTIONS: Options = {
  // Algorithm is a const enum in the typings (not importable with isolatedModules): 2 = Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** A hash of nothing anyone knows, verified for unknown users so their answer takes as long. */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hash(`dummy:${Date.now()}`, ARGON2_OPTIONS));

/** Verifies against the stored hash, or against a dummy hash when there is none (same timing). */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const h = stored ?? (await dummyHash());
  try {
    const ok = await verify(h, password);
    return ok && !!stored;
  } catch {
    return false;
  }
}

const COMMON = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

/** Spec §9 weak password 123456, and the common-password list (case-insensitive). */
export function isWeakPassword(password: string): boolean {
  return password === WEAK_PASSWORD || COMMON.has(password.toLowerCase());
}
