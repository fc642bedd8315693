/**
 * Money in the studio: the server speaks integer minor units (1 major = 100 minor, two decimals
 * shown, as the platform's contract says). Formatting never goes through floating point.
 */
export const MINOR_PER_MAJOR = 100;

/** 123456 → "1,234.56"; -5 → "-0.05". Grouping with commas in every language (the site does the same). */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const major = Math.floor(abs / MINOR_PER_MAJOR);
  const cents = String(abs % MINOR_PER_MAJOR).padStart(2, '0');
  return `${sign}${String(major).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** "1,234.56 MMK". */
export function formatMoney(minor: number, currency: string): string {
  return currency ? `${formatMinor(minor)} ${currency}` : formatMinor(minor);
}
