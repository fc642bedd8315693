import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi, StudioError, type SpinRound, type StudioApi } from './api.ts';
import { mountStudio, spinSummary, type Studio } from './app.ts';
import { loadCatalogue, translator, type Translate } from './i18n/i18n.ts';
import { jsonResponse, lineWin, roundFixture, sessionFixture, spinFixture } from './testing/fixtures.ts';

const TICKET = 'abcdefghijklmnopqrstuvwxyz012345';
let t: Translate;
let studio: Studio | null = null;

beforeAll(async () => {
  t = translator(await loadCatalogue('en'));
});
afterEach(() => {
  studio?.destroy();
  studio = null;
  document.body.replaceChildren();
});

function fakeApi(over: Partial<StudioApi> = {}): StudioApi & { spin: ReturnType<typeof vi.fn> } {
  return {
    session: vi.fn(async () => sessionFixture()),
    spin: vi.fn(async () => roundFixture([spinFixture()])),
    ...over,
  } as StudioApi & { spin: ReturnType<typeof vi.fn> };
}

async function mount(api: StudioApi) {
  const root = document.createElement('main');
  document.body.append(root);
  studio = await mountStudio({
    root,
    t,
    ticket: TICKET,
    api,
    reducedMotion: true,
    newRequestId: () => 'req-00000001',
  });
  return root;
}

const button = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name)!;
const press = (key: string, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the slot page', () => {
  it('shows the game, the play-money badge, the balance and the bet in major units, and a lobby link for the top window', async () => {
    const root = await mount(fakeApi());
    expect(root.querySelector('h1')?.textContent).toBe('Fruit Stand Deluxe');
    expect(root.querySelector('.badge')?.textContent).toBe('Play money');
    expect(root.querySelector('.stat-value')?.textContent).toBe('1,000.00 MMK');
    expect(root.querySelector('.bet-value')?.textContent).toBe('20.00 MMK');
    const lobby = root.querySelector<HTMLAnchorElement>('a.lobby')!;
    expect(lobby.getAttribute('href')).toBe('/rng');
    expect(lobby.target).toBe('_top');
    expect(lobby.getAttribute('aria-label')).toBe('Back to the lobby');
    expect(root.querySelectorAll('.reel')).toHaveLength(5);
    expect(root.querySelectorAll('.reel .cell')).toHaveLength(15);
    expect(root.querySelector('.cell svg text, .cell svg path')).not.toBeNull();
    expect(document.title).toBe('Fruit Stand Deluxe — game');
  });

  it('has no play-money badge for real money', async () => {
    const root = await mount(fakeApi({ session: async () => sessionFixture({ mode: 'real' }) }));
    expect(root.querySelector('.badge')).toBeNull();
  });

  it('spins with Space, shows the grid, highlights the win and says it aloud', async () => {
    const win = spinFixture({ win: 1600, lineWins: [lineWin(0, 800), lineWin(3, 800, 0)] });
    const api = fakeApi({ spin: vi.fn(async () => roundFixture([win])) });
    const root = await mount(api);
    press(' ');
    await settle();
    expect(api.spin).toHaveBeenCalledWith({ ticket: TICKET, bet: 2000, requestId: 'req-00000001' });
    const cells = [...root.querySelectorAll<HTMLElement>('.reel')].map((r) =>
      [...r.querySelectorAll<HTMLElement>('.cell')].map((c) => c.dataset.symbol),
    );
    expect(cells).toEqual(win.grid);
    expect(root.querySelectorAll('.cell.win').length).toBeGreaterThanOrEqual(3);
    expect(root.querySelectorAll('.paylines polyline')).toHaveLength(2);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Win 16.00 MMK on 2 lines');
    expect(root.querySelector('.stat-value')?.textContent).toBe('996.00 MMK');
    expect(root.querySelector('.win-value')?.textContent).toBe('16.00 MMK');
  });

  it('changes the bet with the arrow keys and the buttons (disabled at the ends)', async () => {
    const root = await mount(fakeApi());
    const down = button(root, 'Lower the bet');
    const up = button(root, 'Raise the bet');
    expect(down.disabled).toBe(true);
    press('ArrowUp');
    expect(root.querySelector('.bet-value')?.textContent).toBe('50.00 MMK');
    up.click();
    expect(root.querySelector('.bet-value')?.textContent).toBe('100.00 MMK');
    expect(up.disabled).toBe(true);
    press('-');
    expect(root.querySelector('.bet-value')?.textContent).toBe('50.00 MMK');
  });

  it('plays free spins with the counter and the multiplier, then says the round total', async () => {
    const round: SpinRound = roundFixture([
      spinFixture({ scatterCount: 3, scatterWin: 4000, freeSpinsAwarded: 2, win: 4000 }),
      spinFixture({ free: true, multiplier: 2, win: 1600, lineWins: [lineWin(0, 800)] }),
      spinFixture({ free: true, multiplier: 2 }),
    ]);
    const banners: string[] = [];
    const api = fakeApi({ spin: vi.fn(async () => round) });
    const root = await mount(api);
    const banner = root.querySelector<HTMLElement>('.free-banner')!;
    new MutationObserver(() => !banner.hidden && banners.push(banner.textContent ?? '')).observe(banner, {
      childList: true,
      attributes: true,
      characterData: true,
      subtree: true,
    });
    button(root, 'Spin').click();
    await vi.waitFor(
      () => expect(root.querySelector('[role="status"]')?.textContent).toBe('Round total 56.00 MMK'),
      {
        timeout: 3000,
      },
    );
    expect(banners).toContain('Free spins 1/2 · Wins ×2');
    expect(banners).toContain('Free spins 2/2 · Wins ×2');
    expect(banner.hidden).toBe(true);
    expect(root.querySelector('.stat-value')?.textContent).toBe('1,036.00 MMK');
    expect(round.balance).toBe(103_600);
  });

  it('shows a translated error and gives the button back with the balance unchanged', async () => {
    const api = fakeApi({
      spin: vi.fn(async () => {
        throw new StudioError('insufficient', 422, 'money.errors.insufficient_balance');
      }),
    });
    const root = await mount(api);
    button(root, 'Spin').click();
    await settle();
    const alert = root.querySelector<HTMLElement>('[role="alert"]')!;
    expect(alert.hidden).toBe(false);
    expect(alert.textContent).toBe(t('error.insufficient'));
    expect(button(root, 'Spin').disabled).toBe(false);
    expect(root.querySelector('.stat-value')?.textContent).toBe('1,000.00 MMK');
  });

  it('a stake over the member’s wager limit (422 of player protection) says so; the bet can be lowered', async () => {
    const api = createApi(async (url) =>
      String(url).startsWith('/studio/api/session')
        ? jsonResponse(200, { success: true, value: sessionFixture() })
        : jsonResponse(422, {
            success: false,
            code: 'UNPROCESSABLE',
            message: 'protection.errors.wager_limit',
            value: { kind: 'wager', period: 'day', limit: 1_000, used: 0 },
          }),
    );
    const root = await mount(api);
    button(root, 'Spin').click();
    await vi.waitFor(() =>
      expect(root.querySelector<HTMLElement>('[role="alert"]')?.textContent).toBe(
        'This bet would go over your wager or loss limit. You can see your limits under Responsible gaming in the member centre.',
      ),
    );
    expect(root.querySelector<HTMLElement>('[role="alert"]')!.hidden).toBe(false);
    expect(button(root, 'Spin').disabled).toBe(false);
    expect(root.querySelector('.stat-value')?.textContent).toBe('1,000.00 MMK');
  });

  it('opens the paytable with pays at the current bet, closes it with Escape and gives focus back', async () => {
    const root = await mount(fakeApi());
    const open = button(root, 'Paytable and rules');
    open.focus();
    open.click();
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.closest<HTMLElement>('.help')!.hidden).toBe(false);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(button(root, 'Close'));
    // S1 pays 400× the line bet for 5: 2,000 / 4 lines = 500 → 200,000 = 2,000.00.
    const s1 = [...dialog.querySelectorAll('.pt-symbol')].find((s) =>
      s.textContent?.includes('Lucky Seven'),
    )!;
    expect(s1.textContent).toContain('2,000.00');
    expect(dialog.textContent).toContain('Pays at the current bet of 20.00 MMK.');
    expect(dialog.querySelectorAll('.pt-line')).toHaveLength(4);
    expect(dialog.textContent).toContain('3 scatters: 10 free spins, wins ×2');
    press(' ');
    expect(root.querySelector('.help')!.hasAttribute('hidden')).toBe(false);
    press('Escape');
    expect(root.querySelector<HTMLElement>('.help')!.hidden).toBe(true);
    expect(document.activeElement).toBe(open);
  });
});

describe('other pages', () => {
  it('a game with no page yet (lottery) gets a translated "opens soon" page with the lobby link, no machine', async () => {
    const session = sessionFixture({
      game: {
        id: 7,
        code: 'LOTTO_LUCKY_5D',
        name: 'Lucky 5D',
        vassalage: 'TCG',
        family: null,
        kind: 'soon',
      },
      lobbyUrl: '/elott',
    });
    const root = await mount(fakeApi({ session: async () => session }));
    expect(root.querySelector('h2')?.textContent).toBe('This table opens soon');
    expect(root.textContent).toContain('Lucky 5D is being prepared');
    expect(root.querySelectorAll('a[href="/elott"][target="_top"]').length).toBeGreaterThanOrEqual(1);
    expect(root.querySelector('.reels')).toBeNull();
  });

  it('an expired ticket says so, with a way back to the lobby', async () => {
    const root = await mount(
      fakeApi({
        session: async () => {
          throw new StudioError('ticket', 400, 'games.errors.ticket_invalid');
        },
      }),
    );
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(t('error.ticket'));
    expect(root.querySelector('a.lobby')?.getAttribute('target')).toBe('_top');
  });
});

describe('spin summary', () => {
  it('speaks one line, several lines, scatters, free spins and no win', () => {
    expect(spinSummary(spinFixture({ win: 800, lineWins: [lineWin(0, 800)] }), 'MMK', t)).toBe(
      'Win 8.00 MMK on 1 line',
    );
    expect(
      spinSummary(
        spinFixture({ win: 4000, scatterWin: 4000, scatterCount: 3, freeSpinsAwarded: 10 }),
        'MMK',
        t,
      ),
    ).toBe('Scatters pay 40.00 MMK · 10 free spins won!');
    // A retrigger of one free spin is singular.
    expect(spinSummary(spinFixture({ freeSpinsAwarded: 1 }), 'MMK', t)).toBe('No win · 1 free spin won!');
    expect(spinSummary(spinFixture(), 'MMK', t)).toBe('No win');
  });
});
