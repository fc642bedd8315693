import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Goods } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { ListPager } from '@/components/ui/list-pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useUiStore } from '@/lib/ui-store';
import { useGoods } from '../api/get-goods';
import { GoodsDialog } from './goods-dialog';
import styles from './point-mall.module.css';
import { formatPoints, useLocalized, useMoney } from './shared';

const KINDS = ['all', 'cash', 'physical'] as const;
type Kind = (typeof KINDS)[number];
/** Goods per page: a grid of two to four columns. */
export const GOODS_PAGE_SIZE = 12;

function GoodsCard({ goods, onOpen }: { goods: Goods; onOpen: (g: Goods) => void }) {
  const { t } = useTranslation();
  const name = useLocalized()(goods.name);
  const { money } = useMoney();
  const soldOut = goods.stock <= 0;
  return (
    <li className={styles.goodsCard} aria-label={name}>
      <img className={styles.goodsImage} src={goods.image} alt="" width={320} height={200} loading="lazy" />
      <div className={styles.goodsBody}>
        <h3 className={styles.goodsName}>{name}</h3>
        <p className={styles.goodsPrice}>
          <strong>{formatPoints(goods.points)}</strong> {t('points.goods.points_unit')}
        </p>
        <p className={styles.goodsMeta}>
          {goods.amount !== null ? (
            <span>{t('points.goods.value', { amount: money(goods.amount) })}</span>
          ) : null}
          <span>
            {soldOut ? t('points.goods.sold_out') : t('points.goods.stock', { n: formatPoints(goods.stock) })}
          </span>
        </p>
        <Button
          className={styles.goodsButton}
          onClick={() => onOpen(goods)}
          disabled={soldOut}
          aria-label={t('points.goods.redeem_named', { name })}
        >
          {t('points.goods.redeem')}
        </Button>
      </div>
    </li>
  );
}

/** The goods of the point mall: cash vouchers and items, cheapest first, with a kind filter. */
export function GoodsList() {
  const { t } = useTranslation();
  const session = useSession();
  const [kind, setKind] = useState<Kind>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Goods | null>(null);
  const goods = useGoods({ kind, page, pageSize: GOODS_PAGE_SIZE }, session.isLoggedIn);

  const onOpen = (g: Goods) => {
    if (!session.isLoggedIn) useUiStore.getState().openModal({ kind: 'login' });
    else setOpen(g);
  };

  return (
    <div className={styles.section}>
      <div className={styles.chips} role="group" aria-label={t('points.goods.filter')}>
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={styles.chip}
            aria-pressed={kind === k}
            onClick={() => {
              setKind(k);
              setPage(1);
            }}
          >
            {t(`points.goods.kinds.${k}`)}
          </button>
        ))}
      </div>
      {goods.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : goods.isError ? (
        <ErrorState messageKey={errorKey(goods.error)} onRetry={() => void goods.refetch()} />
      ) : goods.data.items.length === 0 ? (
        <EmptyState title={t('points.goods.empty')} />
      ) : (
        <>
          <ul
            className={styles.goodsGrid}
            aria-label={t('points.goods.list')}
            aria-busy={goods.isPlaceholderData || undefined}
          >
            {goods.data.items.map((g) => (
              <GoodsCard key={g.id} goods={g} onOpen={onOpen} />
            ))}
          </ul>
          <ListPager list={goods.data} onChange={setPage} disabled={goods.isPlaceholderData} />
        </>
      )}
      {open ? <GoodsDialog goods={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
