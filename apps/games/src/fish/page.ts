import { envelope, studioFishConfig, studioFishShoot, type ResponseOf } from '@app/contracts';
import { callStudio, StudioError, type Fetch } from '../api.ts';
import { ERROR_KEYS, header, lobbyLink } from '../app.ts';
import { h } from '../dom.ts';
import { formatMinor, formatMoney } from '../money.ts';
import type { TablePageOptions } from '../tables.ts';
import './fish.css';
import { loadFishTexts, type FishKey, type FishTranslate } from './i18n.ts';
import { createBetSelector, createShotQueue, fishKeyAction, type ShotRequest } from './logic.ts';
import { createScene } from './scene.ts';

/**
 * The fish page (issue 6): a canvas shooting game. The cannon aims at the pointer (tap or click
 * shoots toward it; holding keeps shooting) or turns with ← →; Space shoots, A toggles auto-fire,
 * ↑ ↓ change the bet per shot. A bullet that hits a fish becomes a shot the server decides
 * (logic.ts batches them, one request at a time); the fish dies and the coins show only with the
 * server's answer. requestAnimationFrame with delta time, a canvas sized to the device's pixels,
 * paused while the tab is hidden; reduced motion: fewer effects, slower fish.
 */

export type FishConfig = ResponseOf<typeof studioFishConfig>;
const configEnvelope = envelope(studioFishConfig.response);
const shootEnvelope = envelope(studioFishShoot.response);

/** Seconds between two shots of the cannon (5 a second at most). */
export const FIRE_INTERVAL = 0.2;
/** Radians a second the cannon turns while an arrow key is held. */
const TURN_SPEED = 2.2;

export function fishApi(fetchImpl: Fetch, ticket: string) {
  return {
    config: () =>
      callStudio(
        fetchImpl,
        `${studioFishConfig.path}?${new URLSearchParams({ ticket })}`,
        { method: 'GET' },
        configEnvelope,
      ),
    shoot: (input: { requestId: string; shots: ShotRequest[] }) =>
      callStudio(
        fetchImpl,
        studioFishShoot.path,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ticket, ...input }),
        },
        shootEnvelope,
      ),
  };
}

export async function mount(o: TablePageOptions): Promise<{ destroy(): void }> {
  const { root, session } = o;
  const fetchImpl: Fetch = o.fetchImpl ?? ((...args) => fetch(...args));
  const api = fishApi(fetchImpl, o.ticket);
  root.replaceChildren(h('p', { class: 'loading', role: 'status' }, o.t('app.loading')));
  let ft: FishTranslate;
  let config: FishConfig;
  try {
    [ft, config] = await Promise.all([loadFishTexts(o.lang), api.config()]);
  } catch (e) {
    const kind = e instanceof StudioError ? e.kind : 'generic';
    root.replaceChildren(
      header(session, o.t),
      h(
        'section',
        { class: 'notice' },
        h('h2', {}, o.t('error.load')),
        h('p', { role: 'alert' }, o.t(`error.${kind}`)),
        h('div', { class: 'notice-actions' }, lobbyLink(session.lobbyUrl, o.t)),
      ),
    );
    return { destroy: () => undefined };
  }
  return play(o, api, ft, config);
}

function play(
  o: TablePageOptions,
  api: ReturnType<typeof fishApi>,
  ft: FishTranslate,
  config: FishConfig,
): { destroy(): void } {
  const { root, session } = o;
  const currency = session.currency;
  const money = (minor: number) => formatMoney(minor, currency);
  const reduced =
    o.reducedMotion ??
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const speciesName = new Map(config.species.map((s) => [s.id, ft(`species.${s.id}` as FishKey)]));

  const canvas = h('canvas', { class: 'fish-canvas', role: 'img', 'aria-label': ft('stage.label') });
  const stage = h('section', { class: 'fish-stage', tabindex: '0', 'aria-describedby': 'fish-keys' }, canvas);
  const balanceOut = h('output', { class: 'stat-value fish-balance' });
  const winOut = h('output', { class: 'stat-value win-value fish-win' }, money(0));
  const betOut = h('output', { class: 'bet-value fish-bet' });
  const betDown = h('button', { type: 'button', class: 'icon-btn', 'aria-label': ft('bet.down') }, '−');
  const betUp = h('button', { type: 'button', class: 'icon-btn', 'aria-label': ft('bet.up') }, '+');
  const left = h('button', { type: 'button', class: 'icon-btn fish-aim', 'aria-label': ft('aim.left') }, '↶');
  const right = h(
    'button',
    { type: 'button', class: 'icon-btn fish-aim', 'aria-label': ft('aim.right') },
    '↷',
  );
  const fire = h('button', { type: 'button', class: 'spin fish-fire' }, ft('fire'));
  const auto = h(
    'button',
    { type: 'button', class: 'quick fish-auto', 'aria-pressed': 'false', 'aria-label': ft('auto.label') },
    ft('auto'),
  );
  const errorBox = h('p', { class: 'error', role: 'alert', hidden: true });
  const status = h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  const stat = (key: FishKey, out: HTMLElement) =>
    h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, ft(key)), out);

  root.classList.add('fish-page');
  root.replaceChildren(
    header(session, o.t),
    stage,
    errorBox,
    h(
      'section',
      { class: 'controls fish-controls' },
      h('div', { class: 'stats' }, stat('hud.balance', balanceOut), stat('hud.win', winOut)),
      h(
        'div',
        { class: 'fish-play' },
        h(
          'div',
          { class: 'bet', role: 'group', 'aria-label': ft('hud.bet') },
          betDown,
          h('div', { class: 'bet-box' }, h('span', { class: 'stat-label' }, ft('hud.bet')), betOut),
          betUp,
        ),
        h('div', { class: 'fish-buttons' }, left, fire, right, auto),
      ),
    ),
    h('p', { class: 'muted fish-keys', id: 'fish-keys' }, ft('keys')),
    h('p', { class: 'muted fish-rules' }, ft('rules', { rtp: `${Math.round(config.rtp * 100)}%` })),
    status,
  );

  const bets = createBetSelector(config.betLevels, config.balance);
  let stopped = false;
  let errorTimer: ReturnType<typeof setTimeout> | undefined;
  const showError = (key: FishKey | null) => {
    clearTimeout(errorTimer);
    errorBox.hidden = key === null;
    errorBox.textContent = key ? ft(key) : '';
    if (key) errorTimer = setTimeout(() => showError(null), 6_000);
  };

  const renderBet = () => {
    betOut.textContent = money(bets.bet);
    betDown.disabled = !bets.canStep(-1);
    betUp.disabled = !bets.canStep(1);
  };
  const renderPending = () => {
    root.dataset.unsettled = String(queue.unsettled + (queue.inFlight ? 1 : 0));
  };

  const queue = createShotQueue({
    balance: config.balance,
    newRequestId: o.newRequestId ?? (() => crypto.randomUUID()),
    send: (input) => api.shoot(input),
    onBalance: (shown) => {
      balanceOut.textContent = money(shown);
      balanceOut.dataset.minor = String(shown);
      balanceOut.dataset.confirmed = String(queue.confirmed);
      renderPending();
    },
    onShot: (shot) => {
      const big = shot.multiplier >= 30;
      scene.resolve(shot.fishId, shot.caught, `+${formatMinor(shot.win)}`, big);
      if (shot.caught) {
        winOut.textContent = money(shot.win);
        status.textContent = ft('catch', {
          fish: speciesName.get(shot.species) ?? shot.species,
          multiplier: shot.multiplier,
          amount: money(shot.win),
        });
      }
    },
    onError: (kind) => {
      showError(ERROR_KEYS[kind]);
      if (kind === 'ticket') stopped = true;
      setAuto(false);
      // The server's balance is the truth after a failure (a lost answer may have been played).
      if (kind !== 'ticket')
        api.config().then(
          (c) => queue.setConfirmed(c.balance),
          () => undefined,
        );
    },
  });
  queue.setConfirmed(config.balance);

  const scene = createScene({
    canvas,
    species: config.species,
    reducedMotion: reduced,
    onHit: (fishId, species, bet) => {
      queue.hit({ fishId, species, bet });
      renderPending();
    },
    onExpire: (bet) => queue.expired(bet),
  });

  // ---- input -------------------------------------------------------------------------------
  let autoOn = false;
  let firing = false;
  let turning = 0;
  let sinceShot = FIRE_INTERVAL;
  const setAuto = (on: boolean) => {
    autoOn = on;
    auto.setAttribute('aria-pressed', String(on));
  };

  /** One bullet if the cannon is ready, the page has room and the balance covers the bet. */
  function tryFire(): void {
    if (stopped || sinceShot < FIRE_INTERVAL) return;
    const can = queue.canFire(bets.bet);
    if (can === 'insufficient') {
      showError('error.insufficient');
      setAuto(false);
      firing = false;
      return;
    }
    if (can !== 'ok') return;
    if (!scene.fire(bets.bet)) return;
    sinceShot = 0;
    queue.fired(bets.bet);
    renderPending();
  }

  const changeBet = (dir: 1 | -1) => {
    if (bets.step(dir)) {
      renderBet();
      showError(null);
    }
  };
  betDown.addEventListener('click', () => changeBet(-1));
  betUp.addEventListener('click', () => changeBet(1));
  auto.addEventListener('click', () => setAuto(!autoOn));
  fire.addEventListener('click', () => tryFire());
  const hold = (btn: HTMLButtonElement, dir: number) => {
    btn.addEventListener('pointerdown', () => (turning = dir));
    for (const ev of ['pointerup', 'pointerleave', 'pointercancel'] as const)
      btn.addEventListener(ev, () => (turning = 0));
    btn.addEventListener('click', () => scene.rotate(dir * 0.12));
  };
  hold(left, -1);
  hold(right, 1);

  const toCanvas = (e: PointerEvent) => {
    const r = canvas.getBoundingClientRect();
    scene.aimAt(e.clientX - r.left, e.clientY - r.top);
  };
  canvas.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    // The keys work from here on (a prevented pointerdown does not move the focus by itself).
    stage.focus({ preventScroll: true });
    canvas.setPointerCapture?.(e.pointerId);
    toCanvas(e);
    firing = true;
    tryFire();
  });
  canvas.addEventListener('pointermove', (e) => {
    if (e.pointerType === 'mouse' || firing) toCanvas(e);
  });
  const release = () => (firing = false);
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);

  const held = new Set<string>();
  const onKeyDown = (e: KeyboardEvent) => {
    const action = fishKeyAction(e);
    if (!action) return;
    e.preventDefault();
    if (action === 'aimLeft' || action === 'aimRight') {
      held.add(action);
      turning = held.has('aimLeft') === held.has('aimRight') ? 0 : held.has('aimLeft') ? -1 : 1;
    } else if (action === 'fire') {
      if (!e.repeat) tryFire();
      firing = true;
    } else if (e.repeat) return;
    else if (action === 'betUp') changeBet(1);
    else if (action === 'betDown') changeBet(-1);
    else setAuto(!autoOn);
  };
  const onKeyUp = (e: KeyboardEvent) => {
    const action = fishKeyAction(e);
    if (action === 'aimLeft' || action === 'aimRight') {
      held.delete(action);
      turning = held.has('aimLeft') === held.has('aimRight') ? 0 : held.has('aimLeft') ? -1 : 1;
    } else if (action === 'fire') firing = false;
  };
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('keyup', onKeyUp);

  // ---- size and loop -----------------------------------------------------------------------
  const fit = () => {
    const r = stage.getBoundingClientRect();
    scene.resize(r.width || 360, r.height || 320, window.devicePixelRatio || 1);
    canvas.style.width = `${scene.width}px`;
    canvas.style.height = `${scene.height}px`;
  };
  fit();
  const resizer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => fit()) : null;
  resizer?.observe(stage);

  let raf = 0;
  let last = 0;
  let destroyed = false;
  // Frames drawn and the time their work took (read by the e2e's frame measurement), updated in place.
  const stats = { frames: 0, workMs: 0 };
  (window as unknown as { fishStats?: typeof stats }).fishStats = stats;
  const frame = (now: number) => {
    raf = 0;
    const t0 = performance.now();
    const dt = last === 0 ? 0 : Math.min(0.05, (now - last) / 1000);
    last = now;
    sinceShot += dt;
    if (turning !== 0) scene.rotate(turning * TURN_SPEED * dt);
    if (firing || autoOn) tryFire();
    scene.step(dt);
    scene.draw();
    stats.frames++;
    stats.workMs += performance.now() - t0;
    schedule();
  };
  const schedule = () => {
    if (raf === 0 && !document.hidden && !destroyed) raf = requestAnimationFrame(frame);
  };
  const onVisibility = () => {
    if (document.hidden) {
      if (raf) cancelAnimationFrame(raf);
      raf = 0;
      firing = false;
      held.clear();
      turning = 0;
    } else {
      last = 0;
      schedule();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  renderBet();
  schedule();

  return {
    destroy() {
      destroyed = true;
      if (raf) cancelAnimationFrame(raf);
      clearTimeout(errorTimer);
      resizer?.disconnect();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keyup', onKeyUp);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
