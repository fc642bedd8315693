/**
 * The lottery's schedule (issue 7). Pure: from a game's schedule columns, the windows of its
 * periods. No database, no clock.
 *
 * - Fast games (interval_seconds): the draws of a local day (in the game's time zone) fall at
 *   day start + n × interval, n = 1 … ⌊day length / interval⌋; numero 'YYYYMMDD-NNNN' (n, 1-based).
 *   The last draw of a day may fall on the next midnight (1, 3 and 5 minutes divide a day).
 * - Daily games (draw_time 'HH:MM' on draw_days 0 = Sunday … 6): one draw per drawing day at that
 *   local time; numero 'YYYYMMDD' (the local date).
 *
 * A period opens at the previous draw, closes `close_seconds` before its own draw.
 */

export interface ScheduleGame {
  intervalSeconds: number | null;
  drawTime: string | null;
  drawDays: readonly number[] | null;
  timeZone: string;
  closeSeconds: number;
}

export interface Window {
  numero: string;
  openAt: Date;
  closeAt: Date;
  drawAt: Date;
}

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Milliseconds the zone's wall clock is ahead of UTC at instant `ms`. */
export function zoneOffsetMs(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The local day (days since 1970-01-01 in the zone) of an instant. */
export function localDay(zone: string, ms: number): number {
  return Math.floor((ms + zoneOffsetMs(zone, ms)) / DAY_MS);
}

/** The instant of a local wall-clock time (`minutes` after local midnight of `day`). */
export function localInstant(zone: string, day: number, minutes = 0): number {
  const wall = day * DAY_MS + minutes * 60_000;
  const first = wall - zoneOffsetMs(zone, wall);
  return wall - zoneOffsetMs(zone, first);
}

/** 'YYYYMMDD' of a local day. */
export function dayKey(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/** 'YYYY-MM-DD' of a local day. */
export function dayIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The local day of 'YYYY-MM-DD' or 'YYYYMMDD'; null when it is not a date. */
export function parseDay(s: string): number | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (dayKey(ms / DAY_MS) !== `${m[1]}${m[2]}${m[3]}`) return null;
  return ms / DAY_MS;
}

/** Day of the week of a local day, 0 = Sunday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

const drawMinutes = (drawTime: string) => {
  const [h = '0', m = '0'] = drawTime.split(':');
  return Number(h) * 60 + Number(m);
};

/** A position in the schedule: a local day and (fast games) the draw's index in it. */
interface Slot {
  day: number;
  n: number;
}

function isFast(g: ScheduleGame): g is ScheduleGame & { intervalSeconds: number } {
  return g.intervalSeconds !== null && g.intervalSeconds > 0;
}

function drawsInDay(g: ScheduleGame & { intervalSeconds: number }, day: number): number {
  const len = localInstant(g.timeZone, day + 1) - localInstant(g.timeZone, day);
  return Math.floor(len / (g.intervalSeconds * 1000));
}

function isDrawDay(g: ScheduleGame, day: number): boolean {
  return (g.drawDays ?? []).includes(weekday(day));
}

function drawAtOf(g: ScheduleGame, s: Slot): number {
  if (isFast(g)) return localInstant(g.timeZone, s.day) + s.n * g.intervalSeconds * 1000;
  return localInstant(g.timeZone, s.day, drawMinutes(g.drawTime ?? '00:00'));
}

function nextSlot(g: ScheduleGame, s: Slot): Slot | null {
  if (isFast(g)) return s.n < drawsInDay(g, s.day) ? { day: s.day, n: s.n + 1 } : { day: s.day + 1, n: 1 };
  for (let d = s.day + 1; d <= s.day + 7; d++) if (isDrawDay(g, d)) return { day: d, n: 0 };
  return null;
}

function prevSlot(g: ScheduleGame, s: Slot): Slot | null {
  if (isFast(g))
    return s.n > 1 ? { day: s.day, n: s.n - 1 } : { day: s.day - 1, n: drawsInDay(g, s.day - 1) };
  for (let d = s.day - 1; d >= s.day - 7; d--) if (isDrawDay(g, d)) return { day: d, n: 0 };
  return null;
}

/** The first slot whose draw is strictly after `ms`. */
function slotAfter(g: ScheduleGame, ms: number): Slot | null {
  const day = localDay(g.timeZone, ms);
  if (isFast(g)) {
    const start = localInstant(g.timeZone, day);
    const n = Math.floor((ms - start) / (g.intervalSeconds * 1000)) + 1;
    return n <= drawsInDay(g, day) ? { day, n } : { day: day + 1, n: 1 };
  }
  for (let d = day - 1; d <= day + 8; d++) {
    if (isDrawDay(g, d) && drawAtOf(g, { day: d, n: 0 }) > ms) return { day: d, n: 0 };
  }
  return null;
}

function windowOf(g: ScheduleGame, s: Slot): Window {
  const drawAt = drawAtOf(g, s);
  const prev = prevSlot(g, s);
  // A daily game without an earlier drawing day in the week (never: draw_days is not empty).
  const openAt = prev ? drawAtOf(g, prev) : drawAt - 7 * DAY_MS;
  return {
    numero: isFast(g) ? `${dayKey(s.day)}-${String(s.n).padStart(4, '0')}` : dayKey(s.day),
    openAt: new Date(openAt),
    closeAt: new Date(Math.max(openAt, drawAt - g.closeSeconds * 1000)),
    drawAt: new Date(drawAt),
  };
}

/** The period on sale at `t` (open_at ≤ t < close_at), or else the next one; null without draw days. */
export function windowAt(g: ScheduleGame, t: Date): Window | null {
  const s = slotAfter(g, t.getTime());
  if (!s) return null;
  const w = windowOf(g, s);
  if (w.closeAt.getTime() > t.getTime()) return w;
  const n = nextSlot(g, s);
  return n ? windowOf(g, n) : null;
}

/** The `count` windows whose draw is strictly after `after`, in order. */
export function windowsAfter(g: ScheduleGame, after: Date, count: number): Window[] {
  const out: Window[] = [];
  let s = slotAfter(g, after.getTime());
  while (s && out.length < count) {
    out.push(windowOf(g, s));
    s = nextSlot(g, s);
  }
  return out;
}

/** The last `count` windows whose draw is at or before `t`, oldest first. */
export function windowsUntil(g: ScheduleGame, t: Date, count: number): Window[] {
  const out: Window[] = [];
  const first = slotAfter(g, t.getTime());
  let s = first ? prevSlot(g, first) : null;
  while (s && out.length < count) {
    out.unshift(windowOf(g, s));
    s = prevSlot(g, s);
  }
  return out;
}

/** The windows whose draw falls in [from, to), oldest first. */
export function windowsBetween(g: ScheduleGame, from: Date, to: Date): Window[] {
  const out: Window[] = [];
  let s = slotAfter(g, from.getTime() - 1);
  while (s) {
    const w = windowOf(g, s);
    if (w.drawAt.getTime() >= to.getTime()) break;
    out.push(w);
    s = nextSlot(g, s);
  }
  return out;
}

/** The window of a numero; null when the game has no such period. */
export function windowOfNumero(g: ScheduleGame, numero: string): Window | null {
  const m = /^(\d{8})(?:-(\d{4}))?$/.exec(numero);
  if (!m) return null;
  const day = parseDay(m[1]!);
  if (day === null) return null;
  if (isFast(g)) {
    const n = Number(m[2] ?? 0);
    if (!m[2] || n < 1 || n > drawsInDay(g, day)) return null;
    return windowOf(g, { day, n });
  }
  if (m[2] || !isDrawDay(g, day)) return null;
  return windowOf(g, { day, n: 0 });
}

/** Whether the game draws on the local day of `t` (fast games: always). */
export function drawsOnDayOf(g: ScheduleGame, t: Date): boolean {
  return isFast(g) || isDrawDay(g, localDay(g.timeZone, t.getTime()));
}
