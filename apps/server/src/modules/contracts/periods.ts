import { REALTIME_SALARY_MINUTES, type ContractKind, type DividendPeriod } from '@app/contracts';

/**
 * Settlement periods (issue 8; spec §3, §9) in the merchant's time zone. Asia/Yangon is UTC+06:30
 * all year (no daylight saving since 1945), so a fixed offset gives its wall clock exactly; the
 * boundaries are computed on that wall clock and turned back into instants.
 */
export const ZONE_OFFSET_MS = 390 * 60_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const REALTIME_MS = REALTIME_SALARY_MINUTES * MINUTE_MS;

/** The wall-clock date of an instant in the merchant's zone (a Date read with its UTC getters). */
const wall = (t: Date) => new Date(t.getTime() + ZONE_OFFSET_MS);
/** The instant of a wall-clock time given as UTC fields. */
const instant = (y: number, m: number, d: number, h = 0) => new Date(Date.UTC(y, m, d, h) - ZONE_OFFSET_MS);

/**
 * The end of the period that contains `t` (the first boundary strictly after it):
 * - realtime: 5-minute windows aligned to the clock (:00, :05 …; the +06:30 offset is a multiple);
 * - hourly: clock hours of the zone;
 * - daily (the wage) and dividend daily: the zone's midnight;
 * - dividend weekly: Monday 00:00; semimonthly: the 1st and the 16th; monthly: the 1st.
 */
export function periodEnd(kind: ContractKind, period: DividendPeriod | null, t: Date): Date {
  const ms = t.getTime();
  if (kind === 'realtime') return new Date(Math.floor(ms / REALTIME_MS) * REALTIME_MS + REALTIME_MS);
  const w = wall(t);
  const y = w.getUTCFullYear();
  const m = w.getUTCMonth();
  const d = w.getUTCDate();
  if (kind === 'hourly') return instant(y, m, d, w.getUTCHours() + 1);
  const p: DividendPeriod = kind === 'daily' ? 'daily' : (period ?? 'monthly');
  switch (p) {
    case 'daily':
      return instant(y, m, d + 1);
    case 'weekly': {
      // getUTCDay: 0 Sunday … 6 Saturday; days until the next Monday (7 on a Monday).
      const untilMonday = (8 - w.getUTCDay()) % 7 || 7;
      return instant(y, m, d + untilMonday);
    }
    case 'semimonthly':
      return d < 16 ? instant(y, m, 16) : instant(y, m + 1, 1);
    case 'monthly':
      return instant(y, m + 1, 1);
  }
}

/** The periods of [from, until) in order; the first may start mid-period (a partial period). */
export function periodsBetween(
  kind: ContractKind,
  period: DividendPeriod | null,
  from: Date,
  until: Date,
  max = Infinity,
): { start: Date; end: Date }[] {
  const out: { start: Date; end: Date }[] = [];
  let start = from;
  while (out.length < max) {
    const end = periodEnd(kind, period, start);
    if (end.getTime() > until.getTime()) break;
    out.push({ start, end });
    start = end;
  }
  return out;
}

/** yyyy-MM-dd of an instant in the merchant's zone. */
export function zoneDay(t: Date): string {
  return wall(t).toISOString().slice(0, 10);
}

/** The instant a zone day (yyyy-MM-dd) starts. */
export function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - ZONE_OFFSET_MS);
}

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
