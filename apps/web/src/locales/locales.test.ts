import { COMPLETE_LANGUAGES, ERROR_MESSAGE_KEYS, PATTERN_KINDS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import cn from './cn.json';
import en from './en.json';
import my from './my.json';
import th from './th.json';
import vi from './vi.json';
import accountCn from './account/cn.json';
import accountEn from './account/en.json';
import accountMy from './account/my.json';
import accountTh from './account/th.json';
import accountVi from './account/vi.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

/** {{placeholders}} and the spec §5 bound tokens (min)/(max), as a sorted list. */
const tokens = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}|\((?:min|max)\)/g) ?? []).sort();

// Each language is its base catalogue plus its lazily merged account catalogue (same key space).
const overlaps: string[] = [];
const merged = (base: unknown, account: unknown) => {
  const a = flatten(base as Tree);
  const b = flatten(account as Tree);
  overlaps.push(...Object.keys(b).filter((key) => key in a));
  return { ...a, ...b };
};
const source = merged(en, accountEn);
const catalogues: Record<string, Record<string, string>> = {
  my: merged(my, accountMy),
  cn: merged(cn, accountCn),
  th: merged(th, accountTh),
  vi: merged(vi, accountVi),
};

describe('catalogues', () => {
  it('keep each key in one part (base or account)', () => {
    expect(overlaps).toEqual([]);
  });

  it('ship one file per complete language', () => {
    expect(Object.keys(catalogues).concat('en').sort()).toEqual(
      COMPLETE_LANGUAGES.map((c) => c.toLowerCase()).sort(),
    );
  });

  it.each(Object.keys(catalogues))('%s has exactly the keys of en.json', (lang) => {
    expect(Object.keys(catalogues[lang]!).sort()).toEqual(Object.keys(source).sort());
  });

  it.each(Object.keys(catalogues))('%s keeps the placeholders of every key', (lang) => {
    const cat = catalogues[lang]!;
    for (const [key, text] of Object.entries(source)) {
      expect({ key, tokens: tokens(cat[key] ?? '') }).toEqual({ key, tokens: tokens(text) });
    }
  });

  it.each(Object.keys(catalogues))(
    '%s is translated (no empty text, no English copy of a sentence)',
    (lang) => {
      const cat = catalogues[lang]!;
      for (const [key, text] of Object.entries(source)) {
        expect(cat[key]!.trim(), key).not.toBe('');
        // Short labels may coincide (brand-like words); a whole English sentence may not.
        if (text.split(' ').length > 3) expect(cat[key], key).not.toBe(text);
      }
    },
  );

  it('hold every server message key and every pattern text', () => {
    for (const key of Object.values(ERROR_MESSAGE_KEYS)) expect(source).toHaveProperty([key]);
    for (const kind of PATTERN_KINDS) {
      const text = source[`patterns.${kind.name}`];
      expect(text, kind.name).toContain('(min)');
      expect(text, kind.name).toContain('(max)');
    }
    for (const key of [
      'errors.link_abnormal',
      'errors.page_slow',
      'errors.domain_check_invalid',
      'errors.window_closed',
    ])
      expect(source).toHaveProperty([key]);
  });
});
