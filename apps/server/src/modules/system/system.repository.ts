import type {
  CustomerService,
  FieldConfig,
  HelpCategory,
  Merchant,
  RegisterField,
  Resource,
  WhitelabelNode,
} from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

export interface MerchantRow extends Merchant {
  id: number;
}

export async function findMerchant(q: Queryable): Promise<MerchantRow | null> {
  const rows = await q.query<MerchantRow>(
    `select id, code as "merchantCode", brand, currency, currency_scale as "currencyScale", copyright,
            licence
       from merchants order by id limit 1`,
  );
  return rows[0] ?? null;
}

interface NodeRow {
  modId: string;
  parentModId: string | null;
  enabled: boolean;
}

export async function listWhitelabelRows(q: Queryable, merchantId: number): Promise<NodeRow[]> {
  return q.query<NodeRow>(
    `select mod_id as "modId", parent_mod_id as "parentModId", enabled
       from whitelabel_nodes where merchant_id = $1 order by sort, mod_id`,
    [merchantId],
  );
}

/** Builds the spec §3 tree from flat rows (order kept). */
export function buildTree(rows: readonly NodeRow[]): WhitelabelNode[] {
  const byId = new Map<string, WhitelabelNode>();
  for (const r of rows)
    byId.set(r.modId, { modId: r.modId, enabled: r.enabled ? '1' : '0', childrenNodes: [] });
  const roots: WhitelabelNode[] = [];
  for (const r of rows) {
    const node = byId.get(r.modId) as WhitelabelNode;
    const parent = r.parentModId ? byId.get(r.parentModId) : undefined;
    (parent ? parent.childrenNodes : roots).push(node);
  }
  return roots;
}

export async function setNodeEnabled(
  q: Queryable,
  merchantId: number,
  modId: string,
  enabled: boolean,
): Promise<boolean> {
  const rows = await q.query(
    'update whitelabel_nodes set enabled = $3 where merchant_id = $1 and mod_id = $2 returning mod_id',
    [merchantId, modId, enabled],
  );
  return rows.length > 0;
}

export async function listRegisterFields(
  q: Queryable,
  merchantId: number,
): Promise<(FieldConfig & { field: RegisterField })[]> {
  return q.query(
    `select field, enabled, required, min_length as "minLength", max_length as "maxLength",
            accepted_pattern as "acceptedPattern", pattern_id as "patternId"
       from register_fields where merchant_id = $1 order by field`,
    [merchantId],
  );
}

/** Writes one registration field's rules (the operator's `field` command). */
export async function updateRegisterField(
  q: Queryable,
  merchantId: number,
  field: RegisterField,
  c: FieldConfig,
): Promise<void> {
  await q.query(
    `update register_fields set enabled = $3, required = $4, min_length = $5, max_length = $6,
            accepted_pattern = $7, pattern_id = $8
      where merchant_id = $1 and field = $2`,
    [merchantId, field, c.enabled, c.required, c.minLength, c.maxLength, c.acceptedPattern, c.patternId],
  );
}

export async function listResources(
  q: Queryable,
  merchantId: number,
): Promise<(Resource & { key: string })[]> {
  return q.query(
    `select key, resource_type as "resourceType", url, qr_code_url as "qrCodeUrl"
       from resources where merchant_id = $1 order by sort, key`,
    [merchantId],
  );
}

export async function listCustomerServices(q: Queryable, merchantId: number): Promise<CustomerService[]> {
  return q.query('select title, kind, url from customer_services where merchant_id = $1 order by sort', [
    merchantId,
  ]);
}

export async function listDomains(q: Queryable, merchantId: number): Promise<string[]> {
  const rows = await q.query<{ domain: string }>(
    'select domain from domains where merchant_id = $1 order by sort, domain',
    [merchantId],
  );
  return rows.map((r) => r.domain);
}

export async function listCdns(
  q: Queryable,
  merchantId: number,
  kind: 'image' | 'launchGame',
): Promise<string[]> {
  const rows = await q.query<{ url: string }>(
    'select url from cdns where merchant_id = $1 and kind = $2 order by sort, url',
    [merchantId, kind],
  );
  return rows.map((r) => r.url);
}

interface HelpRow {
  categoryId: number;
  categoryTitle: string;
  articleId: number | null;
  articleTitle: string | null;
  content: string | null;
}

/**
 * Categories and articles in `language`, each text falling back to EN where that language has
 * none (issue 2: help centre in five languages, fallback EN).
 */
export async function listHelpCenter(
  q: Queryable,
  merchantId: number,
  language: string,
): Promise<HelpCategory[]> {
  const rows = await q.query<HelpRow>(
    `select c.id as "categoryId",
            coalesce(ct.title, ce.title) as "categoryTitle",
            a.id as "articleId",
            coalesce(at.title, ae.title) as "articleTitle",
            coalesce(at.content, ae.content) as content
       from help_categories c
       left join help_category_texts ct on ct.category_id = c.id and ct.language = $2
       left join help_category_texts ce on ce.category_id = c.id and ce.language = 'EN'
       left join help_articles a on a.category_id = c.id
       left join help_article_texts at on at.article_id = a.id and at.language = $2
       left join help_article_texts ae on ae.article_id = a.id and ae.language = 'EN'
      where c.merchant_id = $1
      order by c.sort, c.id, a.sort, a.id`,
    [merchantId, language],
  );
  const out: HelpCategory[] = [];
  for (const r of rows) {
    let cat = out.at(-1);
    if (!cat || cat.id !== r.categoryId) {
      cat = { id: r.categoryId, title: r.categoryTitle, articles: [] };
      out.push(cat);
    }
    if (r.articleId !== null && r.articleTitle !== null && r.content !== null) {
      cat.articles.push({ id: r.articleId, title: r.articleTitle, content: r.content });
    }
  }
  return out;
}

export async function listCountries(
  q: Queryable,
): Promise<{ countryCode: string; countryDialingCode: string; name: string }[]> {
  return q.query(
    `select code as "countryCode", dialing_code as "countryDialingCode", name
       from countries order by sort, code`,
  );
}

export async function ping(q: Queryable): Promise<boolean> {
  const rows = await q.query<{ ok: number }>('select 1 as ok');
  return rows[0]?.ok === 1;
}
