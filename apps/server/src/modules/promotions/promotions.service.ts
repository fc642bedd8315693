import {
  MAIN_WALLET,
  PAGE_SIZE_DEFAULT,
  PROMO_COMMENT_MAX,
  PROMO_IMAGE_MAX_COUNT,
  type ClaimItem,
  type LanguageCode,
  type PromoCard,
  type PromoClaimResult,
  type PromoDetail,
  type PromoCategory,
  type PromoTag,
} from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { once } from '../ledger/idempotency.ts';
import { memberAccount, post, systemAccount } from '../ledger/ledger.ts';
import { addNotice, type MoneyRunner, type MoneyTx } from '../ledger/money-tx.ts';
import { cleanImage, decodeBase64, ImageRefused, type CleanImage, type ImageType } from './images.ts';
import * as repo from './promotions.repository.ts';
import {
  bonusFor,
  countingWindow,
  isOpen,
  joinable,
  noRequirements,
  requirementsMet,
  statusOf,
  type MemberPart,
  type Progress,
  type Rules,
} from './rules.ts';

export interface PromotionsServiceDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  /** The merchant a guest sees (the installation's one merchant). */
  merchantId: () => Promise<number>;
}

/** Who calls: a signed-in member (any type; trial accounts may look but not take part), or null. */
export interface Caller {
  id: string;
  type: number;
  merchantId: number;
}

type ErrorKey =
  | 'not_found'
  | 'not_open'
  | 'not_eligible_newbie'
  | 'not_eligible_vip'
  | 'limit_reached'
  | 'already_joined'
  | 'already_applied'
  | 'not_joined'
  | 'requirements_unmet'
  | 'not_claimable'
  | 'already_claimed'
  | 'claim_expired'
  | 'use_raffle_claim'
  | 'not_raffle'
  | 'no_approval_needed'
  | 'comment_too_long'
  | 'too_many_images'
  | 'image_too_large'
  | 'image_type'
  | 'image_dimensions'
  | 'image_unreadable';

const STATUS_OF_ERROR: Partial<Record<ErrorKey, 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST' | 'FORBIDDEN'>> = {
  not_found: 'NOT_FOUND',
  already_joined: 'CONFLICT',
  already_applied: 'CONFLICT',
  already_claimed: 'CONFLICT',
  not_eligible_newbie: 'FORBIDDEN',
  not_eligible_vip: 'FORBIDDEN',
  comment_too_long: 'BAD_REQUEST',
  too_many_images: 'BAD_REQUEST',
  image_too_large: 'BAD_REQUEST',
  image_type: 'BAD_REQUEST',
  image_dimensions: 'BAD_REQUEST',
  image_unreadable: 'BAD_REQUEST',
};

/** A refusal with its message key of the client's `promotions` catalogue (422 unless said). */
export function promoError(key: ErrorKey, field?: string): AppError {
  return new AppError(
    STATUS_OF_ERROR[key] ?? 'UNPROCESSABLE',
    `promotions.errors.${key}`,
    field ? { [field]: `promotions.errors.${key}` } : undefined,
  );
}

const TRIAL_TYPE = 4;
const trialRefused = () => new AppError('FORBIDDEN', 'errors.in_need_true_account');
/** Ended activities stay listed this long after their claim deadline. */
const LISTED_AFTER_CLAIMS_MS = 30 * 86_400_000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function cardOf(p: repo.PromoWithText, shown: { status: PromoCard['status']; reason: PromoCard['reason'] }) {
  return {
    id: p.id,
    code: p.code,
    kind: p.kind,
    category: p.category,
    tags: p.tags,
    title: p.title,
    summary: p.summary,
    signupFrom: iso(p.signup_from)!,
    signupTo: iso(p.signup_to)!,
    runFrom: iso(p.run_from)!,
    runTo: iso(p.run_to)!,
    claimTo: iso(p.claim_to)!,
    bonus: {
      type: p.bonus_type,
      amount: p.bonus_amount === null ? null : Number(p.bonus_amount),
      percent: p.bonus_percent,
      cap: p.bonus_cap === null ? null : Number(p.bonus_cap),
    },
    approval: p.approval,
    status: shown.status,
    reason: shown.reason,
  } satisfies PromoCard;
}

export function createPromotionsService(deps: PromotionsServiceDeps) {
  const { db } = deps;

  /** The member's part in one activity: entries, the latest one's progress (computed on `q`). */
  async function partOf(
    q: Queryable,
    p: repo.PromoRow,
    rules: Rules,
    memberId: string,
    viewer: MemberPart['viewer'],
    latest: { entry: repo.EntryRow; used: number } | undefined,
    now: Date,
  ): Promise<MemberPart & { row: repo.EntryRow | null }> {
    const entry = latest?.entry ?? null;
    let progress: Progress = { deposit: 0, turnover: 0 };
    // Progress matters only while an entry is in play and not yet fixed.
    if (entry && entry.state === 'joined')
      progress = await repo.progressOf(
        q,
        memberId,
        countingWindow(rules, new Date(entry.joined_at), now),
        p.verticals,
      );
    return {
      viewer,
      used: latest?.used ?? 0,
      entry: entry ? { state: entry.state, joinedAt: new Date(entry.joined_at) } : null,
      progress,
      row: entry,
    };
  }

  async function merchantOf(caller: Caller | null): Promise<number> {
    return caller?.merchantId ?? deps.merchantId();
  }

  async function detailOf(
    q: Queryable,
    caller: Caller | null,
    id: number,
    language: LanguageCode | undefined,
  ): Promise<PromoDetail> {
    const now = deps.now();
    const p = await repo.findPromotion(q, await merchantOf(caller), id, repo.textLanguage(language));
    if (!p) throw promoError('not_found');
    const rules = repo.rulesOf(p);
    let me: PromoDetail['me'] = null;
    let shown = statusOf(rules, now, null);
    if (caller) {
      const viewer = await repo.viewerOf(q, caller.id);
      if (viewer) {
        const latest = (await repo.latestEntries(q, caller.id, [p.id])).get(p.id);
        const part = await partOf(q, p, rules, caller.id, viewer, latest, now);
        shown = statusOf(rules, now, part);
        const e = part.row;
        me = {
          entriesUsed: part.used,
          entry: e
            ? {
                id: Number(e.id),
                state: e.state,
                joinedAt: iso(e.joined_at)!,
                deposit: part.progress.deposit,
                turnover: part.progress.turnover,
                amount: e.amount !== null ? Number(e.amount) : bonusFor(rules, part.progress.deposit),
                comment: e.comment,
                images: (await repo.imagesOf(q, e.id)).map((i) => ({
                  id: Number(i.id),
                  type: i.content_type,
                  width: i.width,
                  height: i.height,
                })),
                decisionNote: e.decision_note,
                decidedAt: iso(e.decided_at),
                claimedAt: iso(e.claimed_at),
              }
            : null,
        };
      }
    }
    return {
      ...cardOf(p, shown),
      content: p.content,
      audience: p.audience,
      newbieDays: p.newbie_days,
      minDeposit: Number(p.min_deposit),
      turnover: Number(p.turnover),
      verticals: p.verticals,
      maxEntries: p.max_entries,
      raffle: p.kind === 'raffle' ? { winners: p.raffle_winners ?? 0, drawnAt: iso(p.drawn_at) } : null,
      me,
    };
  }

  /** Why this member may not start an entry now (the refusal), or nothing. */
  function refuseJoin(rules: Rules, now: Date, part: Pick<MemberPart, 'viewer' | 'used'>): void {
    const j = joinable(rules, now, part);
    if (j.status === 'join_now') return;
    if (j.reason === 'limit_reached') throw promoError('limit_reached');
    if (j.reason === 'newbie_only') throw promoError('not_eligible_newbie');
    if (j.reason === 'vip_only') throw promoError('not_eligible_vip');
    throw promoError('not_open');
  }

  /** Checks every image of an application; one refusal refuses the whole request (nothing stored). */
  function cleanImages(images: readonly { type: ImageType; data: string }[]): CleanImage[] {
    if (images.length > PROMO_IMAGE_MAX_COUNT) throw promoError('too_many_images', 'images');
    return images.map((img, i) => {
      const bytes = decodeBase64(img.data);
      if (!bytes) throw promoError('image_type', `images.${i}`);
      try {
        return cleanImage(bytes, img.type);
      } catch (e) {
        if (e instanceof ImageRefused) throw promoError(e.reason, `images.${i}`);
        throw e;
      }
    });
  }

  /** The title a notice names, in the member's language. */
  async function titleFor(q: Queryable, promotionId: number, memberId: string): Promise<string> {
    const [row] = await q.query<{ title: string }>(
      `select t.title from promotion_texts t, members m
        where t.promotion_id = $1 and m.id = $2
        order by (t.language = m.language) desc, (t.language = 'EN') desc, t.language limit 1`,
      [promotionId, memberId],
    );
    return row?.title ?? '';
  }

  /** Pays one entry's bonus or prize once; the entry row is locked, so concurrent claims pay once. */
  async function payEntry(
    tx: MoneyTx,
    caller: Caller,
    entryId: number,
    via: 'bonus' | 'raffle',
  ): Promise<PromoClaimResult> {
    const now = deps.now();
    const e = await repo.lockEntry(tx, entryId);
    if (
      !e ||
      String(e.member_id) !== String(caller.id) ||
      Number(e.merchant_id) !== Number(caller.merchantId)
    )
      throw promoError('not_found');
    const p = await repo.findPromotion(tx, caller.merchantId, e.promotion_id, 'EN', { hidden: true });
    if (!p) throw promoError('not_found');
    if (via === 'bonus' && p.kind === 'raffle') throw promoError('use_raffle_claim');
    if (via === 'raffle' && p.kind !== 'raffle') throw promoError('not_raffle');
    if (e.state === 'claimed') throw promoError('already_claimed');
    const rules = repo.rulesOf(p);
    let amount: number;
    if (e.state === 'approved' || e.state === 'won') {
      amount = Number(e.amount ?? bonusFor(rules, 0));
    } else if (e.state === 'joined' && p.kind === 'bonus' && !p.approval) {
      if (now.getTime() < rules.runFrom.getTime()) throw promoError('requirements_unmet');
      const progress = await repo.progressOf(
        tx,
        caller.id,
        countingWindow(rules, new Date(e.joined_at), now),
        p.verticals,
      );
      if (!requirementsMet(rules, progress)) throw promoError('requirements_unmet');
      amount = bonusFor(rules, progress.deposit);
    } else {
      throw promoError('not_claimable');
    }
    if (now.getTime() > rules.claimTo.getTime()) throw promoError('claim_expired');
    if (amount <= 0) throw promoError('requirements_unmet');
    const name = await titleFor(tx, p.id, caller.id);
    const main = await memberAccount(tx, caller.id, MAIN_WALLET);
    const posted = await post(tx, {
      type: p.kind === 'raffle' ? 'raffle_prize' : 'promo_bonus',
      memberId: caller.id,
      ref: `promo:${e.id}`,
      memo: { reason: name, promotionId: p.id, code: p.code, entryId: Number(e.id) },
      legs: [
        { account: await systemAccount(tx, caller.merchantId, 'BONUS'), amount: -amount },
        { account: main, amount },
      ],
    });
    await tx.query(
      `update promotion_entries set state = 'claimed', amount = $2, claimed_at = $3, claim_transfer_id = $4
        where id = $1`,
      [e.id, amount, now, posted.transferId],
    );
    await addNotice(tx, caller.id, 'promo_bonus', { name, amount });
    tx.balanceChanged(caller.id);
    return {
      entryId: Number(e.id),
      amount,
      balance: posted.balances.get(main.id) ?? 0,
      transferId: String(posted.transferId),
    };
  }

  return {
    async list(
      caller: Caller | null,
      q: {
        category?: PromoCategory | undefined;
        tag?: PromoTag | undefined;
        language?: LanguageCode | undefined;
        page?: number | undefined;
        pageSize?: number | undefined;
      },
    ) {
      const now = deps.now();
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
      const { rows, total } = await repo.listPromotions(db, await merchantOf(caller), {
        category: q.category,
        tag: q.tag,
        listedAfter: new Date(now.getTime() - LISTED_AFTER_CLAIMS_MS),
        now,
        language: repo.textLanguage(q.language),
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const viewer = caller ? await repo.viewerOf(db, caller.id) : null;
      const latest =
        caller && viewer
          ? await repo.latestEntries(
              db,
              caller.id,
              rows.map((r) => r.id),
            )
          : new Map<number, { entry: repo.EntryRow; used: number }>();
      const items: PromoCard[] = [];
      for (const p of rows) {
        const rules = repo.rulesOf(p);
        const part =
          caller && viewer ? await partOf(db, p, rules, caller.id, viewer, latest.get(p.id), now) : null;
        items.push(cardOf(p, statusOf(rules, now, part)));
      }
      return { items, page, pageSize, total };
    },

    detail(caller: Caller | null, id: number, language?: LanguageCode) {
      return detailOf(db, caller, id, language);
    },

    async join(caller: Caller, id: number, language?: LanguageCode): Promise<PromoDetail> {
      if (caller.type === TRIAL_TYPE) throw trialRefused();
      await db.withTx(async (tx) => {
        const now = deps.now();
        await repo.lockMemberPromotion(tx, id, caller.id);
        const p = await repo.findPromotion(tx, caller.merchantId, id, 'EN');
        if (!p) throw promoError('not_found');
        const viewer = await repo.viewerOf(tx, caller.id);
        if (!viewer) throw promoError('not_found');
        const latest = (await repo.latestEntries(tx, caller.id, [id])).get(id);
        if (latest && isOpen(latest.entry.state)) throw promoError('already_joined');
        const used = latest?.used ?? 0;
        refuseJoin(repo.rulesOf(p), now, { viewer, used });
        await repo.insertEntry(tx, {
          promotionId: id,
          memberId: caller.id,
          seq: used + 1,
          state: 'joined',
          joinedAt: now,
        });
      });
      return detailOf(db, caller, id, language);
    },

    /**
     * The application (spec §3): images checked and re-encoded first, then in one transaction the
     * entry moves to applying with its comment, amount and images. Any refusal stores nothing.
     */
    async apply(
      caller: Caller,
      input: {
        id: number;
        comment?: string | undefined;
        images?: { type: ImageType; data: string }[] | undefined;
        language?: LanguageCode | undefined;
      },
    ): Promise<PromoDetail> {
      if (caller.type === TRIAL_TYPE) throw trialRefused();
      const comment = (input.comment ?? '').trim();
      if ([...comment].length > PROMO_COMMENT_MAX) throw promoError('comment_too_long', 'comment');
      const images = cleanImages(input.images ?? []);
      await db.withTx(async (tx) => {
        const now = deps.now();
        await repo.lockMemberPromotion(tx, input.id, caller.id);
        const p = await repo.findPromotion(tx, caller.merchantId, input.id, 'EN');
        if (!p) throw promoError('not_found');
        if (p.kind !== 'bonus' || !p.approval) throw promoError('no_approval_needed');
        const rules = repo.rulesOf(p);
        const viewer = await repo.viewerOf(tx, caller.id);
        if (!viewer) throw promoError('not_found');
        const latest = (await repo.latestEntries(tx, caller.id, [p.id])).get(p.id);
        let entryId: string;
        let progress: Progress = { deposit: 0, turnover: 0 };
        if (latest && isOpen(latest.entry.state)) {
          if (latest.entry.state !== 'joined') throw promoError('already_applied');
          entryId = latest.entry.id;
          if (now.getTime() < rules.runFrom.getTime()) throw promoError('requirements_unmet');
          progress = await repo.progressOf(
            tx,
            caller.id,
            countingWindow(rules, new Date(latest.entry.joined_at), now),
            p.verticals,
          );
        } else {
          // Nothing to reach: joining and applying are one step (inside the sign-up window).
          if (!noRequirements(rules)) throw promoError('not_joined');
          const used = latest?.used ?? 0;
          refuseJoin(rules, now, { viewer, used });
          if (now.getTime() < rules.runFrom.getTime()) throw promoError('requirements_unmet');
          entryId = await repo.insertEntry(tx, {
            promotionId: p.id,
            memberId: caller.id,
            seq: used + 1,
            state: 'joined',
            joinedAt: now,
          });
        }
        if (now.getTime() > rules.claimTo.getTime()) throw promoError('claim_expired');
        if (!requirementsMet(rules, progress)) throw promoError('requirements_unmet');
        await tx.query(
          `update promotion_entries set state = 'applying', comment = $2, amount = $3, applied_at = $4
            where id = $1`,
          [entryId, comment || null, bonusFor(rules, progress.deposit), now],
        );
        for (const img of images)
          await tx.query(
            `insert into promotion_images (entry_id, member_id, content_type, width, height, bytes)
             values ($1, $2, $3, $4, $5, $6)`,
            [entryId, caller.id, img.type, img.width, img.height, img.bytes],
          );
      });
      return detailOf(db, caller, input.id, input.language);
    },

    /** Pays a bonus once per key (and once per entry, whatever the keys). */
    claim(caller: Caller, input: { entryId: number; key: string }, via: 'bonus' | 'raffle') {
      if (caller.type === TRIAL_TYPE) throw trialRefused();
      return once(
        deps.money,
        {
          memberId: caller.id,
          key: input.key,
          scope: via === 'raffle' ? 'raffleClaim' : 'promoClaim',
          body: { entryId: input.entryId },
        },
        (tx) => payEntry(tx, caller, input.entryId, via),
      );
    },

    /** One image of the caller's own application, or null (another member's is not found either). */
    async image(caller: Caller, id: string): Promise<{ type: ImageType; bytes: Buffer } | null> {
      const [row] = await db.query<{ content_type: ImageType; bytes: Uint8Array }>(
        'select content_type, bytes from promotion_images where id = $1 and member_id = $2',
        [id, caller.id],
      );
      return row ? { type: row.content_type, bytes: Buffer.from(row.bytes) } : null;
    },

    /** The claim hall: approved applications, raffle prizes, and entries whose requirements are met. */
    async claimHall(caller: Caller, language?: LanguageCode): Promise<{ items: ClaimItem[]; total: number }> {
      const now = deps.now();
      const rows = await db.query<
        repo.PromoWithText & { entry_id: string; state: string; e_amount: string | null; joined_at: Date }
      >(
        `select p.*, tx.title, tx.summary, '' as content, e.id as entry_id, e.state, e.amount as e_amount, e.joined_at
           from promotion_entries e join promotions p on p.id = e.promotion_id
           cross join lateral (
             select t.title, t.summary from promotion_texts t where t.promotion_id = p.id
              order by (t.language = $3) desc, (t.language = 'EN') desc, (t.language = 'MY') desc, t.language limit 1) tx
          where e.member_id = $1 and p.merchant_id = $4 and p.claim_to >= $2::timestamptz
            and (e.state in ('approved', 'won')
              or (e.state = 'joined' and p.kind = 'bonus' and not p.approval and p.run_from <= $2::timestamptz))
          order by p.claim_to, e.id`,
        [caller.id, now, repo.textLanguage(language), caller.merchantId],
      );
      const items: ClaimItem[] = [];
      for (const r of rows) {
        const rules = repo.rulesOf(r);
        let amount = Number(r.e_amount ?? 0);
        let reason: ClaimItem['reason'] = r.state === 'won' ? 'won' : 'approved';
        if (r.state === 'joined') {
          const progress = await repo.progressOf(
            db,
            caller.id,
            countingWindow(rules, new Date(r.joined_at), now),
            r.verticals,
          );
          if (!requirementsMet(rules, progress)) continue;
          amount = bonusFor(rules, progress.deposit);
          reason = 'met';
        }
        items.push({
          entryId: Number(r.entry_id),
          promotionId: r.id,
          kind: r.kind,
          category: r.category,
          title: r.title,
          amount,
          reason,
          claimTo: iso(r.claim_to)!,
        });
      }
      return { items, total: items.reduce((s, i) => s + i.amount, 0) };
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
