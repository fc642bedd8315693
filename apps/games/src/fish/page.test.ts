import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue, translator, type Translate } from '../i18n/i18n.ts';
import { jsonResponse, sessionFixture } from '../testing/fixtures.ts';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import my from './i18n/my.json';
import th from './i18n/th.json';
import vi_ from './i18n/vi.json';
import { mount } from './page.ts';

const TICKET = 'REEF-abcdefghijklmnopqrstuvwxyz012345';
let t: Translate;
let page: { destroy(): void } | null = null;

beforeAll(async () => {
  t = translator(await loadCatalogue('en'));
  // jsdom draws nothing: the scene runs without a 2D context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  page?.destroy();
  page = null;
  document.body.replaceChildren();
});

const CONFIG = {
  species: [
    { id: 'minnow', multiplier: 2, maxMultiplier: 2, weight: 30, size: 1, boss: false },
    { id: 'kraken', multiplier: 200, maxMultiplier: 300, weight: 1, size: 4.4, boss: true },
  ],
  betLevels: [100, 200, 500, 1000, 2000, 5000],
  rtp: 0.96,
  maxShotsPerRound: 10,
  balance: 100_000,
};

async function mountFish(fetchImpl: typeof fetch) {
  const root = document.createElement('main');
  document.body.append(root);
  page = await mount({
    root,
    session: sessionFixture({
      game: {
        id: 9,
        code: 'REEF_OCEAN_KING',
        name: 'Reef Hunter Ocean King',
        vassalage: 'REEF',
        family: null,
        kind: 'fish',
      },
      mode: 'real',
      lobbyUrl: '/fish',
      betLevels: [],
    }),
    ticket: TICKET,
    t,
    lang: 'en',
    fetchImpl,
    newRequestId: () => 'req-00000001',
    reducedMotion: true,
    soon: () => undefined,
  });
  return root;
}

describe('fish page', () => {
  it('shows the tank, the balance, the bet per shot, fire and auto, in the language asked', async () => {
    const fetchImpl = vi.fn(async (_url: string) => jsonResponse(200, { success: true, value: CONFIG }));
    const root = await mountFish(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl.mock.calls[0]![0]).toBe(`/studio/api/fish/config?ticket=${TICKET}`);
    expect(root.querySelector('canvas.fish-canvas')?.getAttribute('aria-label')).toBe(en['stage.label']);
    expect(root.querySelector('.fish-balance')?.textContent).toBe('1,000.00 MMK');
    expect(root.querySelector('.fish-bet')?.textContent).toBe('5.00 MMK');
    expect(root.querySelector('.fish-fire')?.textContent).toBe('Fire');
    expect(root.querySelector('a[href="/fish"][target="_top"]')).not.toBeNull();
    expect(root.textContent).toContain('96%');
  });

  it('+ and − (buttons and keys) move the bet per shot within the levels', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(200, { success: true, value: CONFIG }));
    const root = await mountFish(fetchImpl as unknown as typeof fetch);
    const [down, up] = root.querySelectorAll<HTMLButtonElement>('.bet .icon-btn');
    up!.click();
    expect(root.querySelector('.fish-bet')?.textContent).toBe('10.00 MMK');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    expect(root.querySelector('.fish-bet')?.textContent).toBe('1.00 MMK');
    expect(down!.disabled).toBe(true);
  });

  it('a config that fails says so with the lobby link', async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse(401, { success: false, message: 'games.errors.ticket_invalid', code: 'UNAUTHORIZED' }),
    );
    const root = await mountFish(fetchImpl as unknown as typeof fetch);
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(t('error.ticket'));
    expect(root.querySelector('a[href="/fish"]')).not.toBeNull();
  });
});

describe('fish texts', () => {
  const files: Record<string, Record<string, string>> = { my, cn, th, vi: vi_ };
  const ph = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  it.each(Object.keys(files))('%s has every English key, the same placeholders, no empty text', (lang) => {
    const cat = files[lang]!;
    expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(en)) {
      expect(cat[k]?.trim(), `${lang} ${k}`).toBeTruthy();
      expect(ph(cat[k]!), `${lang} ${k}`).toEqual(ph(v));
    }
  });
  it('names every species the server has', () => {
    for (const id of [
      'minnow',
      'clown',
      'puffer',
      'angel',
      'turtle',
      'lion',
      'ray',
      'shark',
      'whale',
      'dragon',
      'kraken',
    ])
      expect(en).toHaveProperty(`species.${id}`);
  });
});
