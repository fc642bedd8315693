import { COMPLETE_LANGUAGES, ERROR_MESSAGE_KEYS, PATTERN_KINDS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
type Tree = { [key: string]: string | Tree };

// Each language is its base catalogue plus the part catalogues merged into it lazily (same key
// space): account, money, wallet, cashier, records, games, bets, baccarat, sports, fish, pvp, lottery, vnlottery, agent, contracts, announcements, notices, promotions, points, rewards, content, protection (lib/i18n.ts PART_CATALOGUES and LatePart).
const files = import.meta.glob<Tree>('./**/*.json', { eager: true, import: 'default' });
const LANGS = ['my', 'en', 'cn', 'th', 'vi'];
const PARTS = [
  '',
  'account/',
  'money/',
  'wallet/',
  'cashier/',
  'records/',
  'games/',
  'bets/',
  'baccarat/',
  'sports/',
  'fish/',
  'pvp/',
  'lottery/',
  'vnlottery/',
  'agent/',
  'contracts/',
  'announcements/',
  'notices/',
  'promotions/',
  'points/',
  'rewards/',
  'content/',
  'protection/',
];

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

const overlaps: string[] = [];
const merged = (lang: string) => {
  const out: Record<string, string> = {};
  for (const part of PARTS) {
    const tree = files[`./${part}${lang}.json`];
    if (!tree) throw new Error(`missing catalogue ${part}${lang}.json`);
    const flat = flatten(tree);
    if (lang === 'en') overlaps.push(...Object.keys(flat).filter((key) => key in out));
    Object.assign(out, flat);
  }
  return out;
};
const source = merged('en');
const catalogues: Record<string, Record<string, string>> = Object.fromEntries(
  LANGS.filter((l) => l !== 'en').map((l) => [l, merged(l)]),
);

describe('catalogues', () => {
  it('keep each key in one part (base, account, money, wallet, cashier or records)', () => {
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
