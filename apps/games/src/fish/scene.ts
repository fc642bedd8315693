import type { FishSpecies } from '@app/contracts';

/**
 * The fish tank on a canvas (issue 6): fish swimming across on curved paths, the cannon, bullets
 * that bounce off the walls, nets where they hit, coins where a catch pays. Everything lives in
 * fixed pools made once, so a frame allocates nothing; the page drives `step(dt)` and `draw()` from
 * requestAnimationFrame. What a shot wins is never decided here: a hit becomes a shot the server
 * answers, and only then does the fish die and the coins show.
 *
 * Visual randomness (where fish swim in) uses Math.random: it decides nothing that pays.
 */

const MAX_FISH = 26;
const MAX_BULLETS = 12;
const MAX_EFFECTS = 24;
const MAX_BUBBLES = 24;
const BULLET_SPEED = 560;
const BULLET_LIFE = 5;
const AIM_MIN = -Math.PI + 0.12;
const AIM_MAX = -0.12;

interface Fish {
  active: boolean;
  id: number;
  sp: number;
  x: number;
  y: number;
  dir: 1 | -1;
  speed: number;
  baseY: number;
  drift: number;
  amp: number;
  freq: number;
  phase: number;
  t: number;
  r: number;
  /** Seconds left of the catch animation (0 = alive). */
  dying: number;
  flash: number;
  tilt: number;
}

interface Bullet {
  active: boolean;
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  bet: number;
}

interface Effect {
  active: boolean;
  /** 0 net, 1 coins. */
  kind: 0 | 1;
  x: number;
  y: number;
  t: number;
  dur: number;
  text: string;
  big: boolean;
}

interface Bubble {
  x: number;
  y: number;
  r: number;
  v: number;
}

export interface SceneOptions {
  canvas: HTMLCanvasElement;
  species: readonly FishSpecies[];
  reducedMotion: boolean;
  /** A bullet hit a live fish: the page turns it into a shot. */
  onHit(fishId: number, species: string, bet: number): void;
  /** A bullet left without hitting anything (its bet is not charged). */
  onExpire(bet: number): void;
}

export interface Scene {
  angle: number;
  readonly width: number;
  readonly height: number;
  resize(cssWidth: number, cssHeight: number, dpr: number): void;
  /** Points the cannon at a point of the canvas (CSS pixels). */
  aimAt(x: number, y: number): void;
  rotate(delta: number): void;
  /** A bullet leaves the cannon; false when every bullet is out. */
  fire(bet: number): boolean;
  step(dt: number): void;
  draw(): void;
  /** The server's answer for a shot at fish `fishId`. */
  resolve(fishId: number, caught: boolean, label: string, big: boolean): void;
  /** Live fish (tests and the e2e). */
  readonly fishCount: number;
  readonly bulletCount: number;
}

const COLORS: Record<string, [string, string]> = {
  minnow: ['#9fd8ff', '#4a9fd8'],
  clown: ['#ff8a3d', '#ffffff'],
  puffer: ['#f6d55c', '#b8902a'],
  angel: ['#c3a6ff', '#6f4bd8'],
  turtle: ['#6fcf7f', '#2f7d45'],
  lion: ['#ff6b6b', '#ffe0d0'],
  ray: ['#5b7bd5', '#2a3f80'],
  shark: ['#9aa8b8', '#5d6b7c'],
  whale: ['#3f6fb5', '#a8c6f0'],
  dragon: ['#ffd84d', '#d98e04'],
  kraken: ['#c2367a', '#6d1246'],
};
const FALLBACK: [string, string] = ['#8fd3c7', '#2f7f73'];

export function createScene(o: SceneOptions): Scene {
  const ctx = o.canvas.getContext('2d', { alpha: false });
  const species = o.species;
  const totalWeight = species.reduce((a, s) => a + s.weight, 0);
  const colors = species.map((s) => COLORS[s.id] ?? FALLBACK);
  const labels = species.map((s) =>
    s.maxMultiplier > s.multiplier ? `×${s.multiplier}-${s.maxMultiplier}` : `×${s.multiplier}`,
  );
  const fish: Fish[] = Array.from({ length: MAX_FISH }, () => ({
    active: false,
    id: 0,
    sp: 0,
    x: 0,
    y: 0,
    dir: 1,
    speed: 0,
    baseY: 0,
    drift: 0,
    amp: 0,
    freq: 0,
    phase: 0,
    t: 0,
    r: 0,
    dying: 0,
    flash: 0,
    tilt: 0,
  }));
  const bullets: Bullet[] = Array.from({ length: MAX_BULLETS }, () => ({
    active: false,
    x: 0,
    y: 0,
    vx: 0,
    vy: 0,
    life: 0,
    bet: 0,
  }));
  const effects: Effect[] = Array.from({ length: MAX_EFFECTS }, () => ({
    active: false,
    kind: 0,
    x: 0,
    y: 0,
    t: 0,
    dur: 0,
    text: '',
    big: false,
  }));
  const bubbles: Bubble[] = Array.from({ length: o.reducedMotion ? 0 : MAX_BUBBLES }, () => ({
    x: 0,
    y: 0,
    r: 0,
    v: 0,
  }));

  let w = 360;
  let h = 400;
  let dpr = 1;
  let scale = 1;
  let nextId = 1;
  let spawnIn = 0;
  let time = 0;
  /** The water and the sand, drawn once per size (a copy per frame costs less than a gradient). */
  let backdrop: HTMLCanvasElement | null = null;
  // Fonts are built on resize, never per frame.
  let labelFont = '';
  let bossFont = '';
  let coinFont = '';
  let bigCoinFont = '';
  let live = 0;
  let flying = 0;

  const cannonX = () => w / 2;
  const cannonY = () => h - 14 * scale;

  function pickSpecies(): number {
    let x = Math.random() * totalWeight;
    for (let i = 0; i < species.length; i++) {
      x -= species[i]!.weight;
      if (x < 0) return i;
    }
    return 0;
  }

  function free<T extends { active: boolean }>(pool: T[]): T | null {
    for (const x of pool) if (!x.active) return x;
    return null;
  }

  function spawn(initial: boolean): void {
    const f = free(fish);
    if (!f) return;
    const sp = pickSpecies();
    const s = species[sp]!;
    f.active = true;
    f.id = nextId++;
    f.sp = sp;
    f.r = 11 * s.size * scale;
    f.dir = Math.random() < 0.5 ? 1 : -1;
    f.speed =
      ((o.reducedMotion ? 45 : 60) + Math.random() * 50) * scale * (s.boss ? 0.55 : 1 / Math.sqrt(s.size));
    f.baseY = h * 0.08 + f.r + Math.random() * Math.max(10, h * 0.62 - 2 * f.r);
    f.drift = (Math.random() - 0.5) * 14 * scale;
    f.amp = (8 + Math.random() * 28) * scale;
    f.freq = 0.6 + Math.random() * 1.1;
    f.phase = Math.random() * Math.PI * 2;
    f.t = 0;
    f.x = initial ? f.r + Math.random() * (w - 2 * f.r) : f.dir > 0 ? -f.r * 2 : w + f.r * 2;
    f.y = f.baseY;
    f.dying = 0;
    f.flash = 0;
    f.tilt = 0;
  }

  function effect(kind: 0 | 1, x: number, y: number, dur: number, text: string, big: boolean): void {
    const e = free(effects) ?? effects[0]!;
    e.active = true;
    e.kind = kind;
    e.x = x;
    e.y = y;
    e.t = 0;
    e.dur = dur;
    e.text = text;
    e.big = big;
  }

  function drawFish(f: Fish): void {
    if (!ctx) return;
    const s = species[f.sp]!;
    const [c1, c2] = colors[f.sp]!;
    const L = f.r * 1.6;
    const H = f.r * (s.id === 'ray' ? 1.1 : s.id === 'shark' || s.id === 'whale' ? 0.55 : 0.75);
    ctx.save();
    ctx.translate(f.x, f.y);
    if (f.dying > 0) {
      ctx.globalAlpha = Math.max(0, f.dying / 0.9);
      ctx.rotate((0.9 - f.dying) * 9);
    }
    ctx.scale(f.dir, 1);
    ctx.rotate(f.tilt);
    // tail
    ctx.fillStyle = c2;
    ctx.beginPath();
    ctx.moveTo(-L * 0.75, 0);
    ctx.lineTo(-L * 1.25, -H * 0.8);
    ctx.lineTo(-L * 1.1, 0);
    ctx.lineTo(-L * 1.25, H * 0.8);
    ctx.closePath();
    ctx.fill();
    // body
    ctx.fillStyle = f.flash > 0 ? '#ffffff' : c1;
    ctx.beginPath();
    ctx.ellipse(0, 0, L, H, 0, 0, Math.PI * 2);
    ctx.fill();
    // a stripe or fin
    ctx.fillStyle = c2;
    ctx.beginPath();
    if (s.id === 'clown' || s.id === 'lion') ctx.rect(-L * 0.15, -H * 0.9, L * 0.22, H * 1.8);
    else ctx.ellipse(-L * 0.1, -H * 0.75, L * 0.35, H * 0.3, -0.3, 0, Math.PI * 2);
    ctx.fill();
    if (s.boss) {
      ctx.strokeStyle = c2;
      ctx.lineWidth = 3 * scale;
      for (let k = -2; k <= 2; k++) {
        ctx.beginPath();
        ctx.moveTo(-L * 0.2, H * 0.6);
        ctx.quadraticCurveTo(
          -L * 0.1 + k * 6 * scale,
          H * 1.5,
          k * 10 * scale,
          H * (1.4 + 0.2 * Math.sin(time * 4 + k)),
        );
        ctx.stroke();
      }
    }
    // eye
    ctx.fillStyle = '#0d0f1a';
    ctx.beginPath();
    ctx.arc(L * 0.55, -H * 0.2, Math.max(1.5, f.r * 0.12), 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
    if (f.dying === 0 && s.multiplier >= 10) {
      ctx.fillStyle = 'rgba(255,255,255,0.85)';
      ctx.font = s.boss ? bossFont : labelFont;
      ctx.textAlign = 'center';
      ctx.fillText(labels[f.sp]!, f.x, f.y + H + 12 * scale);
    }
  }

  const scene: Scene = {
    angle: -Math.PI / 2,
    get width() {
      return w;
    },
    get height() {
      return h;
    },
    get fishCount() {
      return live;
    },
    get bulletCount() {
      return flying;
    },
    resize(cssWidth, cssHeight, ratio) {
      const first = w === 360 && h === 400 && live === 0;
      w = Math.max(200, cssWidth);
      h = Math.max(200, cssHeight);
      dpr = Math.min(2, Math.max(1, ratio));
      scale = Math.min(1.5, Math.max(0.75, Math.min(w, h * 1.4) / 420));
      labelFont = `700 ${Math.round(10 * scale)}px system-ui, sans-serif`;
      bossFont = `700 ${Math.round(10 * scale + 3)}px system-ui, sans-serif`;
      coinFont = `800 ${Math.round(15 * scale)}px system-ui, sans-serif`;
      bigCoinFont = `800 ${Math.round(20 * scale)}px system-ui, sans-serif`;
      o.canvas.width = Math.round(w * dpr);
      o.canvas.height = Math.round(h * dpr);
      backdrop ??= document.createElement('canvas');
      backdrop.width = o.canvas.width;
      backdrop.height = o.canvas.height;
      const b = backdrop.getContext('2d');
      if (b) {
        b.setTransform(dpr, 0, 0, dpr, 0, 0);
        const water = b.createLinearGradient(0, 0, 0, h);
        water.addColorStop(0, '#0b4a6f');
        water.addColorStop(0.6, '#083150');
        water.addColorStop(1, '#061a2c');
        b.fillStyle = water;
        b.fillRect(0, 0, w, h);
        b.fillStyle = '#0a2438';
        b.fillRect(0, h - 26 * scale, w, 26 * scale);
      }
      for (const b of bubbles) {
        b.x = Math.random() * w;
        b.y = Math.random() * h;
        b.r = 1 + Math.random() * 3;
        b.v = 12 + Math.random() * 30;
      }
      if (first) for (let i = 0; i < 8; i++) spawn(true);
    },
    aimAt(x, y) {
      const a = Math.atan2(y - cannonY(), x - cannonX());
      scene.angle = Math.min(AIM_MAX, Math.max(AIM_MIN, a > Math.PI / 2 ? AIM_MIN : a > 0 ? AIM_MAX : a));
    },
    rotate(delta) {
      scene.angle = Math.min(AIM_MAX, Math.max(AIM_MIN, scene.angle + delta));
    },
    fire(bet) {
      const b = free(bullets);
      if (!b) return false;
      const len = 34 * scale;
      b.active = true;
      b.x = cannonX() + Math.cos(scene.angle) * len;
      b.y = cannonY() + Math.sin(scene.angle) * len;
      b.vx = Math.cos(scene.angle) * BULLET_SPEED * scale;
      b.vy = Math.sin(scene.angle) * BULLET_SPEED * scale;
      b.life = BULLET_LIFE;
      b.bet = bet;
      return true;
    },
    step(dt) {
      time += dt;
      const target = Math.round(9 + w / 90);
      live = 0;
      for (const f of fish) {
        if (!f.active) continue;
        if (f.dying > 0) {
          f.dying -= dt;
          if (f.dying <= 0) f.active = false;
          else live++;
          continue;
        }
        f.t += dt;
        f.flash = Math.max(0, f.flash - dt);
        f.x += f.dir * f.speed * dt;
        const prevY = f.y;
        f.y = f.baseY + f.drift * f.t + f.amp * Math.sin(f.freq * f.t + f.phase);
        f.tilt = Math.atan2(f.y - prevY, f.speed * dt || 1) * 0.6 * f.dir;
        const margin = f.r * 3;
        if (f.x < -margin * 1.5 || f.x > w + margin * 1.5 || f.y < -margin || f.y > h * 0.85 + margin)
          f.active = false;
        else live++;
      }
      spawnIn -= dt;
      if (live < target && spawnIn <= 0) {
        spawn(false);
        spawnIn = 0.35 + Math.random() * 0.5;
      }
      flying = 0;
      for (const b of bullets) {
        if (!b.active) continue;
        b.life -= dt;
        b.x += b.vx * dt;
        b.y += b.vy * dt;
        if (b.x < 0) {
          b.x = -b.x;
          b.vx = -b.vx;
        } else if (b.x > w) {
          b.x = 2 * w - b.x;
          b.vx = -b.vx;
        }
        if (b.y < 0) {
          b.y = -b.y;
          b.vy = -b.vy;
        }
        if (b.life <= 0 || b.y > h + 10) {
          b.active = false;
          o.onExpire(b.bet);
          continue;
        }
        let hit: Fish | null = null;
        for (const f of fish) {
          if (!f.active || f.dying > 0) continue;
          const dx = f.x - b.x;
          const dy = f.y - b.y;
          const rr = f.r * 1.3 + 4 * scale;
          if (dx * dx + dy * dy < rr * rr) {
            hit = f;
            break;
          }
        }
        if (hit) {
          b.active = false;
          hit.flash = 0.12;
          effect(0, b.x, b.y, o.reducedMotion ? 0.25 : 0.45, '', false);
          o.onHit(hit.id, species[hit.sp]!.id, b.bet);
          continue;
        }
        flying++;
      }
      for (const e of effects) {
        if (!e.active) continue;
        e.t += dt;
        if (e.t >= e.dur) e.active = false;
      }
      for (const b of bubbles) {
        b.y -= b.v * dt;
        if (b.y < -5) {
          b.y = h + 5;
          b.x = Math.random() * w;
        }
      }
    },
    draw() {
      if (!ctx) return;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (backdrop && backdrop.width > 0) ctx.drawImage(backdrop, 0, 0);
      else {
        ctx.fillStyle = '#083150';
        ctx.fillRect(0, 0, o.canvas.width, o.canvas.height);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (bubbles.length > 0) {
        ctx.fillStyle = 'rgba(200,235,255,0.25)';
        for (const b of bubbles) {
          ctx.beginPath();
          ctx.arc(b.x, b.y, b.r, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      for (const f of fish) if (f.active) drawFish(f);
      // bullets
      ctx.fillStyle = '#ffe680';
      for (const b of bullets) {
        if (!b.active) continue;
        ctx.beginPath();
        ctx.arc(b.x, b.y, 4 * scale, 0, Math.PI * 2);
        ctx.fill();
      }
      // nets and coins
      for (const e of effects) {
        if (!e.active) continue;
        const k = e.t / e.dur;
        if (e.kind === 0) {
          ctx.globalAlpha = 1 - k;
          ctx.strokeStyle = '#ffffff';
          ctx.lineWidth = 2;
          const r = (10 + 22 * k) * scale;
          ctx.beginPath();
          ctx.arc(e.x, e.y, r, 0, Math.PI * 2);
          ctx.moveTo(e.x - r, e.y);
          ctx.lineTo(e.x + r, e.y);
          ctx.moveTo(e.x, e.y - r);
          ctx.lineTo(e.x, e.y + r);
          ctx.stroke();
          ctx.globalAlpha = 1;
        } else {
          const rise = o.reducedMotion ? 0 : 40 * k * scale;
          ctx.globalAlpha = k > 0.75 ? (1 - k) * 4 : 1;
          ctx.fillStyle = '#ffd84d';
          ctx.beginPath();
          ctx.arc(e.x, e.y - rise, (e.big ? 14 : 9) * scale, 0, Math.PI * 2);
          ctx.fill();
          ctx.fillStyle = '#ffffff';
          ctx.strokeStyle = '#5a3a00';
          ctx.lineWidth = 3;
          ctx.font = e.big ? bigCoinFont : coinFont;
          ctx.textAlign = 'center';
          ctx.strokeText(e.text, e.x, e.y - rise - 16 * scale);
          ctx.fillText(e.text, e.x, e.y - rise - 16 * scale);
          ctx.globalAlpha = 1;
        }
      }
      // cannon
      const cx = cannonX();
      const cy = cannonY();
      ctx.save();
      ctx.translate(cx, cy);
      ctx.rotate(scene.angle + Math.PI / 2);
      ctx.fillStyle = '#c9d3e6';
      ctx.fillRect(-7 * scale, -36 * scale, 14 * scale, 36 * scale);
      ctx.fillStyle = '#ffd84d';
      ctx.fillRect(-9 * scale, -38 * scale, 18 * scale, 6 * scale);
      ctx.restore();
      ctx.fillStyle = '#3b4a66';
      ctx.beginPath();
      ctx.arc(cx, cy, 18 * scale, Math.PI, 0);
      ctx.fill();
    },
    resolve(fishId, caught, label, big) {
      const f = fish.find((x) => x.active && x.id === fishId);
      if (!caught) return;
      const x = f ? f.x : cannonX();
      const y = f ? f.y : cannonY() - 60 * scale;
      if (f && f.dying === 0) f.dying = o.reducedMotion ? 0.3 : 0.9;
      effect(1, x, y, o.reducedMotion ? 0.9 : 1.4, label, big);
    },
  };
  return scene;
}
