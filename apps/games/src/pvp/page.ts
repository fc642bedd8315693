import './pvp.css';
import {
  envelope,
  studioPvpDeal,
  studioPvpJoin,
  studioPvpLeave,
  studioPvpLobby,
  type PvpRoomView,
  type ResponseOf,
} from '@app/contracts';
import { callStudio, StudioError, type Fetch } from '../api.ts';
import { ERROR_KEYS, header } from '../app.ts';
import { h } from '../dom.ts';
import type { StudioLanguage } from '../i18n/i18n.ts';
import { formatMoney } from '../money.ts';
import type { TablePageOptions } from '../tables.ts';
import type en from './i18n/en.json';

/**
 * The PVP card-room page (issue 6): the launched game's rooms (stake, minimum balance, seats
 * taken; full rooms disabled), a seat in one (or a default stake where the game has no rooms),
 * then hands against the room's bots — Niu-Niu or Teen Patti. Every hand comes whole from the
 * server (dealt, decided and paid) before the page shows a card; the deal animation only shows it
 * (none with reduced motion). Enter deals (again), Esc leaves the room.
 */

export type PvpKey = keyof typeof en;
export type PvpTranslate = (key: PvpKey, params?: Record<string, string | number>) => string;
export type PvpLobby = ResponseOf<typeof studioPvpLobby>;
export type PvpHand = ResponseOf<typeof studioPvpDeal>;

const loaders: Record<StudioLanguage, () => Promise<{ default: Record<string, string> }>> = {
  my: () => import('./i18n/my.json'),
  en: () => import('./i18n/en.json'),
  cn: () => import('./i18n/cn.json'),
  th: () => import('./i18n/th.json'),
  vi: () => import('./i18n/vi.json'),
};

export async function loadTexts(lang: StudioLanguage): Promise<PvpTranslate> {
  const cat = (await loaders[lang]()).default;
  return (key, params) =>
    (cat[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}

const lobbyEnvelope = envelope(studioPvpLobby.response);
const joinEnvelope = envelope(studioPvpJoin.response);
const leaveEnvelope = envelope(studioPvpLeave.response);
const dealEnvelope = envelope(studioPvpDeal.response);

export function createPvpApi(fetchImpl: Fetch) {
  const post = <T>(path: string, body: unknown, schema: Parameters<typeof callStudio<T>>[3]) =>
    callStudio<T>(
      fetchImpl,
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      schema,
    );
  return {
    lobby: (ticket: string) =>
      callStudio(
        fetchImpl,
        `${studioPvpLobby.path}?${new URLSearchParams({ ticket })}`,
        { method: 'GET' },
        lobbyEnvelope,
      ),
    join: (ticket: string, roomId: number) => post(studioPvpJoin.path, { ticket, roomId }, joinEnvelope),
    leave: (ticket: string) => post(studioPvpLeave.path, { ticket }, leaveEnvelope),
    deal: (input: { ticket: string; roomId?: number; stake?: number; requestId: string }) =>
      post(studioPvpDeal.path, input, dealEnvelope),
  };
}

/** The server's message (or the error kind) → the page's words. */
export function errorKey(e: unknown): PvpKey {
  if (!(e instanceof StudioError)) return 'error.generic';
  switch (e.serverKey) {
    case 'games.errors.room_full':
      return 'error.roomFull';
    case 'games.errors.room_min_balance':
      return 'error.roomMinBalance';
    case 'games.errors.room_not_joined':
    case 'games.errors.room_required':
      return 'error.roomNotJoined';
    case 'games.errors.room_unknown':
      return 'error.roomUnknown';
  }
  return ERROR_KEYS[e.kind];
}

const SUIT_SYMBOL: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
/** "TS" → "10♠". */
export const cardText = (code: string) =>
  `${code[0] === 'T' ? '10' : (code[0] ?? '')}${SUIT_SYMBOL[code[1] ?? ''] ?? ''}`;

function cardEl(code: string | null, down: boolean): HTMLElement {
  if (!code) return h('span', { class: 'pvp-card is-down', 'aria-hidden': 'true' });
  const red = code[1] === 'H' || code[1] === 'D';
  return h(
    'span',
    { class: `pvp-card${red ? ' is-red' : ''}${down ? ' is-down' : ''}`, 'aria-hidden': 'true' },
    h('span', { class: 'pvp-card-rank' }, code[0] === 'T' ? '10' : (code[0] ?? '')),
    h('span', { class: 'pvp-card-suit' }, SUIT_SYMBOL[code[1] ?? ''] ?? ''),
  );
}

const isField = (target: EventTarget | null) =>
  target instanceof Element && target.closest('button, a[href], input, select, textarea, summary') !== null;

/** `room=<id>` of the page's address, when the site launched the game from a room's Join. */
function roomOfAddress(): string | null {
  return new URLSearchParams(window.location.search).get('room');
}

export async function mount(o: TablePageOptions): Promise<{ destroy(): void }> {
  const { root, session, ticket } = o;
  const api = createPvpApi(o.fetchImpl ?? ((...args) => fetch(...args)));
  const newRequestId = o.newRequestId ?? (() => crypto.randomUUID());
  const reduced =
    o.reducedMotion ??
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const money = (minor: number) => formatMoney(minor, session.currency);
  root.replaceChildren(h('p', { class: 'loading', role: 'status' }, o.t('app.loading')));

  let t: PvpTranslate;
  let lobby: PvpLobby;
  try {
    [t, lobby] = await Promise.all([loadTexts(o.lang), api.lobby(ticket)]);
  } catch (e) {
    const tt = await loadTexts(o.lang).catch(() => null);
    const retry = h('button', { type: 'button', class: 'btn' }, o.t('error.retry'));
    retry.addEventListener('click', () => window.location.reload());
    root.replaceChildren(
      header(session, o.t),
      h(
        'section',
        { class: 'notice' },
        h('h2', {}, tt ? tt('error.load') : o.t('error.load')),
        h('p', { role: 'alert' }, tt ? tt(errorKey(e)) : o.t('error.generic')),
        h('div', { class: 'notice-actions' }, retry),
      ),
    );
    return { destroy: () => undefined };
  }

  root.classList.add('pvp');
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      const id = setTimeout(() => {
        timers.delete(id);
        resolve();
      }, ms);
      timers.add(id);
    });
  let destroyed = false;

  let balance = lobby.balance;
  const rakeText = `${lobby.rakeBps / 100}%`;
  const gameName = t(lobby.game === 'teenpatti' ? 'game.teenpatti' : 'game.niuniu');
  const handSize = lobby.game === 'teenpatti' ? 3 : 5;
  const rankName = (rank: number) => t(`rank.${lobby.game}.${rank}` as PvpKey);

  const errorBox = h('p', { class: 'error', role: 'alert', hidden: true });
  const showError = (e: unknown) => {
    errorBox.hidden = false;
    errorBox.textContent = t(errorKey(e));
  };
  const clearError = () => {
    errorBox.hidden = true;
    errorBox.textContent = '';
  };
  const main = h('main', { class: 'pvp-main' });
  root.replaceChildren(header(session, o.t), errorBox, main);

  // ---- The room list (or the default stakes) ----------------------------------------------
  let view: 'rooms' | 'table' = 'rooms';
  let busy = false;

  const showRooms = () => {
    view = 'rooms';
    const balanceOut = h('output', { class: 'stat-value' }, money(balance));
    const top = h(
      'div',
      { class: 'pvp-intro' },
      h(
        'h2',
        { class: 'pvp-h2' },
        `${gameName} · ${lobby.rooms.length > 0 ? t('rooms.title') : t('stakes.title')}`,
      ),
      h('p', { class: 'muted' }, t('rooms.rules', { rake: rakeText })),
      h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, t('stat.balance')), balanceOut),
    );
    if (lobby.rooms.length > 0) {
      const list = h('ul', { class: 'pvp-rooms' });
      for (const r of lobby.rooms) list.append(h('li', {}, roomButton(r)));
      main.replaceChildren(top, list, helpBox());
      return;
    }
    if (lobby.defaultStakes.length === 0) {
      main.replaceChildren(top, h('p', { class: 'notice' }, t('rooms.none')));
      return;
    }
    let chosen = lobby.defaultStakes[0]!;
    const buttons = lobby.defaultStakes.map((s) => {
      const b = h(
        'button',
        { type: 'button', class: 'pvp-stake', 'aria-pressed': String(s === chosen) },
        money(s),
      );
      b.addEventListener('click', () => {
        chosen = s;
        for (const x of buttons) x.setAttribute('aria-pressed', String(x === b));
      });
      return b;
    });
    const sit = h('button', { type: 'button', class: 'btn pvp-primary' }, t('stakes.sit'));
    sit.addEventListener('click', () => {
      clearError();
      showTable(null, chosen);
    });
    main.replaceChildren(
      top,
      h('div', { class: 'pvp-stakes', role: 'group', 'aria-label': t('stakes.title') }, ...buttons),
      sit,
      helpBox(),
    );
  };

  const roomButton = (r: PvpRoomView) => {
    const unavailable = r.status !== 'open' || r.seatsTaken >= r.seats;
    const short = balance < r.minBalance;
    const dots = h('span', { class: 'pvp-dots', 'aria-hidden': 'true' });
    for (let i = 0; i < r.seats; i++)
      dots.append(h('span', { class: i < r.seatsTaken ? 'pvp-dot is-taken' : 'pvp-dot' }));
    const fig = (label: PvpKey, value: string, extra?: Node) =>
      h(
        'span',
        { class: 'pvp-fig' },
        h('span', { class: 'stat-label' }, t(label)),
        h('span', { class: 'pvp-fig-value' }, value),
        extra ?? null,
      );
    const b = h(
      'button',
      {
        type: 'button',
        class: `pvp-room${unavailable ? ' is-full' : ''}${short ? ' is-short' : ''}`,
        disabled: unavailable,
        'data-room': r.id,
        'aria-label': t('room.label', {
          name: r.name,
          stake: money(r.stake),
          min: money(r.minBalance),
          taken: r.seatsTaken,
          seats: r.seats,
        }),
      },
      h(
        'span',
        { class: 'pvp-room-head' },
        h('strong', { class: 'pvp-room-name' }, r.name),
        h(
          'span',
          { class: 'pvp-chip' },
          unavailable ? t(r.status === 'closed' ? 'room.closed' : 'room.full') : t('room.join'),
        ),
      ),
      h(
        'span',
        { class: 'pvp-figs' },
        fig('room.stake', money(r.stake)),
        fig('room.minBalance', money(r.minBalance)),
        fig('room.seats', t('room.seatsValue', { taken: r.seatsTaken, seats: r.seats }), dots),
      ),
      short && !unavailable
        ? h('span', { class: 'pvp-needs' }, t('room.needs', { amount: money(r.minBalance) }))
        : null,
    );
    b.addEventListener('click', () => void joinRoom(r, b));
    return b;
  };

  const joinRoom = async (r: PvpRoomView, b: HTMLButtonElement) => {
    if (busy) return;
    busy = true;
    clearError();
    b.setAttribute('aria-busy', 'true');
    try {
      const j = await api.join(ticket, r.id);
      balance = j.balance;
      lobby = { ...lobby, seatRoomId: j.room.id };
      showTable(j.room, j.room.stake);
    } catch (e) {
      showError(e);
      b.removeAttribute('aria-busy');
      // The room may have filled meanwhile: show the seats as they are now.
      await refreshRooms();
    } finally {
      busy = false;
    }
  };

  const refreshRooms = async () => {
    try {
      lobby = await api.lobby(ticket);
      balance = lobby.balance;
    } catch {
      // keep the list we have
    }
    if (!destroyed && view === 'rooms') showRooms();
  };

  const helpBox = () => {
    const ranks =
      lobby.game === 'teenpatti' ? [5, 4, 3, 2, 1, 0] : [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
    return h(
      'details',
      { class: 'pvp-help' },
      h('summary', {}, t('help.title')),
      h('p', {}, t(lobby.game === 'teenpatti' ? 'help.teenpatti' : 'help.niuniu')),
      h('p', {}, t('rooms.rules', { rake: rakeText })),
      h('h3', {}, t('help.ranking')),
      h('ol', { class: 'pvp-ranking' }, ...ranks.map((r) => h('li', {}, rankName(r)))),
      h('p', { class: 'muted' }, t('help.tie')),
      h('p', { class: 'muted' }, t('help.fair')),
      h('p', { class: 'muted' }, t('keys.hint')),
    );
  };

  // ---- The table ---------------------------------------------------------------------------
  let table: {
    room: PvpRoomView | null;
    stake: number;
    seatsEl: HTMLElement;
    dealBtn: HTMLButtonElement;
    balanceOut: HTMLElement;
    resultOut: HTMLElement;
    status: HTMLElement;
    played: boolean;
    pendingId: string | null;
  } | null = null;

  const seatCount = (room: PvpRoomView | null) =>
    Math.min(Math.max(room?.seats ?? lobby.defaultSeats, 2), 10);

  const seatEl = (i: number, name: string, cards: (string | null)[], down: boolean) =>
    h(
      'li',
      { class: `pvp-seat${i === 0 ? ' is-you' : ''}`, 'data-seat': i },
      h(
        'div',
        { class: 'pvp-seat-head' },
        h('span', { class: 'pvp-seat-name' }, name),
        h('span', { class: 'pvp-seat-rank' }),
      ),
      h('div', { class: 'pvp-hand' }, ...cards.map((c) => cardEl(c, down))),
      h('span', { class: 'pvp-sr' }, t('seat.hidden')),
    );

  const emptySeats = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      seatEl(i, i === 0 ? t('seat.you') : t('seat.waiting', { n: i + 1 }), Array(handSize).fill(null), true),
    );

  const showTable = (room: PvpRoomView | null, stake: number) => {
    view = 'table';
    const n = seatCount(room);
    const seatsEl = h('ol', { class: 'pvp-seats', 'aria-label': t('table.label') }, ...emptySeats(n));
    const dealBtn = h('button', { type: 'button', class: 'btn pvp-primary pvp-deal' }, t('action.deal'));
    const leaveBtn = h('button', { type: 'button', class: 'pvp-leave' }, t('action.leave'));
    const balanceOut = h('output', { class: 'stat-value pvp-balance' }, money(balance));
    const resultOut = h('output', { class: 'stat-value pvp-result' }, '–');
    const status = h('p', { class: 'status pvp-status', role: 'status', 'aria-live': 'polite' });
    status.textContent = room
      ? t('status.seated', { name: room.name })
      : t('status.ready', { stake: money(stake) });
    table = { room, stake, seatsEl, dealBtn, balanceOut, resultOut, status, played: false, pendingId: null };
    main.replaceChildren(
      h(
        'div',
        { class: 'pvp-bar' },
        h('strong', {}, room ? t('table.room', { name: room.name }) : t('table.free')),
        h(
          'span',
          { class: 'muted' },
          `${gameName} · ${t('table.info', { stake: money(stake), rake: rakeText })}`,
        ),
      ),
      h('section', { class: 'pvp-felt' }, seatsEl),
      status,
      h(
        'div',
        { class: 'stats' },
        h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, t('stat.balance')), balanceOut),
        h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, t('stat.result')), resultOut),
      ),
      h('div', { class: 'pvp-actions' }, leaveBtn, dealBtn),
      h('p', { class: 'muted pvp-keys' }, t('keys.hint')),
      helpBox(),
    );
    dealBtn.addEventListener('click', () => void deal());
    leaveBtn.addEventListener('click', () => void leave());
    dealBtn.focus();
  };

  const deal = async () => {
    if (!table || busy) return;
    const tb = table;
    busy = true;
    clearError();
    tb.dealBtn.disabled = true;
    tb.dealBtn.textContent = t('action.dealing');
    tb.status.textContent = t('status.dealing');
    // The same id again after a network failure: the server answers the hand it may have played.
    const requestId = tb.pendingId ?? newRequestId();
    tb.pendingId = requestId;
    let hand: PvpHand;
    try {
      hand = await api.deal({
        ticket,
        requestId,
        ...(tb.room ? { roomId: tb.room.id } : { stake: tb.stake }),
      });
    } catch (e) {
      if (!(e instanceof StudioError && e.kind === 'network')) tb.pendingId = null;
      showError(e);
      tb.status.textContent = '';
      tb.dealBtn.disabled = false;
      tb.dealBtn.textContent = t(tb.played ? 'action.again' : 'action.deal');
      busy = false;
      return;
    }
    tb.pendingId = null;
    await reveal(tb, hand);
    if (destroyed || table !== tb) return;
    tb.played = true;
    balance = hand.balance;
    tb.balanceOut.textContent = money(balance);
    const winner = hand.seats[hand.winnerSeat]!;
    tb.resultOut.textContent = `${hand.profit >= 0 ? '+' : ''}${money(hand.profit)}`;
    tb.resultOut.classList.toggle('is-win', hand.profit > 0);
    tb.resultOut.classList.toggle('is-loss', hand.profit < 0);
    tb.status.textContent =
      hand.winnerSeat === 0
        ? `${t('result.win', { hand: rankName(hand.playerRank), amount: money(hand.profit) })} · ${t('result.rake', { amount: money(hand.rake) })} · ${t('result.payout', { amount: money(hand.payout) })}`
        : t('result.lose', { name: winner.name, hand: rankName(winner.rank), amount: money(hand.stake) });
    tb.dealBtn.disabled = false;
    tb.dealBtn.textContent = t('action.again');
    busy = false;
  };

  /** Shows the hand: every card face down, then dealt face up in order (at once with reduced motion). */
  const reveal = async (tb: NonNullable<typeof table>, hand: PvpHand) => {
    const seats = hand.seats.map((s) => {
      const el = seatEl(s.seat, s.bot ? s.name : t('seat.you'), s.cards, !reduced);
      return { s, el };
    });
    tb.seatsEl.replaceChildren(...seats.map((x) => x.el));
    if (!reduced) {
      for (let c = 0; c < handSize; c++)
        for (const { el } of seats) {
          await later(45);
          if (destroyed) return;
          el.querySelectorAll('.pvp-card')[c]?.classList.remove('is-down');
        }
      await later(250);
    }
    for (const { s, el } of seats) {
      el.querySelector('.pvp-seat-rank')!.textContent = rankName(s.rank);
      el.querySelector('.pvp-sr')!.textContent = t('seat.cards', { cards: s.cards.map(cardText).join(' ') });
      if (s.result === 'win') {
        el.classList.add('is-winner');
        el.querySelector('.pvp-seat-head')!.append(h('span', { class: 'pvp-chip is-win' }, t('seat.winner')));
      }
    }
  };

  const leave = async () => {
    if (busy || !table) return;
    const tb = table;
    table = null;
    view = 'rooms';
    clearError();
    if (tb.room) {
      busy = true;
      try {
        await api.leave(ticket);
      } catch {
        // An idle seat is freed by the server anyway.
      }
      busy = false;
      await refreshRooms();
    } else showRooms();
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || view !== 'table') return;
    if (e.key === 'Enter' && !e.repeat && !isField(e.target)) {
      e.preventDefault();
      void deal();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      void leave();
    }
  };
  document.addEventListener('keydown', onKey);

  // A seat kept from before (a reload): straight back to that room's table.
  const seated = lobby.rooms.find((r) => r.id === lobby.seatRoomId);
  // The lobby's "Join" on a room (the site's PVP lobby) names it in the address: take that seat.
  const wanted = lobby.rooms.find((r) => String(r.id) === roomOfAddress());
  if (seated) showTable(seated, seated.stake);
  else {
    showRooms();
    const button = wanted ? main.querySelector<HTMLButtonElement>(`[data-room="${wanted.id}"]`) : null;
    if (wanted && button && !button.disabled) void joinRoom(wanted, button);
  }

  return {
    destroy: () => {
      destroyed = true;
      for (const id of timers) clearTimeout(id);
      document.removeEventListener('keydown', onKey);
      root.classList.remove('pvp');
    },
  };
}
