import {
  envelope,
  sportsFixtures,
  sportsMyBets,
  sportsPlaceBet,
  type ResponseOf,
  type SportsEvent,
  type SportsMarket,
  type SportsSelection,
  type SportsSlip,
} from '@app/contracts';
import { callStudio, StudioError, type Fetch } from '../api.ts';
import { header } from '../app.ts';
import { h } from '../dom.ts';
import { formatMoney } from '../money.ts';
import type { TablePageOptions } from '../tables.ts';
import { loadSportsTexts, type SportsKey } from './i18n.ts';
import {
  findSelection,
  formatLine,
  formatOdds,
  ODDS_FORMAT_KEY,
  ODDS_FORMATS,
  parlayValid,
  parseStake,
  potentialReturn,
  type OddsFormat,
  type Pick,
} from './logic.ts';
import './sports.css';

type Board = ResponseOf<typeof sportsFixtures>;
type Accept = 'none' | 'better' | 'any';

const boardEnvelope = envelope(sportsFixtures.response);
const placeEnvelope = envelope(sportsPlaceBet.response);
const betsEnvelope = envelope(sportsMyBets.response);

/** The server's refusals → the page's texts. */
const SERVER_ERRORS: Record<string, SportsKey> = {
  'games.errors.odds_changed': 'error.odds_changed',
  'games.errors.market_suspended': 'error.market_suspended',
  'games.errors.betting_closed': 'error.betting_closed',
  'games.errors.stake_limits': 'error.stake_limits',
  'games.errors.parlay_invalid': 'error.parlay_invalid',
  'games.errors.selection_unknown': 'error.selection_unknown',
};

export function errorKey(e: unknown): SportsKey {
  if (!(e instanceof StudioError)) return 'error.generic';
  const mapped = e.serverKey ? SERVER_ERRORS[e.serverKey] : undefined;
  if (mapped) return mapped;
  if (e.kind === 'insufficient') return 'error.insufficient';
  if (e.kind === 'limit') return 'error.limit';
  if (e.kind === 'ticket') return 'error.ticket';
  if (e.kind === 'network') return 'error.network';
  if (e.kind === 'busy') return 'error.busy';
  return 'error.generic';
}

function readFormat(): OddsFormat {
  try {
    const v = window.localStorage.getItem(ODDS_FORMAT_KEY);
    return (ODDS_FORMATS as readonly string[]).includes(v ?? '') ? (v as OddsFormat) : 'decimal';
  } catch {
    return 'decimal';
  }
}

function saveFormat(f: OddsFormat): void {
  try {
    window.localStorage.setItem(ODDS_FORMAT_KEY, f);
  } catch {
    // Private mode: the choice lasts this visit.
  }
}

/** The sports page (issue 6): fixtures by sport and league, the bet slip, my bets. */
export async function mount(o: TablePageOptions): Promise<{ destroy(): void }> {
  const st = await loadSportsTexts(o.lang);
  const fetchImpl: Fetch = o.fetchImpl ?? ((...args) => fetch(...args));
  const newRequestId =
    o.newRequestId ??
    (() =>
      Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(
        '',
      ));
  const { root, session, ticket } = o;
  const currency = session.currency;
  const money = (minor: number) => formatMoney(minor, currency);
  const qs = (extra: Record<string, string> = {}) => new URLSearchParams({ ticket, ...extra }).toString();

  const api = {
    board: () => callStudio(fetchImpl, `${sportsFixtures.path}?${qs()}`, { method: 'GET' }, boardEnvelope),
    place: (body: unknown) =>
      callStudio(
        fetchImpl,
        sportsPlaceBet.path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        placeEnvelope,
      ),
    bets: (status: 'open' | 'settled', page: number) =>
      callStudio(
        fetchImpl,
        `${sportsMyBets.path}?${qs({ status, page: String(page), pageSize: '20' })}`,
        { method: 'GET' },
        betsEnvelope,
      ),
  };

  // ---- state -------------------------------------------------------------------------------
  let board: Board | null = null;
  let sport = '';
  let view: 'board' | 'bets' = 'board';
  let betsStatus: 'open' | 'settled' = 'open';
  let betsPage = 1;
  let bets: SportsSlip[] = [];
  let betsTotal = 0;
  let format = readFormat();
  let picks: Pick[] = [];
  let mode: 'single' | 'parlay' = 'single';
  let stakeText = '';
  let accept: Accept = 'none';
  let placing = false;
  let sheetOpen = false;
  let requestId = newRequestId();
  let balance = session.balance;
  let destroyed = false;

  // ---- static parts ------------------------------------------------------------------------
  const balanceOut = h('output', { class: 'sb-balance-value' });
  const sportTabs = h('div', { class: 'sb-tabs', role: 'tablist', 'aria-label': st('nav.sports') });
  const viewMatches = h(
    'button',
    { type: 'button', class: 'sb-view', 'aria-pressed': 'true' },
    st('nav.matches'),
  );
  const viewBets = h(
    'button',
    { type: 'button', class: 'sb-view', 'aria-pressed': 'false' },
    st('nav.myBets'),
  );
  const formatSelect = h('select', { class: 'sb-format', 'aria-label': st('odds.format') });
  for (const f of ODDS_FORMATS)
    formatSelect.append(h('option', { value: f, selected: f === format }, st(`odds.${f}` as SportsKey)));
  const boardEl = h('section', { class: 'sb-board', 'aria-live': 'off' });
  const betsEl = h('section', { class: 'sb-bets', hidden: true, 'aria-label': st('nav.myBets') });
  const pageError = h('p', { class: 'error', role: 'alert', hidden: true });

  const slipToggle = h('button', { type: 'button', class: 'sb-slip-toggle', 'aria-expanded': 'false' });
  const slipBody = h('div', { class: 'sb-slip-body', id: 'sb-slip-body' });
  slipToggle.setAttribute('aria-controls', 'sb-slip-body');
  const slip = h('aside', { class: 'sb-slip', 'aria-label': st('slip.title') }, slipToggle, slipBody);
  const slipStatus = h('p', { class: 'sb-slip-status', role: 'status', 'aria-live': 'polite' });

  const main = h(
    'div',
    { class: 'sb-main' },
    h(
      'div',
      { class: 'sb-bar' },
      h('div', { class: 'sb-views' }, viewMatches, viewBets),
      h('label', { class: 'sb-format-label' }, h('span', {}, st('odds.format')), formatSelect),
    ),
    sportTabs,
    pageError,
    boardEl,
    betsEl,
  );
  const app = h('div', { class: 'sb' }, main, slip);
  root.replaceChildren(
    header(session, o.t),
    h(
      'div',
      { class: 'sb-balance' },
      h('span', { class: 'stat-label' }, st('balance')),
      balanceOut,
      h('span', { class: 'sb-fair' }, st('help.fair')),
    ),
    app,
  );
  root.classList.add('sports-root');

  const setBalance = (b: number) => {
    balance = b;
    balanceOut.textContent = money(b);
  };
  setBalance(balance);

  // ---- labels ------------------------------------------------------------------------------
  const marketName = (e: SportsEvent, m: SportsMarket) =>
    m.kind === '1x2'
      ? st(e.markets[0]?.selections.some((s) => s.code === 'draw') ? 'market.1x2' : 'market.winner')
      : st(`market.${m.kind}` as SportsKey);

  const lineFor = (m: SportsMarket, s: SportsSelection) => {
    if (m.line === null) return '';
    if (m.kind === 'handicap') return formatLine(s.code === 'home' ? m.line : -m.line, true);
    return formatLine(m.line, false);
  };

  const shortLabel = (m: SportsMarket, s: SportsSelection) => {
    const line = lineFor(m, s);
    if (m.kind === '1x2') return st(`sel.${s.code}` as SportsKey);
    if (m.kind === 'handicap') return st(s.code === 'home' ? 'sel.hcHome' : 'sel.hcAway', { line });
    return st(s.code === 'over' ? 'sel.over' : 'sel.under', { line });
  };

  const pickLabel = (
    e: { home: string; away: string },
    m: { kind: string; line: number | null },
    code: string,
  ) => {
    const line =
      m.line === null
        ? ''
        : m.kind === 'handicap'
          ? formatLine(code === 'home' ? m.line : -m.line, true)
          : formatLine(m.line, false);
    if (m.kind === '1x2')
      return code === 'draw' ? st('pick.draw') : st('pick.team', { team: code === 'home' ? e.home : e.away });
    if (m.kind === 'handicap') return st('pick.hc', { team: code === 'home' ? e.home : e.away, line });
    return st(code === 'over' ? 'pick.over' : 'pick.under', { line });
  };

  const timeOf = (iso: string) => {
    const d = new Date(iso);
    return d.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  };

  // ---- board -------------------------------------------------------------------------------
  function renderTabs(): void {
    if (!board) return;
    sportTabs.replaceChildren(
      ...board.sports.map((s) => {
        const count = board!.events.filter((e) => e.sport === s).length;
        const b = h(
          'button',
          {
            type: 'button',
            role: 'tab',
            class: 'sb-tab',
            'aria-selected': String(s === sport),
            tabindex: s === sport ? 0 : -1,
            'data-sport': s,
          },
          st(`sport.${s}` as SportsKey),
          h('span', { class: 'sb-tab-count' }, String(count)),
        );
        b.addEventListener('click', () => {
          sport = s;
          view = 'board';
          render();
        });
        b.addEventListener('keydown', (ev) => {
          if (ev.key !== 'ArrowRight' && ev.key !== 'ArrowLeft') return;
          const list = board!.sports;
          const i = list.findIndex((x) => x === sport);
          sport = list[(i + (ev.key === 'ArrowRight' ? 1 : list.length - 1)) % list.length]!;
          render();
          (sportTabs.querySelector(`[data-sport="${sport}"]`) as HTMLElement | null)?.focus();
        });
        return b;
      }),
    );
    sportTabs.hidden = view !== 'board';
  }

  function oddsButton(e: SportsEvent, m: SportsMarket, s: SportsSelection): HTMLButtonElement {
    const picked = picks.some((p) => p.selectionId === s.id);
    const off = m.status !== 'open';
    const b = h(
      'button',
      {
        type: 'button',
        class: 'sb-odds',
        'aria-pressed': String(picked),
        disabled: off,
        'data-selection': s.id,
        'aria-label': st('event.choose', {
          event: st('event.vs', { home: e.home, away: e.away }),
          market: marketName(e, m),
          pick: pickLabel(e, m, s.code),
          odds: formatOdds(s.odds, format),
        }),
      },
      h('span', { class: 'sb-odds-label' }, shortLabel(m, s)),
      h('span', { class: 'sb-odds-value' }, off ? '—' : formatOdds(s.odds, format)),
    );
    b.addEventListener('click', () => toggle(e, s));
    return b;
  }

  function renderBoard(): void {
    if (!board) return;
    const events = board.events.filter((e) => e.sport === sport);
    if (events.length === 0) {
      boardEl.replaceChildren(h('p', { class: 'sb-empty' }, st('board.empty')));
      return;
    }
    const leagues = [...new Set(events.map((e) => e.league))];
    boardEl.replaceChildren(
      ...leagues.map((league) =>
        h(
          'section',
          { class: 'sb-league' },
          h('h2', { class: 'sb-league-name' }, league),
          ...events
            .filter((e) => e.league === league)
            .map((e) =>
              h(
                'article',
                {
                  class: 'sb-event',
                  'data-event-id': e.id,
                  'aria-label': st('event.vs', { home: e.home, away: e.away }),
                },
                h(
                  'div',
                  { class: 'sb-event-head' },
                  h('span', { class: 'sb-teams' }, h('span', {}, e.home), h('span', {}, e.away)),
                  h(
                    'time',
                    { class: 'sb-time', datetime: e.startsAt },
                    st('event.starts', { time: timeOf(e.startsAt) }),
                  ),
                ),
                h(
                  'div',
                  { class: 'sb-markets' },
                  ...e.markets.map((m) =>
                    h(
                      'div',
                      {
                        class: `sb-market sb-market-${m.kind}`,
                        role: 'group',
                        'aria-label': marketName(e, m),
                      },
                      h(
                        'span',
                        { class: 'sb-market-name' },
                        marketName(e, m),
                        m.status === 'suspended' ? ` · ${st('event.suspended')}` : '',
                      ),
                      h('div', { class: 'sb-market-odds' }, ...m.selections.map((s) => oddsButton(e, m, s))),
                    ),
                  ),
                ),
              ),
            ),
        ),
      ),
    );
  }

  // ---- slip --------------------------------------------------------------------------------
  function toggle(e: SportsEvent, s: SportsSelection): void {
    const i = picks.findIndex((p) => p.selectionId === s.id);
    if (i >= 0) picks.splice(i, 1);
    else {
      if (picks.length >= 10) {
        slipStatus.textContent = st('slip.max');
        return;
      }
      picks.push({ selectionId: s.id, eventId: e.id, odds: s.odds });
      if (picks.length === 1 && window.matchMedia?.('(max-width: 719px)').matches) sheetOpen = true;
    }
    requestId = newRequestId();
    slipStatus.textContent = '';
    render();
  }

  const stakeInput = h('input', {
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    class: 'sb-stake',
    id: 'sb-stake',
    placeholder: '0.00',
  });
  stakeInput.addEventListener('input', () => {
    stakeText = stakeInput.value;
    requestId = newRequestId();
    renderSlipFigures();
  });
  const acceptSelect = h('select', { class: 'sb-accept', id: 'sb-accept' });
  for (const a of ['none', 'better', 'any'] as const)
    acceptSelect.append(h('option', { value: a, selected: a === accept }, st(`accept.${a}` as SportsKey)));
  acceptSelect.addEventListener('change', () => {
    accept = acceptSelect.value as Accept;
  });
  const placeButton = h('button', { type: 'button', class: 'btn sb-place' });
  placeButton.addEventListener('click', () => void place());
  const figures = h('dl', { class: 'sb-figures' });
  const slipList = h('ul', { class: 'sb-picks' });
  const modeSingle = h('button', { type: 'button', class: 'sb-mode', role: 'radio' }, st('slip.single'));
  const modeParlay = h('button', { type: 'button', class: 'sb-mode', role: 'radio' }, st('slip.parlay'));
  modeSingle.addEventListener('click', () => setMode('single'));
  modeParlay.addEventListener('click', () => setMode('parlay'));
  const setMode = (m: 'single' | 'parlay') => {
    mode = m;
    requestId = newRequestId();
    render();
  };
  const presets = h('div', { class: 'sb-presets', role: 'group', 'aria-label': st('slip.presets') });
  const clearButton = h('button', { type: 'button', class: 'sb-clear' }, st('slip.clear'));
  clearButton.addEventListener('click', () => {
    picks = [];
    render();
  });
  const stakeLabel = h('label', { for: 'sb-stake', class: 'sb-stake-label' });
  const slipContent = h(
    'div',
    { class: 'sb-slip-content' },
    h(
      'div',
      { class: 'sb-modes', role: 'radiogroup', 'aria-label': st('slip.mode') },
      modeSingle,
      modeParlay,
    ),
    slipList,
    h('div', { class: 'sb-stake-row' }, stakeLabel, stakeInput),
    presets,
    h('label', { for: 'sb-accept', class: 'sb-accept-label' }, st('slip.accept')),
    acceptSelect,
    figures,
    placeButton,
    h('p', { class: 'sb-rounding' }, st('slip.rounding')),
    clearButton,
  );
  const slipEmpty = h('p', { class: 'sb-empty' }, st('slip.empty'));
  slipBody.append(slipEmpty, slipContent, slipStatus);
  slipToggle.addEventListener('click', () => {
    sheetOpen = !sheetOpen;
    renderSlip();
  });

  const stakeMinor = () => parseStake(stakeText);
  const slipGroups = (): Pick[][] => (mode === 'parlay' ? [picks] : picks.map((p) => [p]));

  function renderSlipFigures(): void {
    const stake = stakeMinor();
    const groups = slipGroups();
    const total = stake === null ? 0 : stake * groups.length;
    const ret =
      stake === null
        ? 0
        : groups.reduce(
            (a, g) =>
              a +
              potentialReturn(
                stake,
                g.map((p) => p.odds),
              ),
            0,
          );
    const rows: [SportsKey, string][] = [];
    if (mode === 'parlay')
      rows.push([
        'slip.odds',
        formatOdds(
          potentialReturn(
            1000,
            picks.map((p) => p.odds),
          ),
          format,
        ),
      ]);
    rows.push(['slip.totalStake', money(total)], ['slip.potential', money(ret)]);
    figures.replaceChildren(
      ...rows.flatMap(([k, v]) => [h('dt', {}, st(k)), h('dd', { 'data-figure': k }, v)]),
    );
    const limits = board?.limits;
    const parlayOk = mode === 'single' || parlayValid(picks);
    const stakeOk = stake !== null && (!limits || (stake >= limits.minStake && stake <= limits.maxStake));
    placeButton.disabled = placing || picks.length === 0 || !parlayOk || !stakeOk;
    placeButton.textContent = placing
      ? st('slip.placing')
      : groups.length > 1
        ? st('slip.placeMany', { n: groups.length })
        : st('slip.place');
    const hint =
      mode === 'parlay' && !parlayOk
        ? st('slip.parlayNeeds')
        : stake !== null && limits && !stakeOk
          ? st('slip.limits', { min: money(limits.minStake), max: money(limits.maxStake) })
          : '';
    figures.dataset.hint = hint;
    hintEl.textContent = hint;
    hintEl.hidden = !hint;
  }
  const hintEl = h('p', { class: 'sb-hint', hidden: true });
  slipContent.insertBefore(hintEl, placeButton);

  function renderSlip(): void {
    slipToggle.textContent = picks.length ? st('slip.count', { n: picks.length }) : st('slip.title');
    slipToggle.setAttribute('aria-expanded', String(sheetOpen));
    slipToggle.setAttribute(
      'aria-label',
      `${slipToggle.textContent} — ${st(sheetOpen ? 'slip.hide' : 'slip.show')}`,
    );
    slip.classList.toggle('open', sheetOpen);
    slip.classList.toggle('has-picks', picks.length > 0);
    slipEmpty.hidden = picks.length > 0;
    slipContent.hidden = picks.length === 0;
    modeSingle.setAttribute('aria-checked', String(mode === 'single'));
    modeParlay.setAttribute('aria-checked', String(mode === 'parlay'));
    stakeLabel.textContent = st(mode === 'parlay' ? 'slip.stakeParlay' : 'slip.stake');
    if (stakeInput.value !== stakeText) stakeInput.value = stakeText;
    presets.replaceChildren(
      ...(board?.limits.presets ?? []).map((p) => {
        const b = h('button', { type: 'button', class: 'sb-preset' }, money(p));
        b.addEventListener('click', () => {
          stakeText = (p / 100).toFixed(2);
          stakeInput.value = stakeText;
          requestId = newRequestId();
          renderSlipFigures();
        });
        return b;
      }),
    );
    slipList.replaceChildren(
      ...picks.map((p) => {
        const found = board ? findSelection(board.events, p.selectionId) : null;
        const label = found
          ? pickLabel(found.event, found.market, found.selection.code)
          : String(p.selectionId);
        const remove = h(
          'button',
          { type: 'button', class: 'icon-btn sb-remove', 'aria-label': st('slip.remove', { pick: label }) },
          '×',
        );
        remove.addEventListener('click', () => {
          picks = picks.filter((x) => x !== p);
          requestId = newRequestId();
          render();
        });
        return h(
          'li',
          { class: `sb-pick${p.was ? ' changed' : ''}`, 'data-selection': p.selectionId },
          h(
            'div',
            { class: 'sb-pick-text' },
            h('strong', {}, label),
            found
              ? h(
                  'span',
                  { class: 'sb-pick-event' },
                  `${marketName(found.event, found.market)} · ${st('event.vs', { home: found.event.home, away: found.event.away })}`,
                )
              : null,
          ),
          h(
            'span',
            { class: 'sb-pick-odds' },
            p.was
              ? h(
                  's',
                  { 'aria-label': st('slip.was', { odds: formatOdds(p.was, format) }) },
                  formatOdds(p.was, format),
                )
              : null,
            formatOdds(p.odds, format),
          ),
          remove,
        );
      }),
    );
    renderSlipFigures();
  }

  /** Takes the board's current odds into the slip (marking the ones that moved). */
  function refreshPicks(): void {
    if (!board) return;
    picks = picks.flatMap((p) => {
      const found = findSelection(board!.events, p.selectionId);
      if (!found) return [];
      const next: Pick = { selectionId: p.selectionId, eventId: p.eventId, odds: found.selection.odds };
      if (found.selection.odds !== p.odds) next.was = p.odds;
      return [next];
    });
  }

  async function place(): Promise<void> {
    const stake = stakeMinor();
    if (placing || stake === null || picks.length === 0) return;
    placing = true;
    slipStatus.textContent = '';
    renderSlipFigures();
    try {
      const r = await api.place({
        ticket,
        requestId,
        type: mode,
        stake,
        legs: picks.map((p) => ({ selectionId: p.selectionId, odds: p.odds })),
        acceptOdds: accept,
      });
      setBalance(r.balance);
      slipStatus.textContent =
        r.slips.length === 1
          ? st('slip.placed', { amount: money(r.slips[0]!.potentialReturn) })
          : st('slip.placedMany', { n: r.slips.length });
      slipStatus.dataset.placed = r.slips.map((s) => s.id).join(' ');
      picks = [];
      requestId = newRequestId();
    } catch (e) {
      const key = errorKey(e);
      slipStatus.textContent = st(key);
      // Odds moved, a market closed: the board again, the slip with the new odds marked.
      if (key !== 'error.network') {
        requestId = newRequestId();
        await loadBoard(false);
        refreshPicks();
      }
    } finally {
      placing = false;
      if (!destroyed) render();
    }
  }

  // ---- my bets -----------------------------------------------------------------------------
  const betsTabs = h('div', { class: 'sb-bets-tabs', role: 'tablist', 'aria-label': st('nav.myBets') });
  const betsList = h('ul', { class: 'sb-bet-list' });
  const moreButton = h('button', { type: 'button', class: 'btn sb-more' }, st('bets.more'));
  moreButton.addEventListener('click', () => void loadBets(betsPage + 1));
  betsEl.append(betsTabs, betsList, moreButton);

  function slipState(s: SportsSlip): SportsKey {
    if (s.state === 'settled') return (s.payout ?? 0) > 0 ? 'state.won' : 'state.lost';
    return `state.${s.state}` as SportsKey;
  }

  function renderBets(): void {
    betsTabs.replaceChildren(
      ...(['open', 'settled'] as const).map((k) => {
        const b = h(
          'button',
          { type: 'button', role: 'tab', class: 'sb-tab', 'aria-selected': String(k === betsStatus) },
          st(`bets.${k}`),
        );
        b.addEventListener('click', () => {
          betsStatus = k;
          void loadBets(1);
        });
        return b;
      }),
    );
    betsList.replaceChildren(
      ...(bets.length === 0
        ? [h('li', { class: 'sb-empty' }, st('bets.empty'))]
        : bets.map((s) =>
            h(
              'li',
              { class: `sb-bet sb-bet-${s.state}`, 'data-slip': s.id },
              h(
                'div',
                { class: 'sb-bet-head' },
                h(
                  'strong',
                  {},
                  s.type === 'single' ? st('bets.single') : st('bets.parlay', { n: s.legs.length }),
                ),
                h('span', { class: `sb-state ${slipState(s).replace('.', '-')}` }, st(slipState(s))),
              ),
              h(
                'ul',
                { class: 'sb-legs' },
                ...s.legs.map((l) =>
                  h(
                    'li',
                    {},
                    h(
                      'span',
                      { class: 'sb-leg-pick' },
                      pickLabel(l, { kind: l.market, line: l.line }, l.selection),
                      ' @ ',
                      formatOdds(l.odds, format),
                    ),
                    h(
                      'span',
                      { class: 'sb-leg-event' },
                      `${st('event.vs', { home: l.home, away: l.away })} · ${st(`sport.${l.sport}` as SportsKey)}`,
                    ),
                    h(
                      'span',
                      { class: 'sb-leg-result' },
                      l.result === null
                        ? st('outcome.waiting')
                        : l.result === 'void'
                          ? st('bets.resultVoid')
                          : st('bets.result', { result: l.result }),
                      l.outcome ? ` · ${st(`outcome.${l.outcome}` as SportsKey)}` : '',
                    ),
                  ),
                ),
              ),
              h(
                'dl',
                { class: 'sb-bet-figures' },
                h('dt', {}, st('bets.stake')),
                h('dd', {}, money(s.stake)),
                h('dt', {}, st('bets.odds')),
                h('dd', {}, formatOdds(s.odds, format)),
                h('dt', {}, st(s.payout === null ? 'bets.return' : 'bets.payout')),
                h(
                  'dd',
                  { 'data-figure': s.payout === null ? 'return' : 'payout' },
                  money(s.payout ?? s.potentialReturn),
                ),
              ),
              h('p', { class: 'sb-bet-time' }, st('bets.placed', { time: timeOf(s.createdAt) })),
            ),
          )),
    );
    moreButton.hidden = bets.length >= betsTotal;
  }

  async function loadBets(page: number): Promise<void> {
    try {
      // The balance too: a settlement since the last look has paid into it.
      const [r, b] = await Promise.all([api.bets(betsStatus, page), api.board()]);
      board = b;
      setBalance(b.balance);
      bets = page === 1 ? r.items : [...bets, ...r.items];
      betsPage = page;
      betsTotal = r.total;
      pageError.hidden = true;
    } catch (e) {
      pageError.textContent = st(errorKey(e));
      pageError.hidden = false;
    }
    if (!destroyed) render();
  }

  // ---- views -------------------------------------------------------------------------------
  viewMatches.addEventListener('click', () => {
    view = 'board';
    render();
  });
  viewBets.addEventListener('click', () => {
    view = 'bets';
    render();
    void loadBets(1);
  });
  formatSelect.addEventListener('change', () => {
    format = formatSelect.value as OddsFormat;
    saveFormat(format);
    render();
  });
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key === 'Escape' && sheetOpen) {
      sheetOpen = false;
      renderSlip();
      slipToggle.focus();
    }
  };
  document.addEventListener('keydown', onKey);

  function render(): void {
    viewMatches.setAttribute('aria-pressed', String(view === 'board'));
    viewBets.setAttribute('aria-pressed', String(view === 'bets'));
    boardEl.hidden = view !== 'board';
    betsEl.hidden = view !== 'bets';
    renderTabs();
    if (view === 'board') renderBoard();
    else renderBets();
    renderSlip();
  }

  async function loadBoard(first: boolean): Promise<void> {
    try {
      board = await api.board();
      setBalance(board.balance);
      if (!sport || !board.sports.some((x) => x === sport)) sport = board.sports[0] ?? '';
      pageError.hidden = true;
      root.dataset.category = board.category;
    } catch (e) {
      pageError.textContent = st(first ? 'error.load' : errorKey(e));
      if (first) pageError.textContent += ` ${st(errorKey(e))}`;
      pageError.hidden = false;
    }
  }

  await loadBoard(true);
  render();
  // Odds move: the board refreshes every 30 s while the page is open (the slip keeps what it saw).
  const timer = setInterval(() => {
    if (placing || document.hidden) return;
    void loadBoard(false).then(() => {
      if (!destroyed && view === 'board') {
        renderTabs();
        renderBoard();
      }
    });
  }, 30_000);

  return {
    destroy() {
      destroyed = true;
      clearInterval(timer);
      document.removeEventListener('keydown', onKey);
    },
  };
}
