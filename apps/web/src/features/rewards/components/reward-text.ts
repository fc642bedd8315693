import type { TFunction } from 'i18next';
import { catalogueFor, type CompleteLanguage, type Mission, type Reward } from '@app/contracts';
import { useLanguageStore } from '@/lib/i18n';

/** The language mission names are shown in: the reader's, or English for a language without texts. */
export function useTextLanguage(): CompleteLanguage {
  return catalogueFor(useLanguageStore((s) => s.code));
}

/** What a reward is called: the mission's name, the friend who qualified, the operator's title. */
export function rewardTitle(t: TFunction, r: Reward, lang: CompleteLanguage): string {
  if (r.mission) return r.mission.names[lang];
  if (r.source === 'referral') return t('rewards.centre.referral_title', { friend: r.friend ?? '—' });
  return r.title ?? t('rewards.centre.grant_title');
}

/** The amount metrics count minor units (shown as money); the others count times. */
export const isAmountMetric = (m: Mission['metric']) => m === 'bet_amount' || m === 'deposit_amount';

/** Money as shown on these pages: "MMK 1,000.00" (the merchant's currency code first). */
export { useMoney } from '@/lib/money-format';

/** A mission's goal and progress values: money for the amount metrics, counts otherwise. */
export function metricText(money: (minor: number) => string, m: Mission['metric'], v: number): string {
  return isAmountMetric(m) ? money(v) : String(v);
}

/** The goal of a mission in words: "Place 10 bets", "Bet MMK 50,000.00 in total · Lottery only". */
export function missionGoal(t: TFunction, money: (minor: number) => string, m: Mission): string {
  const goal = t(`rewards.missions.goal.${m.metric}`, { target: metricText(money, m.metric, m.target) });
  return m.vertical
    ? t('rewards.missions.goal_vertical', { goal, vertical: t(`records.verticals.${m.vertical}`) })
    : goal;
}
