import type { MissionPeriod } from '@app/contracts';
import { periodEnd } from '../contracts/periods.ts';

/**
 * Mission periods (issue 9) in the merchant's zone, the same boundaries as the contracts' daily
 * and weekly periods (Asia/Yangon midnight; weeks from Monday 00:00). The zone has a fixed offset,
 * so a period's start is its end minus its length.
 */
export interface Period {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
const LENGTH_MS: Record<MissionPeriod, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

/** The period of that kind which contains `t`. */
export function missionPeriod(period: MissionPeriod, t: Date): Period {
  const end = periodEnd('dividend', period, t);
  return { start: new Date(end.getTime() - LENGTH_MS[period]), end };
}

/** The period before the one that contains `t` (the job finishes a period that just ended). */
export function previousPeriod(period: MissionPeriod, t: Date): Period {
  const current = missionPeriod(period, t);
  return missionPeriod(period, new Date(current.start.getTime() - 1));
}
