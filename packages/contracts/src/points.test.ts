import { describe, expect, it } from 'vitest';
import {
  endpointList,
  EXCHANGE_STATUSES,
  POINTS_CATEGORIES,
  pointsConvert,
  pointsEndpoints,
  pointsRedeem,
  pointsRewardDetail,
} from './index.ts';

/** Issue 9: the point mall's contract (spec §3 categories, §4 statuses, §7 points calls). */

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('points contract', () => {
  it('names the spec categories and statuses and joins the endpoint table under /wps/points', () => {
    expect(POINTS_CATEGORIES).toEqual(['live', 'lottery', 'card', 'slots', 'sports', 'redeem', 'deposit']);
    expect(EXCHANGE_STATUSES).toEqual(['applying', 'rejected', 'approved']);
    for (const e of Object.values(pointsEndpoints)) {
      expect(endpointList).toContain(e);
      expect(e.path.startsWith('/wps/points/')).toBe(true);
      expect(e.moduleId).toBe('PNT');
    }
  });

  it('refuses a quantity that is not a whole number 1–99 with points.errors.quantity', () => {
    const body = { goodsId: 1, paymentPassword: '135790', key: 'abcdefgh12' };
    for (const quantity of [0, -1, 1.5, 100, '2'])
      expect(firstMessage(pointsRedeem.request.safeParse({ ...body, quantity }))).toBe(
        'points.errors.quantity',
      );
    expect(pointsRedeem.request.safeParse({ ...body, quantity: 99 }).success).toBe(true);
    expect(pointsRedeem.request.safeParse({ ...body, quantity: 1, address: 'x'.repeat(301) }).success).toBe(
      false,
    );
  });

  it('refuses points to convert that are not a positive whole number', () => {
    const body = { paymentPassword: '135790', key: 'abcdefgh12' };
    for (const points of [0, -100, 10.5, 'x'])
      expect(firstMessage(pointsConvert.request.safeParse({ ...body, points }))).toBe(
        'points.errors.points_invalid',
      );
    expect(pointsConvert.request.safeParse({ ...body, points: 100 }).success).toBe(true);
  });

  it('takes a good id from the query string; anything else is an unknown good', () => {
    expect(pointsRewardDetail.request.safeParse({ id: '12' })).toMatchObject({
      success: true,
      data: { id: 12 },
    });
    for (const id of ['0', 'abc', '-1', '1.5'])
      expect(firstMessage(pointsRewardDetail.request.safeParse({ id }))).toBe('points.errors.unknown_goods');
  });
});
