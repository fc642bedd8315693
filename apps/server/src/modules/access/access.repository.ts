import type { Queryable } from '../../db/db.ts';

export type RegionRuleKind = 'country' | 'ip' | 'cidr';
export interface RegionRule {
  kind: RegionRuleKind;
  value: string;
}

export interface SiteSettings {
  maintenance: boolean;
  maintenanceMessage: string | null;
}

export async function getSettings(q: Queryable, merchantId: number): Promise<SiteSettings> {
  const rows = await q.query<SiteSettings>(
    `select maintenance, maintenance_message as "maintenanceMessage" from site_settings where merchant_id = $1`,
    [merchantId],
  );
  return rows[0] ?? { maintenance: false, maintenanceMessage: null };
}

export async function setMaintenance(
  q: Queryable,
  merchantId: number,
  on: boolean,
  message: string | null,
): Promise<void> {
  await q.query(
    `insert into site_settings (merchant_id, maintenance, maintenance_message, updated_at)
     values ($1, $2, $3, now())
     on conflict (merchant_id) do update
       set maintenance = excluded.maintenance, maintenance_message = excluded.maintenance_message,
           updated_at = now()`,
    [merchantId, on, message],
  );
}

export async function listRegionRules(q: Queryable): Promise<RegionRule[]> {
  return q.query<RegionRule>('select kind, value from region_rules order by kind, value');
}

/** Adds a rule; false when it already existed. */
export async function addRegionRule(q: Queryable, rule: RegionRule): Promise<boolean> {
  const rows = await q.query(
    'insert into region_rules (kind, value) values ($1, $2) on conflict (kind, value) do nothing returning id',
    [rule.kind, rule.value],
  );
  return rows.length > 0;
}

/** Removes a rule; false when there was none. */
export async function removeRegionRule(q: Queryable, rule: RegionRule): Promise<boolean> {
  const rows = await q.query('delete from region_rules where kind = $1 and value = $2 returning id', [
    rule.kind,
    rule.value,
  ]);
  return rows.length > 0;
}

/** The country of an address from the ip table; the most specific range wins. */
export async function countryOfIp(q: Queryable, ip: string): Promise<string | null> {
  const rows = await q.query<{ country: string }>(
    `select country from ip_countries where range >>= $1::inet order by masklen(range) desc limit 1`,
    [ip],
  );
  return rows[0]?.country ?? null;
}

/** Canonical text of a CIDR (host bits cleared), as PostgreSQL prints it. */
export async function canonicalCidr(q: Queryable, cidr: string): Promise<string> {
  const rows = await q.query<{ v: string }>('select network($1::inet)::text as v', [cidr]);
  return rows[0]?.v ?? cidr;
}
