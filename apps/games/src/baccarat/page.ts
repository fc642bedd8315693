import './baccarat.css';
import {
  BACCARAT_SPOTS,
  envelope,
  studioBaccaratBet,
  studioBaccaratState,
  studioBaccaratTables,
  type BaccaratPhase,
  type BaccaratSpot,
  type ResponseOf,
} from '@app/contracts';
import { callStudio, StudioError } from '../api.ts';
import { header } from '../app.ts';
import { h } from '../dom.ts';
import type { StudioLanguage } from '../i18n/i18n.ts';
import { formatMinor, formatMoney } from '../money.ts';
import type { TablePageOptions } from '../tables.ts';
import type en from './i18n/en.json';

/**
 * The baccarat page (issue 6, the live-casino stand-in): a table picker, the round's phase and
 * time left, the cards dealt one by one, five betting spots, chips, confirm/clear, the result and
 * win, the balance and the bead road. It polls the table once a second; the server decides every
 * round before betting closes and sends its cards only once dealing starts.
 */

export type BaccaratKey = keyof typeof en;
export type BaccaratT = (key: BaccaratKey, params?: Record<string, string | number>) => string;
type TablesAnswer = ResponseOf<typeof studioBaccaratTables>;
type StateAnswer = ResponseOf<typeof studioBaccaratState>;
type Table = TablesAnswer['tables'][number];

const loaders: Record<StudioLanguage, () => Promise<{ default: Record<BaccaratKey, string> }>> = {
  my: () => import('./i18n/my.json'),
  en: () => import('./i18n/en.json'),
  cn: () => import('./i18n/cn.json'),
  th: () => import('./i18n/th.json'),
  vi: () => import('./i18n/vi.json'),
};

export async function loadTexts(lang: StudioLanguage): Promise<BaccaratT> {
  const catalogue = (await loaders[lang]()).default;
  return (key, params) =>
    (catalogue[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}

const tablesEnvelope = envelope(studioBaccaratTables.response);
const stateEnvelope = envelope(studioBaccaratState.response);
const betEnvelope = envelope(studioBaccaratBet.response);

/** The spot of each number key (1–5), in the order the board shows them. */
export const SPOT_KEYS: Record<string, BaccaratSpot> = {
  '1': 'player',
  '2': 'tie',
  '3': 'banker',
  '4': 'playerPair',
  '5': 'bankerPair',
};
const KEY_OF_SPOT = Object.fromEntries(Object.entries(SPOT_KEYS).map(([k, s]) => [s, k])) as Record<
  BaccaratSpot,
  string
>;
const ODDS: Record<BaccaratSpot, string> = {
  player: '1:1',
  banker: '0.95:1',
  tie: '8:1',
  playerPair: '11:1',
  bankerPair: '11:1',
};

const SUIT_SIGNS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
/** "TD" → "10♦" (what the card face and its name show). */
export const cardText = (card: string) =>
  `${card[0] === 'T' ? '10' : card[0]}${SUIT_SIGNS[card[1] ?? ''] ?? ''}`;
const cardPoints = (card: string) => {
  const i = 'A23456789'.indexOf(card[0] ?? '');
  return i < 0 ? 0 : i + 1;
};
export const handTotal = (cards: readonly string[]) => cards.reduce((s, c) => s + cardPoints(c), 0) % 10;

/** Which key does what on the table (null: not ours). */
export type TableKey =
  | { kind: 'spot'; spot: BaccaratSpot }
  | { kind: 'chip'; step: 1 | -1 }
  | { kind: 'confirm' }
  | { kind: 'clear' }
  | null;

export function tableKey(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): TableKey {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const el = e.target as Element | null;
  const control =
    el && typeof el.closest === 'function' ? el.closest('button, a[href], input, select, textarea') : null;
  const spot = SPOT_KEYS[e.key];
  if (spot) return { kind: 'spot', spot };
  switch (e.key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return { kind: 'chip', step: 1 };
    case 'ArrowLeft':
    case 'ArrowDown':
      return { kind: 'chip', step: -1 };
    case 'Enter':
      // A focused button, link or field keeps its own Enter.
      return control ? null : { kind: 'confirm' };
    case 'Backspace':
    case 'Delete':
      return control && control.matches('input, textarea') ? null : { kind: 'clear' };
    default:
      return null;
  }
}

export interface BigRoadCell {
  col: number;
  row: number;
  winner: 'player' | 'banker';
  /** Ties that followed this result (a slash on the bead; a number above one). */
  ties: number;
}

/**
 * The big road: each streak of one side down a column of six, a tie marked on the bead before it
 * (ties before any result on the first bead); a streak longer than the column turns right along
 * its last free row (the dragon tail).
 */
export function bigRoad(entries: readonly { winner: 'player' | 'banker' | 'tie' }[]): BigRoadCell[] {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  let leadingTies = 0;
  let streakCol = -1;
  let last: 'player' | 'banker' | null = null;
  for (const e of entries) {
    if (e.winner === 'tie') {
      const prev = cells.at(-1);
      if (prev) prev.ties++;
      else leadingTies++;
      continue;
    }
    let col: number;
    let row: number;
    const prev = cells.at(-1);
    if (!prev || e.winner !== last) {
      streakCol++;
      col = streakCol;
      row = 0;
    } else if (prev.row + 1 < 6 && !taken.has(`${prev.col}:${prev.row + 1}`)) {
      col = prev.col;
      row = prev.row + 1;
    } else {
      col = prev.col + 1;
      row = prev.row;
    }
    while (taken.has(`${col}:${row}`)) col++;
    taken.add(`${col}:${row}`);
    cells.push({ col, row, winner: e.winner, ties: cells.length === 0 ? leadingTies : 0 });
    last = e.winner;
  }
  return cells;
}

/** The player's win of a settled round: what the bets returned (null while any is unsettled). */
export function roundWin(bets: StateAnswer['myBets']): { stake: number; payout: number } | null {
  if (bets.length === 0 || bets.some((b) => b.state !== 'settled')) return null;
  return {
    stake: bets.reduce((s, b) => s + b.stake, 0),
    payout: bets.reduce((s, b) => s + (b.payout ?? 0), 0),
  };
}

/** Error kind → our text; the server's own keys first. */
function errorText(
  err: unknown,
  t: BaccaratT,
  table: Table | undefined,
  money: (n: number) => string,
): string {
  if (err instanceof StudioError) {
    if (err.serverKey === 'games.errors.betting_closed') return t('error.betting_closed');
    if (err.serverKey === 'games.errors.table_limit' && table)
      return t('error.table_limit', { min: money(table.minBet), max: money(table.maxBet) });
    switch (err.kind) {
      case 'insufficient':
        return t('error.insufficient');
      case 'limit':
        return t('error.limit');
      case 'ticket':
        return t('error.ticket');
      case 'network':
        return t('error.network');
      case 'maintenance':
        return t('error.maintenance');
      case 'busy':
        return t('error.busy');
      case 'bet':
        return t('error.bet');
      default:
        return t('error.generic');
    }
  }
  return t('error.generic');
}

export async function mount(o: TablePageOptions): Promise<{ destroy(): void }> {
  const { root, session, ticket } = o;
  const fetchImpl = o.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const newRequestId =
    o.newRequestId ??
    (() => {
      const bytes = crypto.getRandomValues(new Uint8Array(12));
      return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    });
  const reduced =
    o.reducedMotion ??
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const t = await loadTexts(o.lang);
  const currency = session.currency;
  const money = (n: number) => formatMoney(n, currency);
  const q = (params: Record<string, string>) => new URLSearchParams({ ticket, ...params });

  let tablesAnswer: TablesAnswer;
  try {
    tablesAnswer = await callStudio(
      fetchImpl,
      `${studioBaccaratTables.path}?${q({})}`,
      { method: 'GET' },
      tablesEnvelope,
    );
  } catch (err) {
    root.replaceChildren(
      header(session, o.t),
      h('p', { class: 'error', role: 'alert' }, errorText(err, t, undefined, money)),
    );
    return { destroy: () => undefined };
  }
  const tables = tablesAnswer.tables;
  if (tables.length === 0) {
    o.soon();
    return { destroy: () => undefined };
  }

  // ---- State of the page.
  let table: Table = tables[0]!;
  let snap: StateAnswer | null = null;
  let receivedAt = 0;
  let chipIndex = 0;
  const staged = new Map<BaccaratSpot, number>();
  let busy = false;
  let stopped = false;
  let shownRound = '';
  let shownCards = 0;
  let shownPhase: BaccaratPhase | 'waiting' | '' = '';
  let pollTimer: ReturnType<typeof setTimeout> | undefined;

  // ---- Elements.
  const tableButtons = tables.map((x) =>
    h(
      'button',
      {
        type: 'button',
        class: 'bac-table',
        'aria-pressed': 'false',
        'aria-label': t('tables.choice', { code: x.code, min: money(x.minBet), max: money(x.maxBet) }),
        'data-table': x.id,
      },
      h('strong', {}, t('tables.name', { code: x.code })),
      h('span', {}, t('tables.limits', { min: formatMinor(x.minBet), max: formatMinor(x.maxBet) })),
    ),
  );
  const tablePicker = h(
    'div',
    { class: 'bac-tables', role: 'group', 'aria-label': t('tables.label') },
    ...tableButtons,
  );

  const phaseText = h('span', { class: 'bac-phase-text' });
  const phaseLive = h('p', { class: 'bac-phase', role: 'status', 'aria-live': 'polite' }, phaseText);
  const seconds = h('span', { class: 'bac-seconds', 'aria-label': t('timer.label') });
  const roundNo = h('span', { class: 'bac-round' });
  const bar = h('span', { class: 'bac-bar-fill' });
  const timer = h(
    'div',
    { class: 'bac-timer' },
    phaseLive,
    seconds,
    roundNo,
    h('span', { class: 'bac-bar', 'aria-hidden': 'true' }, bar),
  );

  const hand = (label: BaccaratKey, cls: string) => {
    const cards = h('div', { class: 'bac-cards' });
    const total = h('span', { class: 'bac-total' });
    const el = h(
      'div',
      { class: `bac-hand ${cls}`, role: 'group', 'aria-label': t(label) },
      h('div', { class: 'bac-hand-head' }, h('span', { class: 'bac-hand-name' }, t(label)), total),
      cards,
    );
    return { el, cards, total, label };
  };
  const playerHand = hand('hand.player', 'is-player');
  const bankerHand = hand('hand.banker', 'is-banker');
  const resultLine = h('p', { class: 'bac-result', 'aria-live': 'polite' });
  const board = h(
    'section',
    { class: 'bac-board' },
    h('div', { class: 'bac-hands' }, playerHand.el, bankerHand.el),
    resultLine,
  );

  const spotEls = new Map<BaccaratSpot, { button: HTMLButtonElement; amount: HTMLElement }>();
  const spotOrder: BaccaratSpot[] = ['playerPair', 'tie', 'bankerPair', 'player', 'banker'];
  for (const spot of spotOrder) {
    const amount = h('span', { class: 'bac-spot-amount' });
    const button = h(
      'button',
      { type: 'button', class: `bac-spot is-${spot}`, 'data-spot': spot },
      h('span', { class: 'bac-spot-name' }, t(`spot.${spot}`)),
      h('span', { class: 'bac-spot-odds' }, t('spot.pays', { odds: ODDS[spot] })),
      amount,
    );
    spotEls.set(spot, { button, amount });
  }
  const spots = h(
    'div',
    { class: 'bac-spots', role: 'group', 'aria-label': t('spots.label') },
    ...spotOrder.map((s) => spotEls.get(s)!.button),
  );

  const chipButtons: HTMLButtonElement[] = [];
  const chipRow = h('div', { class: 'bac-chips', role: 'group', 'aria-label': t('chips.label') });
  const confirmButton = h('button', { type: 'button', class: 'bac-confirm' }, t('action.confirm'));
  const clearButton = h('button', { type: 'button', class: 'bac-clear' }, t('action.clear'));

  const balanceOut = h('output', { class: 'stat-value' });
  const betOut = h('output', { class: 'stat-value' });
  const winOut = h('output', { class: 'stat-value win-value' });
  const stat = (key: BaccaratKey, out: HTMLElement) =>
    h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, t(key)), out);
  const stats = h(
    'div',
    { class: 'stats bac-stats' },
    stat('stat.balance', balanceOut),
    stat('stat.bet', betOut),
    stat('stat.win', winOut),
  );

  const note = h('p', { class: 'status bac-note' });
  const errorBox = h('p', { class: 'error', role: 'alert', hidden: true });

  const roadGrid = h('ol', { class: 'bac-road' });
  const bigGrid = h('ol', { class: 'bac-big', 'aria-hidden': 'true' });
  const roadCounts = h('p', { class: 'bac-road-counts' });
  const road = h(
    'section',
    { class: 'bac-road-box', 'aria-label': t('road.title') },
    h('h2', {}, t('road.title')),
    roadCounts,
    roadGrid,
    h('h2', { class: 'bac-big-title' }, t('road.big')),
    bigGrid,
  );

  const rules = h(
    'details',
    { class: 'bac-rules' },
    h('summary', {}, t('rules.title')),
    h('p', {}, t('rules.text')),
    h('p', { class: 'muted' }, t('keys.help')),
  );

  const layout = h(
    'div',
    { class: 'bac' },
    tablePicker,
    timer,
    board,
    spots,
    h(
      'div',
      { class: 'bac-actions' },
      chipRow,
      h('div', { class: 'bac-buttons' }, clearButton, confirmButton),
    ),
    note,
    errorBox,
    stats,
    road,
    rules,
  );
  root.classList.add('is-baccarat');
  root.replaceChildren(header(session, o.t), layout);

  // ---- Rendering.
  const chips = () => table.chips;
  const confirmed = (spot: BaccaratSpot) =>
    (snap?.myBets ?? []).reduce(
      (s, b) => s + b.spots.filter((x) => x.spot === spot).reduce((u, x) => u + x.amount, 0),
      0,
    );
  const stagedTotal = () => [...staged.values()].reduce((s, x) => s + x, 0);
  const phaseNow = (): { phase: BaccaratPhase; msLeft: number } | null => {
    if (!snap) return null;
    const passed = Date.now() - receivedAt;
    const left = snap.round.msLeft - passed;
    if (left > 0) return { phase: snap.round.phase, msLeft: left };
    // The phase ran out before the next poll: show what follows without waiting for it.
    const next: Record<BaccaratPhase, BaccaratPhase> = {
      betting: 'closed',
      closed: 'dealing',
      dealing: 'result',
      result: 'result',
    };
    return { phase: next[snap.round.phase], msLeft: 0 };
  };
  const bettingOpen = () => phaseNow()?.phase === 'betting';

  function showError(text: string) {
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  function renderChips() {
    const values = chips();
    chipIndex = Math.min(chipIndex, values.length - 1);
    if (
      chipButtons.length !== values.length ||
      chipButtons.some((b, i) => b.dataset.value !== String(values[i]))
    ) {
      chipButtons.length = 0;
      values.forEach((v, i) => {
        const b = h(
          'button',
          {
            type: 'button',
            class: `bac-chip chip-${i}`,
            'data-value': v,
            'aria-label': t('chips.aria', { amount: money(v) }),
            'aria-pressed': 'false',
          },
          compact(v),
        );
        b.addEventListener('click', () => {
          chipIndex = i;
          renderControls();
        });
        chipButtons.push(b);
      });
      chipRow.replaceChildren(...chipButtons);
    }
    chipButtons.forEach((b, i) => b.setAttribute('aria-pressed', String(i === chipIndex)));
  }

  function renderControls() {
    renderChips();
    const open = bettingOpen();
    for (const spot of BACCARAT_SPOTS) {
      const { button, amount } = spotEls.get(spot)!;
      const mine = confirmed(spot);
      const st = staged.get(spot) ?? 0;
      amount.textContent = mine + st > 0 ? formatMinor(mine + st) : '';
      button.classList.toggle('has-staged', st > 0);
      button.classList.toggle('has-bet', mine > 0);
      button.disabled = !open || busy;
      button.setAttribute(
        'aria-label',
        t('spot.aria', {
          spot: t(`spot.${spot}`),
          odds: ODDS[spot],
          key: KEY_OF_SPOT[spot],
          amount: money(mine + st),
        }),
      );
      const result = snap?.round.result;
      const won =
        !!result &&
        (spot === result.winner ||
          (spot === 'playerPair' && result.pairs.player) ||
          (spot === 'bankerPair' && result.pairs.banker));
      button.classList.toggle('is-won', won);
    }
    const total = stagedTotal();
    confirmButton.disabled = !open || busy || total === 0;
    clearButton.disabled = busy || total === 0;
    confirmButton.textContent = busy
      ? t('action.busy')
      : total > 0
        ? t('action.confirmAmount', { amount: formatMinor(total) })
        : t('action.confirm');
    tableButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.table === table.id)));
  }

  function renderStats() {
    if (!snap) return;
    balanceOut.textContent = money(snap.balance);
    const mine = snap.myBets.reduce((s, b) => s + b.stake, 0);
    betOut.textContent = money(mine);
    const win = snap.round.phase === 'result' ? roundWin(snap.myBets) : null;
    winOut.textContent = money(win?.payout ?? 0);
  }

  function cardEl(card: string, animate: boolean) {
    const red = card[1] === 'H' || card[1] === 'D';
    return h(
      'span',
      {
        class: `bac-card${red ? ' is-red' : ''}${animate ? ' is-new' : ''}`,
        role: 'img',
        'aria-label': cardText(card),
      },
      cardText(card),
    );
  }

  function renderCards() {
    if (!snap) return;
    const r = snap.round;
    if (r.id !== shownRound) {
      shownRound = r.id;
      shownCards = 0;
      playerHand.cards.replaceChildren();
      bankerHand.cards.replaceChildren();
    }
    const now = phaseNow();
    const dealing = r.order.length > 0;
    const elapsed = r.dealtMs + (Date.now() - receivedAt);
    const visible = !dealing
      ? 0
      : now?.phase === 'result' || reduced
        ? r.order.length
        : Math.min(r.order.length, Math.floor(elapsed / r.cardMs) + 1);
    let p = playerHand.cards.childElementCount;
    let b = bankerHand.cards.childElementCount;
    for (let i = shownCards; i < visible; i++) {
      if (r.order[i] === 'P') playerHand.cards.append(cardEl(r.playerCards[p++]!, !reduced));
      else bankerHand.cards.append(cardEl(r.bankerCards[b++]!, !reduced));
    }
    shownCards = Math.max(shownCards, visible);
    const pCards = r.playerCards.slice(0, p);
    const bCards = r.bankerCards.slice(0, b);
    for (const [x, cards] of [
      [playerHand, pCards],
      [bankerHand, bCards],
    ] as const) {
      x.total.textContent = cards.length ? t('hand.total', { n: handTotal(cards) }) : '';
      x.el.setAttribute(
        'aria-label',
        cards.length
          ? t('hand.cards', {
              hand: t(x.label),
              cards: cards.map(cardText).join(' '),
              total: handTotal(cards),
            })
          : t('hand.noCards', { hand: t(x.label) }),
      );
    }
    const result = now?.phase === 'result' && visible === r.order.length ? r.result : null;
    playerHand.el.classList.toggle('is-winner', result?.winner === 'player');
    bankerHand.el.classList.toggle('is-winner', result?.winner === 'banker');
    if (result) {
      const pairs = [
        result.pairs.player ? t('spot.playerPair') : '',
        result.pairs.banker ? t('spot.bankerPair') : '',
      ]
        .filter(Boolean)
        .join(', ');
      const line = t(`result.${result.winner}`, { player: result.playerTotal, banker: result.bankerTotal });
      const win = roundWin(snap.myBets);
      const mine =
        snap.myBets.length === 0
          ? ''
          : !win
            ? t('result.settling')
            : win.payout === win.stake
              ? t('result.returned', { amount: money(win.payout) })
              : win.payout > 0
                ? t('result.youWin', { amount: money(win.payout) })
                : t('result.noWin');
      resultLine.textContent = [line, pairs ? t('result.pairs', { pairs }) : '', mine]
        .filter(Boolean)
        .join(' · ');
      resultLine.dataset.winner = result.winner;
    } else {
      resultLine.textContent = '';
      delete resultLine.dataset.winner;
    }
  }

  function renderTimer() {
    const now = phaseNow();
    const phase = now?.phase ?? 'waiting';
    if (phase !== shownPhase) {
      shownPhase = phase;
      phaseText.textContent = t(`phase.${phase}`);
      layout.dataset.phase = phase;
      if (phase !== 'betting' && staged.size > 0) {
        // Chips not confirmed before the close are taken back.
        staged.clear();
        note.textContent = '';
      }
      renderControls();
    }
    if (!snap || !now) {
      seconds.textContent = '';
      return;
    }
    seconds.textContent = t('timer.seconds', { n: Math.ceil(now.msLeft / 1000) });
    roundNo.textContent = t('round.number', { n: snap.round.seq });
    const full = phase === 'betting' ? tablesAnswer.bettingSeconds * 1000 : 0;
    bar.style.width = full ? `${Math.max(0, Math.min(100, (now.msLeft / full) * 100))}%` : '0%';
  }

  function renderRoad() {
    if (!snap) return;
    const entries = snap.road;
    const counts = { player: 0, banker: 0, tie: 0 };
    for (const e of entries) counts[e.winner]++;
    roadCounts.textContent = entries.length ? t('road.counts', counts) : t('road.empty');
    // Column by column, six beads high (the bead plate).
    roadGrid.replaceChildren(
      ...entries.map((e) => {
        const pairs = [e.pairs.player ? t('spot.playerPair') : '', e.pairs.banker ? t('spot.bankerPair') : '']
          .filter(Boolean)
          .join(', ');
        const winner = t(`spot.${e.winner}`);
        const label = pairs
          ? t('road.beadPairs', {
              n: e.seq,
              winner,
              player: e.playerTotal,
              banker: e.bankerTotal,
              pairs,
            })
          : t('road.bead', { n: e.seq, winner, player: e.playerTotal, banker: e.bankerTotal });
        return h(
          'li',
          {
            class: `bac-bead is-${e.winner}${e.pairs.player ? ' p-pair' : ''}${e.pairs.banker ? ' b-pair' : ''}`,
            title: label,
            'aria-label': label,
          },
          t(`road.${e.winner}`),
        );
      }),
    );
    roadGrid.scrollLeft = roadGrid.scrollWidth;
    bigGrid.replaceChildren(
      ...bigRoad(entries).map((c) => {
        const li = h('li', { class: `bac-big-cell is-${c.winner}` }, c.ties > 1 ? String(c.ties) : '');
        li.style.gridColumn = String(c.col + 1);
        li.style.gridRow = String(c.row + 1);
        if (c.ties > 0) li.classList.add('has-tie');
        return li;
      }),
    );
    bigGrid.scrollLeft = bigGrid.scrollWidth;
  }

  function render() {
    renderTimer();
    renderCards();
    renderControls();
    renderStats();
  }

  // ---- Polling.
  async function poll() {
    if (stopped) return;
    const asked = table.id;
    try {
      const s = await callStudio(
        fetchImpl,
        `${studioBaccaratState.path}?${q({ table: asked })}`,
        { method: 'GET' },
        stateEnvelope,
      );
      if (stopped || asked !== table.id) return;
      const roundChanged = snap?.round.id !== s.round.id;
      const roadChanged =
        snap?.road.at(-1)?.roundId !== s.road.at(-1)?.roundId || snap?.road.length !== s.road.length;
      snap = s;
      receivedAt = Date.now();
      table = s.table;
      if (roundChanged) {
        staged.clear();
        note.textContent = '';
      }
      if (errorBox.dataset.kind === 'network') showError('');
      render();
      if (roadChanged || roundChanged) renderRoad();
    } catch (err) {
      if (err instanceof StudioError && err.kind === 'ticket') {
        stopped = true;
        showError(t('error.ticket'));
        return;
      }
      showError(errorText(err, t, table, money));
      errorBox.dataset.kind = err instanceof StudioError ? err.kind : 'generic';
    } finally {
      if (!stopped) pollTimer = setTimeout(() => void poll(), 1000);
    }
  }

  // ---- Actions.
  function addChip(spot: BaccaratSpot) {
    if (!bettingOpen() || busy) return;
    const chip = chips()[chipIndex];
    if (!chip) return;
    const next = (staged.get(spot) ?? 0) + chip;
    if (next + confirmed(spot) > table.maxBet) {
      note.textContent = t('bet.overMax', { max: money(table.maxBet) });
      return;
    }
    staged.set(spot, next);
    showError('');
    note.textContent = t('bet.staged', { amount: money(stagedTotal()) });
    renderControls();
  }

  function clear() {
    if (busy || staged.size === 0) return;
    staged.clear();
    note.textContent = '';
    renderControls();
  }

  async function confirm() {
    if (busy || staged.size === 0 || !snap || !bettingOpen()) return;
    busy = true;
    renderControls();
    const roundId = snap.round.id;
    const payload = {
      ticket,
      table: table.id,
      roundId,
      spots: BACCARAT_SPOTS.filter((s) => staged.has(s)).map((spot) => ({ spot, amount: staged.get(spot)! })),
      requestId: newRequestId(),
    };
    try {
      const r = await callStudio(
        fetchImpl,
        studioBaccaratBet.path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) },
        betEnvelope,
      );
      staged.clear();
      if (snap && snap.round.id === roundId) {
        snap = {
          ...snap,
          balance: r.balance,
          myBets: [...snap.myBets.filter((b) => b.id !== r.bet.id), r.bet],
        };
      }
      showError('');
      note.textContent = t('bet.placed', { amount: money(r.bet.stake) });
    } catch (err) {
      showError(errorText(err, t, table, money));
      if (err instanceof StudioError && err.serverKey === 'games.errors.betting_closed') staged.clear();
    } finally {
      busy = false;
      render();
    }
  }

  function pickTable(id: string) {
    const next = tables.find((x) => x.id === id);
    if (!next || next.id === table.id) return;
    table = next;
    snap = null;
    staged.clear();
    shownRound = '';
    shownPhase = '';
    note.textContent = '';
    showError('');
    roadGrid.replaceChildren();
    roadCounts.textContent = '';
    resultLine.textContent = '';
    playerHand.cards.replaceChildren();
    bankerHand.cards.replaceChildren();
    render();
    clearTimeout(pollTimer);
    void poll();
  }

  tableButtons.forEach((b) => b.addEventListener('click', () => pickTable(b.dataset.table!)));
  spotEls.forEach(({ button }, spot) => button.addEventListener('click', () => addChip(spot)));
  confirmButton.addEventListener('click', () => void confirm());
  clearButton.addEventListener('click', clear);
  const onKey = (e: KeyboardEvent) => {
    const k = tableKey(e);
    if (!k) return;
    e.preventDefault();
    if (k.kind === 'spot') addChip(k.spot);
    else if (k.kind === 'chip') {
      chipIndex = Math.max(0, Math.min(chips().length - 1, chipIndex + k.step));
      renderControls();
    } else if (k.kind === 'confirm') void confirm();
    else clear();
  };
  document.addEventListener('keydown', onKey);
  const ticker = setInterval(() => {
    renderTimer();
    renderCards();
    if (snap?.round.phase === 'betting' && !bettingOpen()) renderControls();
  }, 200);

  render();
  await poll();

  return {
    destroy() {
      stopped = true;
      clearTimeout(pollTimer);
      clearInterval(ticker);
      document.removeEventListener('keydown', onKey);
    },
  };
}

/** A chip's face: 1,000.00 → "1K", 500.00 → "500" (major units). */
export function compact(minor: number): string {
  const major = minor / 100;
  if (major >= 1_000_000) return `${major / 1_000_000}M`;
  if (major >= 1_000) return `${major / 1_000}K`;
  return String(major);
}
