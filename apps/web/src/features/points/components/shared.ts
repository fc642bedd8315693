import { catalogueFor, type LocalizedText } from '@app/contracts';
import { useLanguageStore } from '@/lib/i18n';

/** Points as shown everywhere: a whole number, grouped ("12,500"). */
export const formatPoints = (n: number) => n.toLocaleString('en-US');

/** Signed points of the details: "+120", "-800". */
export const signedPoints = (n: number) => (n > 0 ? `+${formatPoints(n)}` : formatPoints(n));

/** Money in the merchant's currency: "MMK 1,234.50" (with the currency code). */
export { useCurrencyMoney as useMoney } from '@/lib/money-format';

/** A good's name (or description) in the reader's language; EN when that one is empty. */
export function useLocalized(): (text: LocalizedText | null | undefined) => string {
  const code = useLanguageStore((s) => s.code);
  const lang = catalogueFor(code);
  return (text) => (text ? text[lang] || text.EN : '');
}

export { placeFieldErrors } from '@/lib/field-errors';
