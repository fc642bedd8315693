import { useTranslation } from 'react-i18next';
import { formatMinor, type PromoBonus, type PromoKind } from '@app/contracts';
import { useStatus } from '@/lib/status';

/**
 * Minor units as the pages show them: "MMK 1,234.50". Kept here rather than lib/money-format: a
 * shared chunk among the promotion routes' imports adds its name to the home page's entry (budget).
 */
export function useMoney(): (minor: number) => string {
  const status = useStatus();
  const currency = status.data?.merchant.currency ?? '';
  return (minor: number) => `${currency} ${formatMinor(minor)}`.trim();
}

// The merchant's time zone (the demo's: Asia/Yangon), as the inbox and the records show times.
const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Yangon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** yyyy-MM-dd HH:mm in the merchant's time zone. */
export function formatWhen(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** Basis points as a percentage: 10 000 → "100", 1 250 → "12.5". */
export const percentOf = (bp: number) => String(bp / 100);

/** The bonus line of a card: "Bonus MMK 88.00", "100% bonus, up to MMK 100,000.00", "Prize …". */
export function useBonusText(): (bonus: PromoBonus, kind: PromoKind) => string {
  const { t } = useTranslation();
  const money = useMoney();
  return (bonus, kind) =>
    bonus.type === 'fixed'
      ? t(kind === 'raffle' ? 'promotions.bonus.prize' : 'promotions.bonus.fixed', {
          amount: money(bonus.amount ?? 0),
        })
      : t('promotions.bonus.percent', { percent: percentOf(bonus.percent ?? 0), cap: money(bonus.cap ?? 0) });
}
