import type { LocalizedText, MissionMetric, MissionPeriod } from '@app/contracts';
import type { Db } from '../db/db.ts';

/**
 * The demo rewards of issue 9: the merchant's invitation rule (a friend's succeeded deposit of at
 * least MMK 1,000.00 gives the inviter MMK 1,000.00, claimable for 30 days), three daily and three
 * weekly missions with their names in five languages, and one operator grant for demo01 (a
 * welcome reward, with its notice). Created when missing (every start calls it: also on a
 * database seeded before), under an advisory lock so several instances starting at once seed it
 * once. Nothing here is a completion: missions are completed by real bets and deposits.
 */

export interface MissionSeed {
  code: string;
  period: MissionPeriod;
  metric: MissionMetric;
  vertical: string | null;
  target: number;
  reward: number;
  points: number;
  names: LocalizedText;
}

/** Mission rewards can be claimed for this many days after the mission was completed. */
export const MISSION_CLAIM_DAYS = 7;

export const DEMO_MISSIONS: readonly MissionSeed[] = [
  {
    code: 'D_BETS_10',
    period: 'daily',
    metric: 'bet_count',
    vertical: null,
    target: 10,
    reward: 50_000,
    points: 10,
    names: {
      MY: 'ယနေ့ လောင်းကြေး ၁၀ ကြိမ် ထိုးပါ',
      EN: 'Place 10 bets today',
      CN: '今日投注 10 次',
      TH: 'วางเดิมพัน 10 ครั้งวันนี้',
      VI: 'Đặt cược 10 lần hôm nay',
    },
  },
  {
    code: 'D_SLOT_WIN',
    period: 'daily',
    metric: 'win_count',
    vertical: 'slots',
    target: 1,
    reward: 30_000,
    points: 10,
    names: {
      MY: 'စလော့ဂိမ်း တစ်ပွဲ နိုင်ပါ',
      EN: 'Win a slot round',
      CN: '赢得一局老虎机',
      TH: 'ชนะสล็อต 1 รอบ',
      VI: 'Thắng một ván slot',
    },
  },
  {
    code: 'D_STAKE_5K',
    period: 'daily',
    metric: 'bet_amount',
    vertical: null,
    target: 500_000,
    reward: 50_000,
    points: 15,
    names: {
      MY: 'ယနေ့ MMK ၅,၀၀၀ လောင်းပါ',
      EN: 'Bet MMK 5,000 today',
      CN: '今日投注 MMK 5,000',
      TH: 'เดิมพันรวม MMK 5,000 วันนี้',
      VI: 'Cược MMK 5.000 hôm nay',
    },
  },
  {
    code: 'W_DEPOSIT',
    period: 'weekly',
    metric: 'deposit_count',
    vertical: null,
    target: 1,
    reward: 100_000,
    points: 20,
    names: {
      MY: 'ဤအပတ်အတွင်း တစ်ကြိမ် ငွေသွင်းပါ',
      EN: 'Deposit once this week',
      CN: '本周存款一次',
      TH: 'ฝากเงิน 1 ครั้งในสัปดาห์นี้',
      VI: 'Nạp tiền một lần trong tuần này',
    },
  },
  {
    code: 'W_LOTTERY_50K',
    period: 'weekly',
    metric: 'bet_amount',
    vertical: 'lottery',
    target: 5_000_000,
    reward: 300_000,
    points: 50,
    names: {
      MY: 'ဤအပတ်အတွင်း ထီတွင် MMK ၅၀,၀၀၀ လောင်းပါ',
      EN: 'Bet MMK 50,000 on lottery this week',
      CN: '本周彩票投注 MMK 50,000',
      TH: 'แทงหวยรวม MMK 50,000 ในสัปดาห์นี้',
      VI: 'Cược xổ số MMK 50.000 trong tuần này',
    },
  },
  {
    code: 'W_BETS_100',
    period: 'weekly',
    metric: 'bet_count',
    vertical: null,
    target: 100,
    reward: 200_000,
    points: 40,
    names: {
      MY: 'ဤအပတ်အတွင်း လောင်းကြေး ၁၀၀ ကြိမ် ထိုးပါ',
      EN: 'Place 100 bets this week',
      CN: '本周投注 100 次',
      TH: 'วางเดิมพัน 100 ครั้งในสัปดาห์นี้',
      VI: 'Đặt cược 100 lần trong tuần này',
    },
  },
];

export const DEMO_REFERRAL_RULE = { minDeposit: 100_000, reward: 100_000, claimDays: 30 };
const WELCOME = { account: 'demo01', amount: 10_000, title: 'Welcome reward', key: 'grant:demo-welcome' };

export async function seedDemoRewards(db: Db, merchantId: number): Promise<void> {
  await db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed-rewards:' || current_schema()))`);
    const r = DEMO_REFERRAL_RULE;
    await tx.query(
      `insert into referral_rules (merchant_id, min_deposit, reward, claim_days) values ($1, $2, $3, $4)
       on conflict (merchant_id) do nothing`,
      [merchantId, r.minDeposit, r.reward, r.claimDays],
    );
    const list = DEMO_MISSIONS;
    await tx.query(
      `insert into missions (merchant_id, code, names, period, metric, vertical, target, reward, points, claim_days, sort)
       select $1, m.code, m.names::jsonb, m.period, m.metric, nullif(m.vertical, ''), m.target, m.reward, m.points, $10,
              m.ord * 10
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::int[])
              with ordinality as m(code, names, period, metric, vertical, target, reward, points, ord)
       on conflict (merchant_id, code) do nothing`,
      [
        merchantId,
        list.map((m) => m.code),
        list.map((m) => JSON.stringify(m.names)),
        list.map((m) => m.period),
        list.map((m) => m.metric),
        list.map((m) => m.vertical ?? ''),
        list.map((m) => m.target),
        list.map((m) => m.reward),
        list.map((m) => m.points),
        MISSION_CLAIM_DAYS,
      ],
    );
    // The operator's welcome grant for demo01, once (its source key), with its inbox notice.
    const [granted] = await tx.query<{ id: string; member_id: string }>(
      `insert into rewards (merchant_id, member_id, source, source_key, amount, title)
       select $1, id, 'grant', $3, $4, $5 from members where merchant_id = $1 and account = $2
       on conflict do nothing returning id::text as id, member_id::text as member_id`,
      [merchantId, WELCOME.account, WELCOME.key, WELCOME.amount, WELCOME.title],
    );
    if (granted) {
      await tx.query(`insert into messages (member_id, kind, params) values ($1, 'reward_available', $2)`, [
        granted.member_id,
        JSON.stringify({ name: WELCOME.title, amount: WELCOME.amount, rewardId: Number(granted.id) }),
      ]);
    }
  });
}
