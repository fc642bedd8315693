import { MINOR_PER_MAJOR, formatMinor, type ContractKind, type ContractTier } from '@app/contracts';

/** A tier's field: a threshold or what it pays. */
export type TierField = keyof ContractTier;
/** How a field is entered and shown: money (major units), a count of people, a percent. */
export type FieldUnit = 'money' | 'count' | 'percent';

export const FIELD_UNITS: Record<TierField, FieldUnit> = {
  minBets: 'money',
  minProfitLoss: 'money',
  minActive: 'count',
  ratio: 'percent',
  amount: 'money',
};

/**
 * The fields of a tier per kind (contract agentContractOffer, spec §3): the thresholds, then what
 * the tier pays (the last field, required).
 * - dividend: period bets, period profit (the house's), active people → a ratio of the profit;
 * - daily: team daily volume, active people → a fixed amount;
 * - hourly and realtime: team volume of the hour / 5 minutes → a ratio of it.
 */
export const TIER_FIELDS: Record<ContractKind, readonly TierField[]> = {
  dividend: ['minBets', 'minProfitLoss', 'minActive', 'ratio'],
  daily: ['minBets', 'minActive', 'amount'],
  hourly: ['minBets', 'ratio'],
  realtime: ['minBets', 'ratio'],
};

/** What a tier of this kind pays: the ratio or the amount. */
export const payField = (kind: ContractKind): TierField => (kind === 'daily' ? 'amount' : 'ratio');

/** Basis points per percent: 1.25 % = 125 bp. */
export const BP_PER_PERCENT = 100;

/** "12.5" → 1 250 bp; up to 2 decimals, 0 … 100 %; null otherwise. */
export function parsePercent(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * BP_PER_PERCENT + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 100 * BP_PER_PERCENT ? bp : null;
}

/** 1 250 bp → "12.5%" (no trailing zeros). */
export function formatPercent(bp: number): string {
  return `${(bp / BP_PER_PERCENT).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/** "1,234.5" → 123 450 minor units; zero allowed (a threshold); null when not an amount. */
export function parseMoney(text: string): number | null {
  const clean = text.replace(/[,\s]/g, '');
  const m = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(clean);
  if (!m) return null;
  const minor = Number(m[1]) * MINOR_PER_MAJOR + Number((m[2] ?? '').padEnd(2, '0'));
  return minor <= 1e15 ? minor : null;
}

/** A whole number of people, 0 … 100 000. */
export function parseCount(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n <= 100_000 ? n : null;
}

/** The error key of a field's text, or null when it is fine (empty thresholds are left out). */
export function fieldError(kind: ContractKind, field: TierField, text: string): string | null {
  const t = text.trim();
  const pays = field === payField(kind);
  if (t === '') return pays ? 'contracts.offer.errors.pay_required' : null;
  const unit = FIELD_UNITS[field];
  const value = unit === 'money' ? parseMoney(t) : unit === 'count' ? parseCount(t) : parsePercent(t);
  if (value === null) return `contracts.offer.errors.${unit}`;
  if (pays && value <= 0) return 'contracts.offer.errors.pay_required';
  if (field === 'amount' && value > 1e12) return 'contracts.offer.errors.money';
  return null;
}

/** The tier as the contract sends it: money in minor units, ratios in basis points. */
export function toTier(kind: ContractKind, texts: Partial<Record<TierField, string>>): ContractTier {
  const tier: ContractTier = {};
  for (const field of TIER_FIELDS[kind]) {
    const t = (texts[field] ?? '').trim();
    if (t === '') continue;
    const unit = FIELD_UNITS[field];
    const value = unit === 'money' ? parseMoney(t) : unit === 'count' ? parseCount(t) : parsePercent(t);
    if (value !== null) tier[field] = value;
  }
  return tier;
}

/** A field's value for people: "MMK 1,000.00", "5", "1.5%". */
export function formatField(field: TierField, value: number, currency: string): string {
  const unit = FIELD_UNITS[field];
  if (unit === 'money') return `${currency} ${formatMinor(value)}`.trim();
  if (unit === 'percent') return formatPercent(value);
  return String(value);
}
