import type { LocalizedText, PointsCategory } from '@app/contracts';
import type { Db } from '../db/db.ts';

/**
 * The point mall's demo data (issue 9): the merchant's ratios and a set of goods (cash vouchers
 * and a few items, named in five languages). Points themselves come only from real settled bets
 * and deposits, through the accrual job: the demo accounts start at 0 (none has a seeded bet).
 */

/** Every `betUnit` minor units earn `points`; redeem: `points` points convert to `betUnit`. */
export const DEMO_POINTS_RULES: Record<PointsCategory, { betUnit: number; points: number }> = {
  slots: { betUnit: 1_000, points: 1 },
  lottery: { betUnit: 1_000, points: 1 },
  sports: { betUnit: 1_000, points: 1 },
  live: { betUnit: 2_000, points: 1 },
  card: { betUnit: 2_000, points: 1 },
  deposit: { betUnit: 10_000, points: 1 },
  redeem: { betUnit: 1_000, points: 100 },
};

export interface DemoGoods {
  code: string;
  kind: 'cash' | 'physical';
  icon: string;
  points: number;
  /** Cash value per item, minor units. */
  amount: number | null;
  stock: number;
  perMemberLimit: number | null;
  name: LocalizedText;
}

const CASH_NOTE: LocalizedText = {
  MY: 'လဲလှယ်မှု အတည်ပြုပြီးသည်နှင့် သင်၏ ပင်မပိုက်ဆံအိတ်ထဲသို့ ထည့်ပေးပါမည်။',
  EN: 'Paid into your main wallet as soon as the redemption is approved.',
  CN: '兑换审核通过后立即存入您的主钱包。',
  TH: 'โอนเข้ากระเป๋าหลักของคุณทันทีที่การแลกได้รับอนุมัติ',
  VI: 'Được cộng vào ví chính ngay khi yêu cầu đổi được duyệt.',
};
const ITEM_NOTE: LocalizedText = {
  MY: 'အတည်ပြုပြီး ရက် ၁၄ ရက်အတွင်း သင်ပေးထားသော လိပ်စာသို့ ပို့ဆောင်ပေးပါမည်။',
  EN: 'Delivered to the address you give within 14 days of approval.',
  CN: '审核通过后 14 天内寄送到您填写的地址。',
  TH: 'จัดส่งไปยังที่อยู่ที่คุณระบุภายใน 14 วันหลังได้รับอนุมัติ',
  VI: 'Giao đến địa chỉ bạn cung cấp trong vòng 14 ngày sau khi được duyệt.',
};

const voucher = (
  code: string,
  kyat: number,
  myKyat: string,
  points: number,
  stock: number,
  limit: number,
): DemoGoods => ({
  code,
  kind: 'cash',
  icon: 'voucher',
  points,
  amount: kyat * 100,
  stock,
  perMemberLimit: limit,
  name: {
    MY: `${myKyat} ကျပ် ငွေသားဘောက်ချာ`,
    EN: `MMK ${kyat.toLocaleString('en-US')} cash voucher`,
    CN: `${kyat.toLocaleString('en-US')} 缅元现金券`,
    TH: `บัตรเงินสด ${kyat.toLocaleString('en-US')} จ๊าด`,
    VI: `Phiếu tiền mặt ${kyat.toLocaleString('en-US')} MMK`,
  },
});

export const DEMO_GOODS: DemoGoods[] = [
  voucher('voucher-10', 10, '၁၀', 100, 1_000, 10),
  voucher('voucher-50', 50, '၅၀', 480, 500, 5),
  voucher('voucher-200', 200, '၂၀၀', 1_900, 200, 3),
  voucher('voucher-1000', 1_000, '၁,၀၀၀', 9_000, 50, 1),
  {
    code: 'mug',
    kind: 'physical',
    icon: 'mug',
    points: 800,
    amount: null,
    stock: 100,
    perMemberLimit: 2,
    name: {
      MY: 'အမှတ်တံဆိပ်ပါ ကော်ဖီခွက်',
      EN: 'Branded coffee mug',
      CN: '品牌咖啡杯',
      TH: 'แก้วกาแฟแบรนด์',
      VI: 'Cốc cà phê in logo',
    },
  },
  {
    code: 'umbrella',
    kind: 'physical',
    icon: 'umbrella',
    points: 1_200,
    amount: null,
    stock: 80,
    perMemberLimit: 2,
    name: { MY: 'ခေါက်ထီး', EN: 'Folding umbrella', CN: '折叠伞', TH: 'ร่มพับ', VI: 'Ô gấp' },
  },
  {
    code: 'tshirt',
    kind: 'physical',
    icon: 'shirt',
    points: 2_500,
    amount: null,
    stock: 60,
    perMemberLimit: 2,
    name: { MY: 'အသင်း တီရှပ်', EN: 'Team T-shirt', CN: '团队 T 恤', TH: 'เสื้อยืดทีม', VI: 'Áo thun đội' },
  },
  {
    code: 'earbuds',
    kind: 'physical',
    icon: 'earbuds',
    points: 25_000,
    amount: 250_000,
    stock: 20,
    perMemberLimit: 1,
    name: {
      MY: 'ကြိုးမဲ့ နားကြပ်',
      EN: 'Wireless earbuds',
      CN: '无线耳机',
      TH: 'หูฟังไร้สาย',
      VI: 'Tai nghe không dây',
    },
  },
  {
    code: 'watch',
    kind: 'physical',
    icon: 'watch',
    points: 60_000,
    amount: 600_000,
    stock: 10,
    perMemberLimit: 1,
    name: { MY: 'စမတ်နာရီ', EN: 'Smart watch', CN: '智能手表', TH: 'สมาร์ทวอทช์', VI: 'Đồng hồ thông minh' },
  },
  {
    code: 'phone',
    kind: 'physical',
    icon: 'phone',
    points: 150_000,
    amount: 1_500_000,
    stock: 3,
    perMemberLimit: 1,
    name: {
      MY: 'စမတ်ဖုန်း',
      EN: 'Smartphone',
      CN: '智能手机',
      TH: 'สมาร์ทโฟน',
      VI: 'Điện thoại thông minh',
    },
  },
];

/**
 * Created when missing (every start calls it: also on a database seeded before), under an
 * advisory lock so several instances starting at once seed it once. Rules and goods an operator
 * changed are left as they are.
 */
export async function seedDemoPoints(db: Db, merchantId: number): Promise<void> {
  await db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed-points:' || current_schema()))`);
    const rules = Object.entries(DEMO_POINTS_RULES);
    await tx.query(
      `insert into points_rules (merchant_id, category, bet_unit, points)
       select $1, r.category, r.bet_unit, r.points from unnest($2::text[], $3::bigint[], $4::int[]) as r(category, bet_unit, points)
       on conflict (merchant_id, category) do nothing`,
      [merchantId, rules.map(([c]) => c), rules.map(([, r]) => r.betUnit), rules.map(([, r]) => r.points)],
    );
    await tx.query(
      `insert into points_goods (merchant_id, code, kind, icon, points, amount, stock, per_member_limit, name, description, sort)
       select $1, g.code, g.kind, g.icon, g.points, g.amount, g.stock, g.per_member_limit, g.name, g.description, g.ord * 10
         from unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::int[], $8::int[], $9::jsonb[],
                     $10::jsonb[]) with ordinality
              as g(code, kind, icon, points, amount, stock, per_member_limit, name, description, ord)
       on conflict (merchant_id, code) do nothing`,
      [
        merchantId,
        DEMO_GOODS.map((g) => g.code),
        DEMO_GOODS.map((g) => g.kind),
        DEMO_GOODS.map((g) => g.icon),
        DEMO_GOODS.map((g) => g.points),
        DEMO_GOODS.map((g) => g.amount),
        DEMO_GOODS.map((g) => g.stock),
        DEMO_GOODS.map((g) => g.perMemberLimit),
        DEMO_GOODS.map((g) => JSON.stringify(g.name)),
        DEMO_GOODS.map((g) => JSON.stringify(g.kind === 'cash' ? CASH_NOTE : ITEM_NOTE)),
      ],
    );
  });
}
