import type { LanguageCode, PromoCategory, PromoTag } from '@app/contracts';

export interface PromotionsQuery {
  category?: PromoCategory | undefined;
  tag?: PromoTag | undefined;
  page: number;
  language: LanguageCode;
}

/**
 * Every promotions query key starts with 'promotions' (a join, an application or a claim
 * invalidates that one prefix). The session is part of each key: what a member sees (their
 * status) differs from what a guest sees.
 */
export const promotionKeys = {
  all: ['promotions'] as const,
  list: (q: PromotionsQuery, signedIn: boolean) => ['promotions', 'list', q, signedIn] as const,
  detail: (id: number, language: LanguageCode, signedIn: boolean) =>
    ['promotions', 'detail', id, language, signedIn] as const,
  claims: (language: LanguageCode) => ['promotions', 'claims', language] as const,
};
