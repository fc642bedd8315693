import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STUDIO_LANGUAGE,
  loadCatalogue,
  pickLanguage,
  STUDIO_LANGUAGES,
  translator,
} from './i18n.ts';

import cn from './cn.json';
import en from './en.json';
import my from './my.json';
import th from './th.json';
import vi from './vi.json';

const FILES: Record<string, Record<string, string>> = { cn, en, my, th, vi };
const read = (lang: string): Record<string, string> => FILES[lang]!;
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('studio catalogues', () => {
  const source = read('en');

  it.each(STUDIO_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English key, the same placeholders, no empty text',
    (lang) => {
      const cat = read(lang);
      expect(Object.keys(cat).sort()).toEqual(Object.keys(source).sort());
      for (const [key, text] of Object.entries(source)) {
        expect(cat[key]?.trim(), `${lang} ${key}`).toBeTruthy();
        expect(placeholders(cat[key]!), `${lang} ${key}`).toEqual(placeholders(text));
      }
    },
  );

  it('Burmese really is Burmese (not English left in place) for the words on the buttons', () => {
    const my = read('my');
    for (const key of [
      'spin.button',
      'stat.balance',
      'bet.label',
      'nav.lobby',
      'soon.title',
      'error.insufficient',
    ]) {
      expect(my[key], key).toMatch(/[\u1000-\u109f]/);
    }
  });

  it('picks the language of the address in any case, MY when missing or unknown', async () => {
    expect(pickLanguage('EN')).toBe('en');
    expect(pickLanguage('vi')).toBe('vi');
    expect(pickLanguage(' Cn ')).toBe('cn');
    expect(pickLanguage(null)).toBe(DEFAULT_STUDIO_LANGUAGE);
    expect(pickLanguage('ja')).toBe('my');
    expect(DEFAULT_STUDIO_LANGUAGE).toBe('my');
    expect((await loadCatalogue('th'))['spin.button']).toBe(read('th')['spin.button']);
  });

  it('fills placeholders and leaves a missing one visible', async () => {
    const t = translator(await loadCatalogue('en'));
    expect(t('free.counter', { n: 3, total: 10 })).toBe('Free spins 3/10');
    expect(t('result.lines.other', { amount: '120.00 MMK' })).toBe('Win 120.00 MMK on {{lines}} lines');
  });
});
