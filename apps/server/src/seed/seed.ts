import type { Db, Queryable } from '../db/db.ts';
import {
  CDNS,
  COUNTRIES,
  CUSTOMER_SERVICES,
  DEMO_MERCHANT,
  DOMAINS,
  IP_COUNTRIES,
  REGISTER_CONFIG,
  RESOURCES,
  WHITELABEL_TREE,
  type TreeSeed,
} from './demo-data.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoMoney } from './demo-money.ts';
import { seedDemoGames } from './demo-games.ts';
import { seedDemoLottery } from './demo-lottery.ts';
import { seedSportsFixtures } from '../vendors/studio/sports/sports.module.ts';
import { sanitizeHtml } from '../lib/sanitize-html.ts';
import { HELP_CENTER } from './help-content.ts';
import { seedDemoAnnouncements } from './demo-announcements.ts';
import { seedDemoPromotions } from './demo-promotions.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoRewards } from './demo-rewards.ts';
import { seedDemoContent } from './demo-content.ts';

async function insertTree(tx: Queryable, merchantId: number, nodes: TreeSeed[], parent: string | null) {
  for (const [i, n] of nodes.entries()) {
    await tx.query(
      'insert into whitelabel_nodes (merchant_id, mod_id, parent_mod_id, enabled, sort) values ($1, $2, $3, $4, $5)',
      [merchantId, n.modId, parent, n.enabled, i],
    );
    if (n.children) await insertTree(tx, merchantId, n.children, n.modId);
  }
}

/**
 * Creates the demo merchant and everything the system endpoints answer from, when the merchant
 * table is empty (issue 2 §5). Deterministic and idempotent: several instances starting at once
 * seed once (advisory lock). Returns true when it seeded.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const seeded = await seedMerchant(db);
  // Issue 3 demo accounts: each one created when missing (also on a database seeded before).
  const [merchant] = await db.query<{ id: number }>('select id from merchants where code = $1', [
    DEMO_MERCHANT.code,
  ]);
  if (merchant) {
    await seedDemoAccounts(db, merchant.id);
    await seedDemoMoney(db, merchant.id);
    await seedDemoGames(db, merchant.id);
    await seedDemoLottery(db, merchant.id);
    await seedSportsFixtures(db, merchant.id);
    // Issue 9: announcements, promotions, the point mall, rewards and missions, content.
    await seedDemoAnnouncements(db, merchant.id);
    await seedDemoPromotions(db, merchant.id);
    await seedDemoPoints(db, merchant.id);
    await seedDemoRewards(db, merchant.id);
    await seedDemoContent(db, merchant.id);
  }
  return seeded;
}

async function seedMerchant(db: Db): Promise<boolean> {
  return db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed:' || current_schema()))`);
    const existing = await tx.query('select 1 from merchants limit 1');
    if (existing.length > 0) return false;

    const m = DEMO_MERCHANT;
    const [row] = await tx.query<{ id: number }>(
      `insert into merchants (code, brand, currency, currency_scale, copyright, licence)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [m.code, m.brand, m.currency, m.currencyScale, m.copyright, m.licence],
    );
    const merchantId = (row as { id: number }).id;

    await insertTree(tx, merchantId, WHITELABEL_TREE, null);

    for (const [name, f] of Object.entries(REGISTER_CONFIG)) {
      await tx.query(
        `insert into register_fields
           (merchant_id, field, enabled, required, min_length, max_length, accepted_pattern, pattern_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [merchantId, name, f.enabled, f.required, f.minLength, f.maxLength, f.acceptedPattern, f.patternId],
      );
    }
    for (const [i, r] of RESOURCES.entries()) {
      await tx.query(
        'insert into resources (merchant_id, key, resource_type, url, qr_code_url, sort) values ($1, $2, $3, $4, $5, $6)',
        [merchantId, r.key, r.resourceType, r.url, r.qrCodeUrl, i],
      );
    }
    for (const [i, c] of CUSTOMER_SERVICES.entries()) {
      await tx.query(
        'insert into customer_services (merchant_id, sort, title, kind, url) values ($1, $2, $3, $4, $5)',
        [merchantId, i, c.title, c.kind, c.url],
      );
    }
    for (const [i, d] of DOMAINS.entries()) {
      await tx.query('insert into domains (merchant_id, domain, sort) values ($1, $2, $3)', [
        merchantId,
        d,
        i,
      ]);
    }
    for (const [i, c] of CDNS.entries()) {
      await tx.query('insert into cdns (merchant_id, kind, url, sort) values ($1, $2, $3, $4)', [
        merchantId,
        c.kind,
        c.url,
        i,
      ]);
    }
    for (const [ci, cat] of HELP_CENTER.entries()) {
      await tx.query('insert into help_categories (id, merchant_id, sort) values ($1, $2, $3)', [
        cat.id,
        merchantId,
        ci,
      ]);
      for (const [language, title] of Object.entries(cat.title)) {
        await tx.query('insert into help_category_texts (category_id, language, title) values ($1, $2, $3)', [
          cat.id,
          language,
          title,
        ]);
      }
      for (const [ai, a] of cat.articles.entries()) {
        await tx.query('insert into help_articles (id, category_id, sort) values ($1, $2, $3)', [
          a.id,
          cat.id,
          ai,
        ]);
        for (const [language, title] of Object.entries(a.title)) {
          await tx.query(
            'insert into help_article_texts (article_id, language, title, content) values ($1, $2, $3, $4)',
            // Stored sanitised like every other piece of HTML a page shows (the client's DOMPurify is the second line).
            [a.id, language, title, sanitizeHtml(a.content[language as keyof typeof a.content]).html],
          );
        }
      }
    }
    // Reference tables shared by every merchant: filled once.
    for (const [i, [code, dialing, name]] of COUNTRIES.entries()) {
      await tx.query(
        'insert into countries (code, dialing_code, name, sort) values ($1, $2, $3, $4) on conflict do nothing',
        [code, dialing, name, i],
      );
    }
    for (const [range, country] of IP_COUNTRIES) {
      await tx.query('insert into ip_countries (range, country) values ($1, $2) on conflict do nothing', [
        range,
        country,
      ]);
    }
    await tx.query('insert into site_settings (merchant_id, maintenance) values ($1, false)', [merchantId]);
    return true;
  });
}
