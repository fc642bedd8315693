import type { BetVertical, CompleteLanguage, PromoCategory, PromoTag } from '@app/contracts';
import type { Db, Queryable } from '../db/db.ts';
import { sanitizeHtml } from '../lib/sanitize-html.ts';

/**
 * The demo promotions of issue 9, created when missing (every start calls it: also on a database
 * seeded before), under an advisory lock so several instances starting at once seed it once.
 *
 * Eight activities across categories, kinds and phases, their windows relative to the first start:
 * a welcome bonus for new members (a share of the first deposits), an app-download reward the
 * operator approves (demo01 can apply at once: no deposit or turnover to reach), daily slots and
 * first-bet sports bonuses paid on turnover, a live-casino weekend that opens in five days, a VIP
 * rebate, a lottery raffle with three winners, and a fishing event that has ended. player01 has
 * taken part in two of them (an approved application waiting in the claim hall, a slots entry in
 * progress), so those statuses show on a fresh start too. Texts in MY, EN, CN, TH and VI.
 */

type Texts = Record<CompleteLanguage, { title: string; summary: string; content: string }>;

interface DemoPromotion {
  code: string;
  kind: 'bonus' | 'raffle';
  category: PromoCategory;
  tags: PromoTag[];
  sort: number;
  /** Days from the first start: sign-up and run windows, claims. */
  signup: [number, number];
  run: [number, number];
  claimDays: number;
  audience?: 'all' | 'newbie' | 'vip';
  minDeposit?: number;
  turnover?: number;
  verticals?: BetVertical[];
  bonus: { fixed: number } | { percent: number; cap: number };
  approval?: boolean;
  maxEntries?: number;
  winners?: number;
  texts: Texts;
}

const DAY_MS = 86_400_000;

export const DEMO_PROMOTIONS: DemoPromotion[] = [
  {
    code: 'WELCOME100',
    kind: 'bonus',
    category: 'newbie',
    tags: ['newbie', 'limited'],
    sort: 10,
    signup: [-3, 60],
    run: [-3, 60],
    claimDays: 67,
    audience: 'newbie',
    minDeposit: 1_000_000,
    turnover: 3_000_000,
    bonus: { percent: 10_000, cap: 10_000_000 },
    texts: {
      MY: {
        title: 'ကြိုဆိုရေး ဘောနပ်စ် 100%',
        summary: 'အဖွဲ့ဝင်သစ်များအတွက် ပထမအပ်ငွေ၏ 100% ကို MMK 100,000 အထိ ရယူပါ။',
        content:
          '<p>အကောင့်ဖွင့်ပြီး ရက် ၃၀ အတွင်း ပါဝင်နိုင်သည်။</p><ul><li>ပါဝင်ပြီးနောက် MMK 10,000 အနည်းဆုံး အပ်ငွေထည့်ပါ။</li><li>MMK 30,000 လောင်းကြေး ပြည့်မီရပါမည်။</li><li>ဘောနပ်စ်သည် အပ်ငွေ၏ 100% ဖြစ်ပြီး MMK 100,000 အထိ ဖြစ်သည်။</li></ul>',
      },
      EN: {
        title: 'Welcome bonus 100%',
        summary: 'New members get 100% of their deposits as a bonus, up to MMK 100,000.',
        content:
          '<p>For members who registered within the last 30 days.</p><ul><li>Join, then deposit at least MMK 10,000.</li><li>Reach MMK 30,000 of turnover in settled bets.</li><li>The bonus is 100% of what you deposited after joining, up to MMK 100,000.</li></ul>',
      },
      CN: {
        title: '新人首存礼 100%',
        summary: '新会员存款即送 100% 红利，最高 MMK 100,000。',
        content:
          '<p>注册 30 天内的会员可参加。</p><ul><li>报名后存款至少 MMK 10,000。</li><li>已结算投注流水达到 MMK 30,000。</li><li>红利为报名后存款的 100%，最高 MMK 100,000。</li></ul>',
      },
      TH: {
        title: 'โบนัสต้อนรับ 100%',
        summary: 'สมาชิกใหม่รับโบนัส 100% ของยอดฝาก สูงสุด MMK 100,000',
        content:
          '<p>สำหรับสมาชิกที่สมัครภายใน 30 วัน</p><ul><li>เข้าร่วม แล้วฝากอย่างน้อย MMK 10,000</li><li>ทำยอดเทิร์นโอเวอร์จากเดิมพันที่ชำระแล้วให้ครบ MMK 30,000</li><li>โบนัส 100% ของยอดฝากหลังเข้าร่วม สูงสุด MMK 100,000</li></ul>',
      },
      VI: {
        title: 'Thưởng chào mừng 100%',
        summary: 'Thành viên mới nhận thưởng 100% tiền nạp, tối đa MMK 100,000.',
        content:
          '<p>Dành cho thành viên đăng ký trong 30 ngày gần đây.</p><ul><li>Tham gia, sau đó nạp ít nhất MMK 10,000.</li><li>Đạt MMK 30,000 doanh thu cược đã kết toán.</li><li>Thưởng bằng 100% số tiền nạp sau khi tham gia, tối đa MMK 100,000.</li></ul>',
      },
    },
  },
  {
    code: 'APPSHARE',
    kind: 'bonus',
    category: 'download',
    tags: ['special'],
    sort: 20,
    signup: [-1, 90],
    run: [-1, 90],
    claimDays: 97,
    bonus: { fixed: 8_800 },
    approval: true,
    texts: {
      MY: {
        title: 'အက်ပ်ဒေါင်းလုဒ် ဆုလာဘ်',
        summary: 'အက်ပ်ကို ဒေါင်းလုဒ်လုပ်ပြီး ဖန်သားပြင်ဓာတ်ပုံ တင်ပါ၊ MMK 88 ရယူပါ။',
        content:
          '<p>ကျွန်ုပ်တို့၏ အက်ပ်ကို ထည့်သွင်းပြီး ဝင်ရောက်ထားသော ဖန်သားပြင်ဓာတ်ပုံကို လျှောက်လွှာနှင့်အတူ တင်ပါ။</p><p>စစ်ဆေးပြီးနောက် ဘောနပ်စ်ကို ဆုလာဘ်ခန်းမတွင် ရယူနိုင်ပါသည်။</p>',
      },
      EN: {
        title: 'App download reward',
        summary: 'Install the app, send us a screenshot and get MMK 88.',
        content:
          '<p>Install our app from the <a href="/down">download page</a>, sign in, and send a screenshot of the signed-in app with your application.</p><p>Once we have checked it, the bonus waits for you in the claim hall.</p>',
      },
      CN: {
        title: 'APP 下载奖励',
        summary: '安装 APP 并上传截图，即得 MMK 88。',
        content:
          '<p>从<a href="/down">下载页面</a>安装 APP 并登录，申请时上传登录后的截图。</p><p>审核通过后，红利在领取大厅等你领取。</p>',
      },
      TH: {
        title: 'รางวัลดาวน์โหลดแอป',
        summary: 'ติดตั้งแอป ส่งภาพหน้าจอ รับ MMK 88',
        content:
          '<p>ติดตั้งแอปจาก<a href="/down">หน้าดาวน์โหลด</a> เข้าสู่ระบบ แล้วแนบภาพหน้าจอแอปที่เข้าสู่ระบบแล้วพร้อมใบสมัคร</p><p>เมื่อตรวจสอบแล้ว โบนัสจะรอคุณอยู่ในห้องรับรางวัล</p>',
      },
      VI: {
        title: 'Thưởng tải ứng dụng',
        summary: 'Cài ứng dụng, gửi ảnh chụp màn hình và nhận MMK 88.',
        content:
          '<p>Cài ứng dụng từ <a href="/down">trang tải về</a>, đăng nhập và gửi ảnh chụp màn hình ứng dụng đã đăng nhập kèm đơn đăng ký.</p><p>Sau khi chúng tôi kiểm tra, tiền thưởng chờ bạn trong sảnh nhận thưởng.</p>',
      },
    },
  },
  {
    code: 'SLOTSDAILY',
    kind: 'bonus',
    category: 'slots',
    tags: ['daily', 'high_rebate'],
    sort: 30,
    signup: [-2, 30],
    run: [-2, 30],
    claimDays: 37,
    turnover: 500_000,
    verticals: ['slots'],
    bonus: { fixed: 1_800 },
    maxEntries: 7,
    texts: {
      MY: {
        title: 'စလော့ နေ့စဉ် ဘောနပ်စ်',
        summary: 'စလော့တွင် MMK 5,000 ကစားပြီး MMK 18 ရယူပါ — ၇ ကြိမ်အထိ။',
        content:
          '<p>ပါဝင်ပြီးနောက် စလော့ဂိမ်းများတွင် MMK 5,000 လောင်းကြေးပြည့်ပါက MMK 18 ရယူနိုင်သည်။</p><p>ရယူပြီးတိုင်း ထပ်မံ ပါဝင်နိုင်ပြီး စုစုပေါင်း ၇ ကြိမ်အထိ ဖြစ်သည်။</p>',
      },
      EN: {
        title: 'Slots daily bonus',
        summary: 'Spin MMK 5,000 on slots and collect MMK 18 — up to 7 times.',
        content:
          '<p>After joining, reach MMK 5,000 of settled slot bets and claim MMK 18.</p><p>Join again after each claim, up to 7 times in all.</p>',
      },
      CN: {
        title: '老虎机每日红利',
        summary: '老虎机流水 MMK 5,000 即领 MMK 18，最多 7 次。',
        content:
          '<p>报名后，老虎机已结算流水达到 MMK 5,000 即可领取 MMK 18。</p><p>每次领取后可再次报名，共 7 次。</p>',
      },
      TH: {
        title: 'โบนัสสล็อตรายวัน',
        summary: 'เล่นสล็อตครบ MMK 5,000 รับ MMK 18 สูงสุด 7 ครั้ง',
        content:
          '<p>หลังเข้าร่วม ทำยอดเดิมพันสล็อตที่ชำระแล้วครบ MMK 5,000 แล้วรับ MMK 18</p><p>เข้าร่วมใหม่ได้หลังรับแต่ละครั้ง รวมสูงสุด 7 ครั้ง</p>',
      },
      VI: {
        title: 'Thưởng slot hằng ngày',
        summary: 'Cược slot MMK 5,000 và nhận MMK 18 — tối đa 7 lần.',
        content:
          '<p>Sau khi tham gia, đạt MMK 5,000 tiền cược slot đã kết toán và nhận MMK 18.</p><p>Tham gia lại sau mỗi lần nhận, tổng cộng tối đa 7 lần.</p>',
      },
    },
  },
  {
    code: 'SPORTSFIRST',
    kind: 'bonus',
    category: 'sports',
    tags: ['newbie'],
    sort: 40,
    signup: [-5, 25],
    run: [-5, 25],
    claimDays: 32,
    turnover: 200_000,
    verticals: ['sports', 'esports'],
    bonus: { fixed: 5_000 },
    texts: {
      MY: {
        title: 'အားကစား ပထမလောင်းကြေး ဆုလာဘ်',
        summary: 'အားကစား သို့မဟုတ် အီးစပို့တွင် MMK 2,000 လောင်းပြီး MMK 50 ရယူပါ။',
        content: '<p>ပါဝင်ပြီးနောက် အားကစား သို့မဟုတ် အီးစပို့ လောင်းကြေး MMK 2,000 ပြည့်ပါက MMK 50 ရယူနိုင်သည်။</p>',
      },
      EN: {
        title: 'First sports bet reward',
        summary: 'Bet MMK 2,000 on sports or esports and collect MMK 50.',
        content: '<p>After joining, reach MMK 2,000 of settled sports or esports bets and claim MMK 50.</p>',
      },
      CN: {
        title: '体育首投奖励',
        summary: '体育或电竞投注 MMK 2,000，领取 MMK 50。',
        content: '<p>报名后，体育或电竞已结算投注达到 MMK 2,000 即可领取 MMK 50。</p>',
      },
      TH: {
        title: 'รางวัลเดิมพันกีฬาครั้งแรก',
        summary: 'เดิมพันกีฬาหรืออีสปอร์ต MMK 2,000 รับ MMK 50',
        content: '<p>หลังเข้าร่วม ทำยอดเดิมพันกีฬาหรืออีสปอร์ตที่ชำระแล้วครบ MMK 2,000 แล้วรับ MMK 50</p>',
      },
      VI: {
        title: 'Thưởng cược thể thao đầu tiên',
        summary: 'Cược MMK 2,000 thể thao hoặc thể thao điện tử, nhận MMK 50.',
        content:
          '<p>Sau khi tham gia, đạt MMK 2,000 tiền cược thể thao hoặc thể thao điện tử đã kết toán và nhận MMK 50.</p>',
      },
    },
  },
  {
    code: 'LIVEWEEKEND',
    kind: 'bonus',
    category: 'live',
    tags: ['limited'],
    sort: 50,
    signup: [5, 8],
    run: [5, 8],
    claimDays: 15,
    turnover: 1_000_000,
    verticals: ['live'],
    bonus: { fixed: 8_800 },
    texts: {
      MY: {
        title: 'တိုက်ရိုက်ကာစီနို ပိတ်ရက် ပွဲတော်',
        summary: 'ပိတ်ရက်တွင် ဘက်ကာရတ် MMK 10,000 ကစားပြီး MMK 88 ရယူပါ။',
        content: '<p>ပိတ်ရက် သုံးရက်အတွင်း တိုက်ရိုက်ကာစီနို လောင်းကြေး MMK 10,000 ပြည့်ပါက MMK 88 ရယူနိုင်သည်။</p>',
      },
      EN: {
        title: 'Live casino weekend',
        summary: 'Play MMK 10,000 of baccarat over the weekend and collect MMK 88.',
        content:
          '<p>Over three weekend days, reach MMK 10,000 of settled live casino bets and claim MMK 88.</p>',
      },
      CN: {
        title: '真人娱乐周末狂欢',
        summary: '周末百家乐投注 MMK 10,000，领取 MMK 88。',
        content: '<p>周末三天内，真人娱乐已结算投注达到 MMK 10,000 即可领取 MMK 88。</p>',
      },
      TH: {
        title: 'สุดสัปดาห์คาสิโนสด',
        summary: 'เล่นบาคาร่าครบ MMK 10,000 ช่วงสุดสัปดาห์ รับ MMK 88',
        content: '<p>ภายในสามวันสุดสัปดาห์ ทำยอดเดิมพันคาสิโนสดที่ชำระแล้วครบ MMK 10,000 แล้วรับ MMK 88</p>',
      },
      VI: {
        title: 'Cuối tuần sòng bài trực tiếp',
        summary: 'Chơi MMK 10,000 baccarat cuối tuần và nhận MMK 88.',
        content:
          '<p>Trong ba ngày cuối tuần, đạt MMK 10,000 tiền cược sòng bài trực tiếp đã kết toán và nhận MMK 88.</p>',
      },
    },
  },
  {
    code: 'VIPREBATE',
    kind: 'bonus',
    category: 'rebate',
    tags: ['vip', 'high_rebate'],
    sort: 60,
    signup: [-10, 50],
    run: [-10, 50],
    claimDays: 57,
    audience: 'vip',
    minDeposit: 10_000_000,
    bonus: { percent: 500, cap: 50_000_000 },
    texts: {
      MY: {
        title: 'VIP အပ်ငွေ ပြန်အမ်းငွေ 5%',
        summary: 'VIP အဖွဲ့ဝင်များ MMK 100,000 နှင့်အထက် အပ်ပါက 5% ပြန်ရမည်။',
        content: '<p>VIP အဖွဲ့ဝင်များအတွက်သာ။ ပါဝင်ပြီးနောက် အပ်ငွေ၏ 5% ကို MMK 500,000 အထိ ရယူပါ။</p>',
      },
      EN: {
        title: 'VIP deposit rebate 5%',
        summary: 'VIP members get 5% back on deposits of MMK 100,000 or more.',
        content:
          '<p>For VIP members only. After joining, get 5% of your deposits back, up to MMK 500,000.</p>',
      },
      CN: {
        title: 'VIP 存款返利 5%',
        summary: 'VIP 会员存款 MMK 100,000 以上返还 5%。',
        content: '<p>仅限 VIP 会员。报名后存款可获 5% 返利，最高 MMK 500,000。</p>',
      },
      TH: {
        title: 'เงินคืนเงินฝาก VIP 5%',
        summary: 'สมาชิก VIP รับคืน 5% เมื่อฝากตั้งแต่ MMK 100,000',
        content: '<p>สำหรับสมาชิก VIP เท่านั้น หลังเข้าร่วมรับคืน 5% ของยอดฝาก สูงสุด MMK 500,000</p>',
      },
      VI: {
        title: 'Hoàn tiền nạp VIP 5%',
        summary: 'Thành viên VIP được hoàn 5% khi nạp từ MMK 100,000.',
        content:
          '<p>Chỉ dành cho thành viên VIP. Sau khi tham gia, nhận lại 5% tiền nạp, tối đa MMK 500,000.</p>',
      },
    },
  },
  {
    code: 'LUCKYDRAW',
    kind: 'raffle',
    category: 'lottery',
    tags: ['limited', 'special'],
    sort: 70,
    signup: [-1, 13],
    run: [-1, 14],
    claimDays: 21,
    turnover: 100_000,
    verticals: ['lottery'],
    bonus: { fixed: 888_800 },
    winners: 3,
    texts: {
      MY: {
        title: 'ကံထူးရှင် မဲနှိုက်ပွဲ',
        summary: 'ထီ MMK 1,000 ထိုးပြီး MMK 8,888 ဆုမဲ ၃ ဆုအတွက် ပါဝင်ပါ။',
        content:
          '<p>ပါဝင်ပြီး ထီ လောင်းကြေး MMK 1,000 ပြည့်ပါက မဲနှိုက်ပွဲတွင် ပါဝင်ခွင့်ရမည်။</p><p>ပွဲပြီးဆုံးချိန်တွင် ကံထူးရှင် ၃ ဦးကို ရွေးချယ်ပြီး တစ်ဦးလျှင် MMK 8,888 ရရှိမည်။</p>',
      },
      EN: {
        title: 'Lucky draw',
        summary: 'Play MMK 1,000 of lottery to enter the draw for three MMK 8,888 prizes.',
        content:
          '<p>Join and reach MMK 1,000 of settled lottery bets to be in the draw.</p><p>When the event ends, three winners are drawn; each claims MMK 8,888.</p>',
      },
      CN: {
        title: '幸运大抽奖',
        summary: '彩票投注 MMK 1,000 即可参加抽奖，3 名得主各得 MMK 8,888。',
        content:
          '<p>报名并且彩票已结算投注达到 MMK 1,000 即可参加抽奖。</p><p>活动结束后抽出 3 名得主，每人领取 MMK 8,888。</p>',
      },
      TH: {
        title: 'จับรางวัลนำโชค',
        summary: 'เล่นหวยครบ MMK 1,000 ลุ้นรางวัล MMK 8,888 สามรางวัล',
        content:
          '<p>เข้าร่วมและทำยอดเดิมพันหวยที่ชำระแล้วครบ MMK 1,000 เพื่อมีสิทธิ์ลุ้น</p><p>เมื่อกิจกรรมจบ จะจับผู้โชคดี 3 คน รับคนละ MMK 8,888</p>',
      },
      VI: {
        title: 'Rút thăm may mắn',
        summary: 'Chơi MMK 1,000 xổ số để tham gia rút thăm ba giải MMK 8,888.',
        content:
          '<p>Tham gia và đạt MMK 1,000 tiền cược xổ số đã kết toán để có mặt trong lần rút thăm.</p><p>Khi sự kiện kết thúc, ba người thắng được chọn; mỗi người nhận MMK 8,888.</p>',
      },
    },
  },
  {
    code: 'FISHHUNT',
    kind: 'bonus',
    category: 'fishing',
    tags: ['limited'],
    sort: 80,
    signup: [-40, -10],
    run: [-40, -10],
    claimDays: -3,
    turnover: 300_000,
    verticals: ['fish'],
    bonus: { fixed: 3_000 },
    texts: {
      MY: {
        title: 'ငါးဖမ်း ပြိုင်ပွဲ',
        summary: 'ငါးဖမ်းဂိမ်းတွင် MMK 3,000 ကစားပြီး MMK 30 ရယူခဲ့သည်။',
        content: '<p>ဤပွဲ ပြီးဆုံးသွားပါပြီ။ ပါဝင်ခဲ့သူအားလုံးကို ကျေးဇူးတင်ပါသည်။</p>',
      },
      EN: {
        title: 'Fish hunt',
        summary: 'Play MMK 3,000 of fishing games and collect MMK 30.',
        content: '<p>This event has ended. Thank you to everyone who took part.</p>',
      },
      CN: {
        title: '捕鱼大赛',
        summary: '捕鱼游戏投注 MMK 3,000，领取 MMK 30。',
        content: '<p>本活动已结束，感谢所有参与的会员。</p>',
      },
      TH: {
        title: 'ล่าปลา',
        summary: 'เล่นเกมยิงปลาครบ MMK 3,000 รับ MMK 30',
        content: '<p>กิจกรรมนี้สิ้นสุดแล้ว ขอบคุณทุกคนที่เข้าร่วม</p>',
      },
      VI: {
        title: 'Săn cá',
        summary: 'Chơi MMK 3,000 trò bắn cá và nhận MMK 30.',
        content: '<p>Sự kiện này đã kết thúc. Cảm ơn tất cả mọi người đã tham gia.</p>',
      },
    },
  },
];

async function insertPromotion(
  tx: Queryable,
  merchantId: number,
  p: DemoPromotion,
  now: Date,
): Promise<number> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const fixed = 'fixed' in p.bonus ? p.bonus.fixed : null;
  const percent = 'percent' in p.bonus ? p.bonus : null;
  const [row] = await tx.query<{ id: number }>(
    `insert into promotions (merchant_id, code, kind, category, tags, sort, signup_from, signup_to, run_from, run_to,
                             claim_to, audience, min_deposit, turnover, verticals, bonus_type, bonus_amount,
                             bonus_percent, bonus_cap, approval, max_entries, raffle_winners)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
     returning id`,
    [
      merchantId,
      p.code,
      p.kind,
      p.category,
      p.tags,
      p.sort,
      at(p.signup[0]),
      at(p.signup[1]),
      at(p.run[0]),
      at(p.run[1]),
      at(Math.max(p.claimDays, p.run[1])),
      p.audience ?? 'all',
      p.minDeposit ?? 0,
      p.turnover ?? 0,
      p.verticals ?? null,
      fixed !== null ? 'fixed' : 'percent',
      fixed,
      percent?.percent ?? null,
      percent?.cap ?? null,
      p.approval ?? false,
      p.maxEntries ?? 1,
      p.winners ?? null,
    ],
  );
  const id = row!.id;
  for (const [language, t] of Object.entries(p.texts))
    await tx.query(
      'insert into promotion_texts (promotion_id, language, title, summary, content) values ($1, $2, $3, $4, $5)',
      [id, language, t.title, t.summary, sanitizeHtml(t.content).html],
    );
  return id;
}

/** player01's part: an approved application (in the claim hall) and a slots entry in progress. */
async function seedEntries(tx: Queryable, ids: Map<string, number>, now: Date): Promise<void> {
  const [player] = await tx.query<{ id: string }>(`select id from members where account = 'player01'`);
  if (!player) return;
  const app = ids.get('APPSHARE');
  if (app !== undefined)
    await tx.query(
      `insert into promotion_entries (promotion_id, member_id, seq, state, joined_at, amount, comment, applied_at, decided_at)
       values ($1, $2, 1, 'approved', $3, 8800, $4, $3, $5)`,
      [app, player.id, new Date(now.getTime() - 6 * 3_600_000), 'Installed on my phone', now],
    );
  const slots = ids.get('SLOTSDAILY');
  if (slots !== undefined)
    await tx.query(
      `insert into promotion_entries (promotion_id, member_id, seq, state, joined_at) values ($1, $2, 1, 'joined', $3)`,
      [slots, player.id, new Date(now.getTime() - 3_600_000)],
    );
}

export async function seedDemoPromotions(db: Db, merchantId: number, now: Date = new Date()): Promise<void> {
  await db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed-promotions:' || current_schema()))`);
    const existing = new Set(
      (
        await tx.query<{ code: string }>('select code from promotions where merchant_id = $1', [merchantId])
      ).map((r) => r.code),
    );
    const created = new Map<string, number>();
    for (const p of DEMO_PROMOTIONS)
      if (!existing.has(p.code)) created.set(p.code, await insertPromotion(tx, merchantId, p, now));
    if (created.size > 0) await seedEntries(tx, created, now);
  });
}
