import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PHONE_AUTH_ERRORS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './error-catalogue';

// Spec §8 (issue 11): every entry of the error catalogue has its message in the five complete
// languages and a test that reaches it; the table lives in error-catalogue.ts.
type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./**/*.json', { eager: true, import: 'default' });
const LANGS = ['my', 'en', 'cn', 'th', 'vi'] as const;
const ROOT = resolve(__dirname, '../../../..');

function lookup(lang: string, key: string): string | undefined {
  for (const [path, tree] of Object.entries(files)) {
    if (!path.endsWith(`/${lang}.json`)) continue;
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') return node;
  }
  return undefined;
}

describe('spec §8 error catalogue', () => {
  it('names the 27 entries of the spec (the eleven phone-auth codes one by one) and no other', () => {
    const phone = ERROR_CATALOGUE.filter((e) => e.entry.startsWith('Phone auth: '));
    expect(phone.map((e) => e.keys[0])).toEqual(PHONE_AUTH_ERRORS.map((c) => `phone_auth.${c}`));
    expect(ERROR_CATALOGUE.length - phone.length).toBe(27);
  });

  it.each(LANGS)('every key has a text in %s', (lang) => {
    const missing = ERROR_CATALOGUE.flatMap((e) => e.keys).filter((k) => !lookup(lang, k)?.trim());
    expect(missing).toEqual([]);
  });

  it('every entry names a test that exists and still holds what reaches it, or says why it has none', () => {
    const broken: string[] = [];
    for (const e of ERROR_CATALOGUE) {
      if (e.tests.length === 0 && !e.none) broken.push(`${e.entry}: no test`);
      for (const t of e.tests) {
        const file = resolve(ROOT, t.file);
        if (!existsSync(file)) broken.push(`${e.entry}: ${t.file} is missing`);
        else if (!readFileSync(file, 'utf8').includes(t.needle))
          broken.push(`${e.entry}: ${t.file} lacks “${t.needle}”`);
      }
    }
    expect(broken).toEqual([]);
  });
});
