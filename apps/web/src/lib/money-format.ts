import { formatMinor } from '@app/contracts';
import { useStatus } from './status';

/** The merchant's currency code ('' until the site status has arrived). */
export function useCurrency(): string {
  return useStatus().data?.merchant.currency ?? '';
}

/** Minor units as the pages show them: "MMK 1,234.50" (the currency code first). */
export const moneyIn =
  (currency: string) =>
  (minor: number): string =>
    `${currency} ${formatMinor(minor)}`.trim();

/** Money in the merchant's currency: "MMK 1,234.50". */
export function useMoney(): (minor: number) => string {
  return moneyIn(useCurrency());
}

/** The currency code and money in it (forms that name the currency in a label). */
export function useCurrencyMoney(): { currency: string; money: (minor: number) => string } {
  const currency = useCurrency();
  return { currency, money: moneyIn(currency) };
}
