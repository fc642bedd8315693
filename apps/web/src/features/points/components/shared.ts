import { catalogueFor, formatMinor, type LocalizedText } from '@app/contracts';
import { isApiError } from '@/lib/api-client';
import { useLanguageStore } from '@/lib/i18n';
import { useStatus } from '@/lib/status';

/** Points as shown everywhere: a whole number, grouped ("12,500"). */
export const formatPoints = (n: number) => n.toLocaleString('en-US');

/** Signed points of the details: "+120", "-800". */
export const signedPoints = (n: number) => (n > 0 ? `+${formatPoints(n)}` : formatPoints(n));

/** Money in the merchant's currency: "MMK 1,234.50". */
export function useMoney(): { currency: string; money: (minor: number) => string } {
  const currency = useStatus().data?.merchant.currency ?? '';
  return { currency, money: (minor) => `${currency} ${formatMinor(minor)}`.trim() };
}

/** A good's name (or description) in the reader's language; EN when that one is empty. */
export function useLocalized(): (text: LocalizedText | null | undefined) => string {
  const code = useLanguageStore((s) => s.code);
  const lang = catalogueFor(code);
  return (text) => (text ? text[lang] || text.EN : '');
}

/** Puts a refusal's field errors on their fields; says whether any landed. */
export function placeFieldErrors<F extends string>(
  e: unknown,
  fields: readonly F[],
  setError: (name: F, error: { message: string }) => void,
): boolean {
  if (!isApiError(e)) return false;
  let placed = false;
  for (const [name, message] of Object.entries(e.fields ?? {})) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as F, { message });
      placed = true;
    }
  }
  return placed;
}
