import type { ComponentType } from 'react';
import { loadChunk } from '@/lib/chunk';
import { loadCatalogues } from '@/lib/i18n';

/**
 * The page's code arrives with its loader (one more chunk), so the list of its modules lives in
 * this chunk and not in the home page's (issue 9: the home page's JS budget).
 */
let PointMall: ComponentType | null = null;

/** The point mall's code and texts (with the money and records texts it uses), before it renders. */
export async function loader() {
  const [page] = await Promise.all([
    loadChunk(() => import('@/features/points/components/point-mall')),
    // The catalogue chunk registers the 'points' texts' loaders; then they load with the others.
    loadChunk(() => import('@/features/points/catalogues')).then(() =>
      loadCatalogues('money', 'records', 'points'),
    ),
  ]);
  PointMall = page.PointMall;
  return null;
}

/** Point mall (/pointMall, issue 9): points balance, goods, exchange records, points details, rules. */
export function Component() {
  return PointMall ? <PointMall /> : null;
}
