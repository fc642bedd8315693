import type { DateQuickPick } from '@app/contracts';

/** The merchant's time zone: days of the records are its calendar days (contract records.ts). */
export const MERCHANT_TIME_ZONE = 'Asia/Yangon';

/** A period of whole days, yyyy-MM-dd, `to` inclusive. */
export interface DayRange {
  from: string;
  to: string;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MERCHANT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: MERCHANT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** The merchant's calendar day of an instant (yyyy-MM-dd). */
export function merchantDay(at: Date): string {
  return dayFormat.format(at);
}

/** An ISO instant as the merchant's local "yyyy-MM-dd HH:mm:ss". */
export function merchantTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : timeFormat.format(at);
}

/** yyyy-MM-dd moved by `days` (pure calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Spec §9 quick picks, counted in the merchant's days and including today: last 7 = the six days
 * before today and today; next 7 = today and the six days after.
 */
export function quickPickRange(pick: DateQuickPick, now: Date = new Date()): DayRange {
  const today = merchantDay(now);
  switch (pick) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'next7':
      return { from: today, to: addDays(today, 6) };
    case 'next30':
      return { from: today, to: addDays(today, 29) };
  }
}

/** The quick pick a range equals today, if any (so its button shows pressed). */
export function matchingQuickPick(
  range: DayRange,
  picks: readonly DateQuickPick[],
  now: Date = new Date(),
): DateQuickPick | null {
  return (
    picks.find((p) => {
      const r = quickPickRange(p, now);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}
