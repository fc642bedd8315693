import {
  StudioError,
  type Fetch,
  type Spin,
  type StudioApi,
  type StudioErrorKind,
  type StudioSession,
} from './api.ts';
import { h, svg } from './dom.ts';
import { createGame, type Game, type GameState } from './game.ts';
import { symbolSvg, themeOf } from './glyphs.ts';
import type { MessageKey, StudioLanguage, Translate } from './i18n/i18n.ts';
import { keyAction } from './keyboard.ts';
import { formatMinor, formatMoney } from './money.ts';
import { createReels, TIMING, type Reels } from './reels.ts';
import { TABLE_PAGES, type TableKind } from './tables.ts';

export interface StudioOptions {
  root: HTMLElement;
  t: Translate;
  ticket: string;
  api: StudioApi;
  newRequestId?: () => string;
  /** Reduced motion (prefers-reduced-motion); read from the browser when absent. */
  reducedMotion?: boolean;
  /** The fetch the table pages call through (tests pass a fake). */
  fetchImpl?: Fetch;
  /** Where the exit goes before the session named one. */
  fallbackLobby?: string;
  /** The language of the address (the table pages load their own texts in it); MY when absent. */
  lang?: StudioLanguage;
}

export interface Studio {
  game: Game | null;
  session: StudioSession | null;
  destroy(): void;
}

/** What each kind of failure says; every studio page's texts have these keys. */
export const ERROR_KEYS = {
  insufficient: 'error.insufficient',
  limit: 'error.limit',
  ticket: 'error.ticket',
  network: 'error.network',
  maintenance: 'error.maintenance',
  bet: 'error.bet',
  busy: 'error.busy',
  generic: 'error.generic',
} as const satisfies Record<StudioErrorKind, MessageKey>;

/** The families the page has a machine for; any other game is a table of the next issue. */
export function isSlotSession(s: StudioSession): boolean {
  return (
    Boolean(s.game.family) &&
    s.paytable.symbols.length > 0 &&
    s.paytable.lines.length > 0 &&
    s.betLevels.length > 0
  );
}

/** "Win 120.00 MMK on 2 lines", "Scatters pay …", "10 free spins won!" — what the reels say aloud. */
export function spinSummary(spin: Spin, currency: string, t: Translate): string {
  const parts: string[] = [];
  const lines = spin.lineWins.length;
  if (spin.win <= 0) parts.push(t('result.noWin'));
  else if (lines > 0)
    parts.push(
      t(lines === 1 ? 'result.lines.one' : 'result.lines.other', {
        amount: formatMoney(spin.win, currency),
        lines,
      }),
    );
  if (spin.scatterWin > 0)
    parts.push(
      t('result.scatter', { amount: formatMoney(spin.scatterWin * (spin.multiplier || 1), currency) }),
    );
  if (spin.freeSpinsAwarded > 0)
    parts.push(
      t(spin.freeSpinsAwarded === 1 ? 'free.awarded.one' : 'free.awarded', { spins: spin.freeSpinsAwarded }),
    );
  return parts.join(' · ');
}

const lobbyIcon =
  '<path d="M60 20 30 50l30 30" fill="none" stroke="currentColor" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>';

export function lobbyLink(href: string, t: Translate): HTMLAnchorElement {
  const a = h('a', { class: 'lobby', href, target: '_top', 'aria-label': t('nav.lobbyLabel') });
  a.append(svg(lobbyIcon), h('span', {}, t('nav.lobby')));
  return a;
}

/** Mounts the page: loads the session by ticket, then the slot machine or the "opens soon" page. */
export async function mountStudio(opts: StudioOptions): Promise<Studio> {
  const { root, t } = opts;
  const studio: Studio = { game: null, session: null, destroy: () => undefined };
  root.replaceChildren(h('p', { class: 'loading', role: 'status' }, t('app.loading')));
  root.setAttribute('aria-busy', 'true');

  let session: StudioSession;
  try {
    session = await opts.api.session(opts.ticket);
  } catch (e) {
    const kind = e instanceof StudioError ? e.kind : 'generic';
    const retry = h('button', { type: 'button', class: 'btn' }, t('error.retry'));
    retry.addEventListener('click', () => window.location.reload());
    root.replaceChildren(
      h(
        'section',
        { class: 'notice' },
        h('h1', {}, t('error.load')),
        h('p', { role: 'alert' }, t(ERROR_KEYS[kind])),
        h(
          'div',
          { class: 'notice-actions' },
          kind === 'ticket' ? null : retry,
          lobbyLink(opts.fallbackLobby ?? '/', t),
        ),
      ),
    );
    root.removeAttribute('aria-busy');
    return studio;
  }
  studio.session = session;
  document.title = t('app.title', { name: session.game.name });
  root.removeAttribute('aria-busy');
  const kind = session.game.kind;
  if (kind in TABLE_PAGES) {
    const page = await TABLE_PAGES[kind as TableKind]();
    const mounted = await page.mount({
      root,
      session,
      ticket: opts.ticket,
      t,
      lang: opts.lang ?? 'my',
      fetchImpl: opts.fetchImpl,
      newRequestId: opts.newRequestId,
      reducedMotion: opts.reducedMotion,
      soon: () => root.replaceChildren(soonPage(session, t)),
    });
    studio.destroy = () => mounted.destroy();
    return studio;
  }
  if (!isSlotSession(session)) {
    root.replaceChildren(soonPage(session, t));
    return studio;
  }
  return mountSlot(opts, session, studio);
}

export function header(session: StudioSession, t: Translate, helpButton?: HTMLButtonElement): HTMLElement {
  return h(
    'header',
    { class: 'top' },
    lobbyLink(session.lobbyUrl, t),
    h('h1', { class: 'title' }, session.game.name),
    session.mode === 'trial' ? h('span', { class: 'badge' }, t('badge.playMoney')) : null,
    helpButton ?? null,
  );
}

function soonPage(session: StudioSession, t: Translate): DocumentFragment {
  const frag = document.createDocumentFragment();
  const back = h('a', { class: 'btn', href: session.lobbyUrl, target: '_top' }, t('nav.lobbyLabel'));
  frag.append(
    header(session, t),
    h(
      'section',
      { class: 'notice soon' },
      h('h2', {}, t('soon.title')),
      h('p', {}, t('soon.text', { name: session.game.name })),
      back,
    ),
  );
  return frag;
}

function mountSlot(opts: StudioOptions, session: StudioSession, studio: Studio): Studio {
  const { root, t } = opts;
  const { currency, paytable, betLevels } = session;
  const family = session.game.family ?? '';
  const theme = themeOf(family);
  const money = (minor: number) => formatMoney(minor, currency);
  const words = { wild: t('symbol.wild'), scatter: t('symbol.scatter') };
  const reduced =
    opts.reducedMotion ??
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  let quick = false;

  root.dataset.family = family;
  root.style.setProperty('--frame', theme.frame);
  root.style.setProperty('--reel', theme.reel);
  root.style.setProperty('--accent', theme.accent);

  const helpButton = h(
    'button',
    { type: 'button', class: 'icon-btn help-btn', 'aria-haspopup': 'dialog', 'aria-label': t('help.open') },
    '?',
  );
  const status = h('p', { class: 'status', id: 'studio-status', role: 'status', 'aria-live': 'polite' });
  const errorBox = h('p', { class: 'error', role: 'alert', hidden: true });
  const reels: Reels = createReels({
    family,
    symbols: paytable.symbols.map((s) => s.id),
    words,
    label: t('reels.label'),
    describedBy: 'studio-status',
  });
  const firstGrid = Array.from({ length: 5 }, (_, r) =>
    Array.from(
      { length: 3 },
      (_, row) => paytable.symbols[(r * 3 + row * 4) % paytable.symbols.length]?.id ?? 'A',
    ),
  );
  reels.show(firstGrid);

  const freeBanner = h('div', { class: 'free-banner', hidden: true });
  const balanceOut = h('output', { class: 'stat-value', 'aria-live': 'off' });
  const winOut = h('output', { class: 'stat-value win-value' });
  const betOut = h('output', { class: 'bet-value' });
  const betDown = h('button', { type: 'button', class: 'icon-btn', 'aria-label': t('bet.down') }, '−');
  const betUp = h('button', { type: 'button', class: 'icon-btn', 'aria-label': t('bet.up') }, '+');
  const spinButton = h('button', { type: 'button', class: 'spin' }, t('spin.button'));
  const quickButton = h(
    'button',
    { type: 'button', class: 'quick', 'aria-pressed': 'false' },
    t('spin.quick'),
  );

  const stat = (labelKey: MessageKey, out: HTMLElement) =>
    h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, t(labelKey)), out);

  const machine = h('section', { class: 'machine' }, freeBanner, reels.el);
  const controls = h(
    'section',
    { class: 'controls' },
    h('div', { class: 'stats' }, stat('stat.balance', balanceOut), stat('stat.win', winOut)),
    h(
      'div',
      { class: 'play' },
      h(
        'div',
        { class: 'bet', role: 'group', 'aria-label': t('bet.label') },
        betDown,
        h('div', { class: 'bet-box' }, h('span', { class: 'stat-label' }, t('bet.label')), betOut),
        betUp,
      ),
      spinButton,
      quickButton,
    ),
  );

  // The paytable and rules panel.
  const help = buildHelp(session, t, words);
  root.replaceChildren(header(session, t, helpButton), machine, status, errorBox, controls, help.el);

  let lastShown: Spin | null = null;
  const render = (s: Readonly<GameState>) => {
    const bet = betLevels[s.betIndex] ?? 0;
    balanceOut.textContent = money(s.balance);
    winOut.textContent = money(s.win);
    betOut.textContent = money(bet);
    betDown.disabled = s.phase !== 'idle' || s.betIndex === 0;
    betUp.disabled = s.phase !== 'idle' || s.betIndex >= betLevels.length - 1;
    spinButton.textContent = t(
      s.phase === 'revealing' ? 'spin.stop' : s.phase === 'requesting' ? 'spin.busy' : 'spin.button',
    );
    spinButton.disabled = s.phase === 'requesting';
    spinButton.classList.toggle('is-stop', s.phase === 'revealing');
    root.classList.toggle('is-free', s.free !== null);
    freeBanner.hidden = s.free === null;
    if (s.free)
      freeBanner.textContent = `${t('free.counter', { n: s.free.n, total: s.free.total })} · ${t('free.multiplier', { multiplier: s.free.multiplier })}`;
    errorBox.hidden = s.error === null;
    errorBox.textContent = s.error ? t(ERROR_KEYS[s.error]) : '';
    if (s.spin !== lastShown) {
      lastShown = s.spin;
      reels.highlight(s.spin);
    }
    if (s.phase === 'requesting') status.textContent = t('spin.busy');
    else if (s.error) status.textContent = '';
    else if (s.phase === 'idle' && s.roundTotal !== null)
      status.textContent = t('result.round', { amount: money(s.roundTotal) });
    else if (s.spin && !reels.running) status.textContent = spinSummary(s.spin, currency, t);
    help.setBet(bet);
  };

  const game = createGame({
    session,
    ticket: opts.ticket,
    api: opts.api,
    render,
    reveal: (spin, o) => {
      lastShown = null;
      return reels.reveal(spin, {
        hold: o.index > 0,
        timing: reduced ? TIMING.reduced : quick ? TIMING.quick : TIMING.normal,
      });
    },
    skipReveal: () => reels.skip(),
    newRequestId: opts.newRequestId ?? (() => crypto.randomUUID()),
  });
  studio.game = game;
  render(game.state);

  spinButton.addEventListener('click', () => void game.press());
  // A tap on the reels skips the running animation (quick stop), never starts a round.
  reels.el.addEventListener('click', () => {
    if (game.state.phase === 'revealing') reels.skip();
  });
  betDown.addEventListener('click', () => game.changeBet(-1));
  betUp.addEventListener('click', () => game.changeBet(1));
  quickButton.addEventListener('click', () => {
    quick = !quick;
    quickButton.setAttribute('aria-pressed', String(quick));
  });
  helpButton.addEventListener('click', () => help.open(helpButton));
  help.onClose(() => helpButton.focus());

  const onKey = (e: KeyboardEvent) => {
    const action = keyAction(e, help.isOpen());
    if (!action) return;
    e.preventDefault();
    if (action === 'spin') void game.press();
    else if (action === 'betUp') game.changeBet(1);
    else if (action === 'betDown') game.changeBet(-1);
    else help.close();
  };
  document.addEventListener('keydown', onKey);
  studio.destroy = () => document.removeEventListener('keydown', onKey);
  return studio;
}

interface HelpPanel {
  el: HTMLElement;
  open(opener: HTMLElement): void;
  close(): void;
  isOpen(): boolean;
  onClose(fn: () => void): void;
  setBet(bet: number): void;
}

function buildHelp(
  session: StudioSession,
  t: Translate,
  words: { wild: string; scatter: string },
): HelpPanel {
  const { paytable, currency } = session;
  const family = session.game.family;
  const lineCount = paytable.lines.length;
  const closeButton = h('button', { type: 'button', class: 'icon-btn', 'aria-label': t('help.close') }, '×');
  const paysAt = h('p', { class: 'muted' });
  const payCells: { el: HTMLElement; mult: number; scatter: boolean }[] = [];

  const symbolRows = paytable.symbols.map((s) => {
    const tile = h('div', { class: 'pt-tile' });
    tile.append(svg(symbolSvg(family, s.id, words)));
    const pays = h('ul', { class: 'pt-pays' });
    for (const count of ['5', '4', '3']) {
      const mult = s.pays[count] ?? 0;
      if (mult <= 0) continue;
      const value = h('span', { class: 'pt-amount' });
      payCells.push({ el: value, mult, scatter: s.kind === 'scatter' });
      pays.append(
        h(
          'li',
          {},
          h('span', { class: 'pt-count', 'aria-label': t('help.count', { count }) }, `${count}×`),
          value,
        ),
      );
    }
    const note = s.kind === 'wild' ? t('help.wild') : s.kind === 'scatter' ? t('help.scatter') : null;
    return h(
      'li',
      { class: `pt-symbol pt-${s.kind}` },
      tile,
      h('div', {}, h('strong', {}, s.label), pays, note ? h('p', { class: 'muted' }, note) : null),
    );
  });

  const lineItems = paytable.lines.map((rows, i) => {
    const cells = rows
      .map((row, reel) => `<rect x="${reel * 20 + 1}" y="${row * 20 + 1}" width="18" height="18" rx="3"/>`)
      .join('');
    const mini = svg(
      `<g class="pt-grid">${Array.from({ length: 15 }, (_, k) => `<rect x="${Math.floor(k / 3) * 20 + 1}" y="${(k % 3) * 20 + 1}" width="18" height="18" rx="3"/>`).join('')}</g><g class="pt-on">${cells}</g>`,
      '0 0 100 60',
    );
    return h('li', { class: 'pt-line' }, mini, h('span', {}, t('help.line', { n: i + 1 })));
  });

  const free = paytable.freeSpins.map((f) =>
    h('li', {}, t('help.freeSpinsRow', { scatters: f.scatters, spins: f.spins, multiplier: f.multiplier })),
  );

  const body = h(
    'div',
    { class: 'help-body', tabindex: '0' },
    paysAt,
    h('h3', {}, t('help.symbols')),
    h('ul', { class: 'pt-symbols' }, ...symbolRows),
    h('h3', {}, t('help.freeSpins')),
    h('ul', { class: 'pt-free' }, ...free),
    h('p', { class: 'muted' }, t('help.freeSpinsText')),
    h('h3', {}, t('help.lines')),
    h('p', { class: 'muted' }, t('help.linesText', { count: lineCount })),
    h('ul', { class: 'pt-lines' }, ...lineItems),
    h('h3', {}, t('help.keys')),
    h('p', { class: 'muted' }, t('help.keysText')),
    h('p', { class: 'muted' }, t('help.fair')),
  );
  const titleId = 'studio-help-title';
  const panel = h(
    'div',
    { class: 'help-panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, tabindex: '-1' },
    h('div', { class: 'help-head' }, h('h2', { id: titleId }, t('help.title')), closeButton),
    body,
  );
  const el = h('div', { class: 'help', hidden: true }, panel);
  let closeHandler: () => void = () => undefined;

  const isOpen = () => !el.hidden;
  const close = () => {
    if (!isOpen()) return;
    el.hidden = true;
    closeHandler();
  };
  closeButton.addEventListener('click', close);
  el.addEventListener('click', (e) => {
    if (e.target === el) close();
  });
  // Keep Tab inside the panel while it is open (it is modal).
  panel.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    e.preventDefault();
    (document.activeElement === closeButton ? body : closeButton).focus();
  });

  return {
    el,
    open() {
      el.hidden = false;
      closeButton.focus();
    },
    close,
    isOpen,
    onClose(fn) {
      closeHandler = fn;
    },
    setBet(bet) {
      paysAt.textContent = t('help.paysAt', { bet: formatMoney(bet, currency) });
      const lineBet = Math.floor(bet / Math.max(lineCount, 1));
      // The currency is named once in the line above; the table keeps to numbers so it fits at 360 px.
      for (const c of payCells) c.el.textContent = formatMinor(c.scatter ? bet * c.mult : lineBet * c.mult);
    },
  };
}
