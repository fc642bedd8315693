import type { Db } from '../db/db.ts';
import {
  createAnnouncementsService,
  type PublishInput,
} from '../modules/announcements/announcements.service.ts';
import { seedKeyExists } from '../modules/announcements/announcements.repository.ts';

/**
 * The demo announcements (issue 9), in the five complete languages, published through the same
 * service (and sanitiser) as `npm run ops -- announce publish`: three banners with their pictures
 * (/img/banners/<name>.svg), ten notices of the player group (two pages of the notice modal; the
 * newest is the home page's notice line, type H) and one promotion note. No popup: it would open
 * after every login of every demo account (and over every e2e test that logs in); the operator
 * publishes one (`npm run ops -- announce publish PU …`, README). Each carries a seed key, so a restart adds only what is missing and an
 * announcement the operator withdrew stays withdrawn.
 */

type Texts = Record<'MY' | 'EN' | 'CN' | 'TH' | 'VI', { title: string; content: string }>;
interface DemoAnnouncement {
  key: string;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  /** Hours before the first seeding it was published (the list's order). */
  hoursAgo: number;
  sort?: number;
  texts: Texts;
}

const banner = (image: string, text: string) =>
  `<img src="/img/banners/${image}.svg" alt="" width="1200" height="400"><p>${text}</p>`;

export const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    key: 'banner-lottery',
    type: 'B',
    hoursAgo: 2,
    sort: 30,
    texts: {
      MY: {
        title: 'မိနစ်တိုင်း ထီဖွင့်',
        content: banner(
          'gold',
          'Lucky 5D၊ 3D နှင့် E-Lotto ကို ၁၊ ၃ သို့မဟုတ် ၅ မိနစ်တိုင်း ဖွင့်ပြီး ရလဒ်တိုင်းကို သင်ကိုယ်တိုင် စစ်ဆေးနိုင်သည်။',
        ),
      },
      EN: {
        title: 'A draw every minute',
        content: banner(
          'gold',
          'Lucky 5D, 3D and E-Lotto draw every 1, 3 or 5 minutes, and you can check every result yourself.',
        ),
      },
      CN: {
        title: '每分钟开奖',
        content: banner('gold', '幸运5D、3D 和 E-Lotto 每 1、3 或 5 分钟开奖一次，每期结果都可自行验证。'),
      },
      TH: {
        title: 'ออกผลทุกนาที',
        content: banner('gold', 'Lucky 5D, 3D และ E-Lotto ออกผลทุก 1, 3 หรือ 5 นาที และคุณตรวจสอบผลทุกงวดได้เอง'),
      },
      VI: {
        title: 'Quay số mỗi phút',
        content: banner(
          'gold',
          'Lucky 5D, 3D và E-Lotto quay số mỗi 1, 3 hoặc 5 phút, và bạn có thể tự kiểm tra mọi kết quả.',
        ),
      },
    },
  },
  {
    key: 'banner-baccarat',
    type: 'B',
    hoursAgo: 3,
    sort: 20,
    texts: {
      MY: {
        title: 'တိုက်ရိုက် ဘာကာရက် စားပွဲများ',
        content: banner(
          'ruby',
          'Player၊ Banker၊ Tie နှင့် Pair များကို အချိန်မှတ်စနစ်ဖြင့် ကစားပါ။ ဝိုင်းတိုင်း ကတ်ထုပ်အသစ်ဖြင့် ဝေသည်။',
        ),
      },
      EN: {
        title: 'Live baccarat tables',
        content: banner(
          'ruby',
          'Player, banker, tie and pairs on a timer, every round dealt from a fresh shoe.',
        ),
      },
      CN: {
        title: '真人百家乐',
        content: banner('ruby', '闲、庄、和及对子，定时下注，每局都用新牌靴发牌。'),
      },
      TH: {
        title: 'โต๊ะบาคาร่าสด',
        content: banner('ruby', 'ผู้เล่น เจ้ามือ เสมอ และคู่ ตามเวลา ทุกรอบแจกจากสำรับใหม่'),
      },
      VI: {
        title: 'Bàn baccarat trực tiếp',
        content: banner('ruby', 'Con, cái, hòa và đôi theo thời gian, mỗi ván chia từ một bộ bài mới.'),
      },
    },
  },
  {
    key: 'banner-vnlottery',
    type: 'B',
    hoursAgo: 4,
    sort: 10,
    texts: {
      MY: {
        title: 'ဗီယက်နမ် ထီ',
        content: banner('jade', 'Miền Bắc ကို ညနေ ၆:၁၅ တွင် ဖွင့်ပြီး တောင်ပိုင်းနှင့် အလယ်ပိုင်း ပြည်နယ်များကို နေ့စဉ် ဖွင့်သည်။'),
      },
      EN: {
        title: 'Vietnamese lottery',
        content: banner(
          'jade',
          'Miền Bắc draws at 18:15, and the southern and central provinces draw every day.',
        ),
      },
      CN: {
        title: '越南彩票',
        content: banner('jade', '北部彩 18:15 开奖，南部和中部各省每天开奖。'),
      },
      TH: {
        title: 'หวยเวียดนาม',
        content: banner('jade', 'Miền Bắc ออกผลเวลา 18:15 และจังหวัดภาคใต้และภาคกลางออกผลทุกวัน'),
      },
      VI: {
        title: 'Xổ số Việt Nam',
        content: banner('jade', 'Miền Bắc quay lúc 18:15, các tỉnh miền Nam và miền Trung quay mỗi ngày.'),
      },
    },
  },
  {
    key: 'home-welcome',
    type: 'H',
    hoursAgo: 1,
    texts: {
      MY: {
        title: 'Golden Lotus မှ ကြိုဆိုပါသည်',
        content:
          '<p>ကြေညာချက်အသစ်များကို ဤနေရာတွင် ဖတ်ရှုနိုင်ပါသည်။ မေးစရာရှိပါက <a href="/help">အကူအညီစင်တာ</a> သို့ ဝင်ရောက်ကြည့်ရှုပါ။</p>',
      },
      EN: {
        title: 'Welcome to Golden Lotus',
        content:
          '<p>New announcements appear here first. Questions? Visit the <a href="/help">help centre</a>.</p>',
      },
      CN: {
        title: '欢迎来到 Golden Lotus',
        content: '<p>最新公告会首先显示在这里。有疑问？请访问<a href="/help">帮助中心</a>。</p>',
      },
      TH: {
        title: 'ยินดีต้อนรับสู่ Golden Lotus',
        content: '<p>ประกาศใหม่จะแสดงที่นี่ก่อน มีคำถาม? ไปที่<a href="/help">ศูนย์ช่วยเหลือ</a></p>',
      },
      VI: {
        title: 'Chào mừng đến Golden Lotus',
        content:
          '<p>Thông báo mới sẽ xuất hiện ở đây trước. Có câu hỏi? Hãy xem <a href="/help">trung tâm trợ giúp</a>.</p>',
      },
    },
  },
  {
    key: 'notice-payment-password',
    type: 'PL',
    hoursAgo: 5,
    texts: {
      MY: {
        title: 'ငွေပေးချေမှု စကားဝှက် သတ်မှတ်ပါ',
        content:
          '<p>ငွေထုတ်ခြင်းနှင့် လွှဲပြောင်းခြင်းအတွက် ငွေပေးချေမှု စကားဝှက် လိုအပ်သည်။ <strong>အဖွဲ့ဝင်စင်တာ → ကျွန်ုပ်၏အကောင့်</strong> တွင် သတ်မှတ်ပါ။</p>',
      },
      EN: {
        title: 'Set your payment password',
        content:
          '<p>Withdrawals and transfers ask for a payment password. Set one in <strong>Member centre → My account</strong>.</p>',
      },
      CN: {
        title: '设置支付密码',
        content: '<p>提款和转账需要支付密码。请在<strong>会员中心 → 我的账户</strong>中设置。</p>',
      },
      TH: {
        title: 'ตั้งรหัสผ่านการชำระเงิน',
        content: '<p>การถอนเงินและการโอนต้องใช้รหัสผ่านการชำระเงิน ตั้งได้ที่<strong>ศูนย์สมาชิก → บัญชีของฉัน</strong></p>',
      },
      VI: {
        title: 'Đặt mật khẩu thanh toán',
        content:
          '<p>Rút tiền và chuyển tiền cần mật khẩu thanh toán. Hãy đặt trong <strong>Trung tâm thành viên → Tài khoản của tôi</strong>.</p>',
      },
    },
  },
  {
    key: 'notice-deposits',
    type: 'PL',
    hoursAgo: 8,
    texts: {
      MY: {
        title: 'ငွေသွင်းနည်းများ',
        content:
          '<ul><li>ဘဏ်လွှဲ: ငွေလွှဲပြီးနောက် ဝန်ထမ်းက စစ်ဆေးအတည်ပြုပါမည်။</li><li>အမြန်ငွေပေးချေမှု: ချက်ချင်း ရောက်ရှိသည်။</li><li>C2C: အခြားအဖွဲ့ဝင်၏ ငွေထုတ်မှုနှင့် ကိုက်ညီစေသည်။</li></ul>',
      },
      EN: {
        title: 'Ways to deposit',
        content:
          '<ul><li>Bank transfer: checked by our staff once you have paid.</li><li>Instant gateway: arrives at once.</li><li>C2C: matched with another member’s withdrawal.</li></ul>',
      },
      CN: {
        title: '存款方式',
        content:
          '<ul><li>银行转账：付款后由工作人员核对。</li><li>快捷支付：即时到账。</li><li>C2C：与其他会员的提款配对。</li></ul>',
      },
      TH: {
        title: 'ช่องทางการฝากเงิน',
        content:
          '<ul><li>โอนผ่านธนาคาร: เจ้าหน้าที่ตรวจสอบหลังจากคุณชำระแล้ว</li><li>เกตเวย์ด่วน: เข้าทันที</li><li>C2C: จับคู่กับการถอนของสมาชิกอื่น</li></ul>',
      },
      VI: {
        title: 'Cách nạp tiền',
        content:
          '<ul><li>Chuyển khoản ngân hàng: nhân viên kiểm tra sau khi bạn thanh toán.</li><li>Cổng thanh toán nhanh: vào ngay.</li><li>C2C: ghép với lệnh rút của thành viên khác.</li></ul>',
      },
    },
  },
  {
    key: 'notice-withdrawals',
    type: 'PL',
    hoursAgo: 12,
    texts: {
      MY: {
        title: 'ငွေထုတ်ချိန်များ',
        content: '<p>ငွေထုတ်မှုကို ၁,၀၀၀.၀၀ မှ ၅,၀၀၀,၀၀၀.၀၀ MMK အထိ ဘဏ်ကတ်သို့ ထုတ်ယူနိုင်ပြီး ဝန်ထမ်းက အတည်ပြုပြီးမှ ပို့ဆောင်ပါသည်။</p>',
      },
      EN: {
        title: 'Withdrawal times',
        content:
          '<p>Withdraw from MMK 1,000.00 to 5,000,000.00 to a bank card; it is paid once our staff approve it.</p>',
      },
      CN: {
        title: '提款时间',
        content: '<p>可提款 1,000.00 至 5,000,000.00 MMK 至银行卡，工作人员审核后出款。</p>',
      },
      TH: {
        title: 'เวลาการถอนเงิน',
        content: '<p>ถอนได้ตั้งแต่ 1,000.00 ถึง 5,000,000.00 MMK เข้าบัตรธนาคาร จ่ายเมื่อเจ้าหน้าที่อนุมัติ</p>',
      },
      VI: {
        title: 'Thời gian rút tiền',
        content:
          '<p>Rút từ 1.000,00 đến 5.000.000,00 MMK về thẻ ngân hàng; tiền được chuyển khi nhân viên duyệt.</p>',
      },
    },
  },
  {
    key: 'notice-responsible',
    type: 'PL',
    hoursAgo: 24,
    texts: {
      MY: {
        title: 'တာဝန်သိစွာ ကစားပါ',
        content:
          '<p>အသက် ၁၈ နှစ်နှင့်အထက်သာ။ ဘတ်ဂျက်သတ်မှတ်ပြီး ရှုံးငွေကို ပြန်မလိုက်ပါနှင့်။ <a href="/help">အကူအညီစင်တာ</a> တွင် အကြံဉာဏ်များ ရှိသည်။</p>',
      },
      EN: {
        title: 'Play responsibly',
        content:
          '<p>For adults aged 18 and over only. Set a budget and never chase losses. The <a href="/help">help centre</a> has advice.</p>',
      },
      CN: {
        title: '理性游戏',
        content:
          '<p>仅限 18 岁及以上成年人。请设定预算，切勿追损。<a href="/help">帮助中心</a>有更多建议。</p>',
      },
      TH: {
        title: 'เล่นอย่างมีความรับผิดชอบ',
        content:
          '<p>สำหรับผู้ที่มีอายุ 18 ปีขึ้นไปเท่านั้น ตั้งงบประมาณและอย่าไล่ตามการเสีย ดูคำแนะนำที่<a href="/help">ศูนย์ช่วยเหลือ</a></p>',
      },
      VI: {
        title: 'Chơi có trách nhiệm',
        content:
          '<p>Chỉ dành cho người từ 18 tuổi trở lên. Hãy đặt ngân sách và đừng gỡ thua. <a href="/help">Trung tâm trợ giúp</a> có lời khuyên.</p>',
      },
    },
  },
  {
    key: 'notice-slots',
    type: 'PL',
    hoursAgo: 30,
    texts: {
      MY: {
        title: 'စလော့ ဂိမ်းမိသားစု ခြောက်ခု',
        content:
          '<p>သစ်သီး၊ ကျောက်မျက်၊ နဂါး၊ ဖာရိုး၊ သမုဒ္ဒရာနှင့် တောအုပ် — လိုင်း ၂၀၊ Wild၊ Scatter နှင့် အခမဲ့လှည့်ခြင်းများ။</p>',
      },
      EN: {
        title: 'Six slot families',
        content:
          '<p>Fruits, gems, dragon, pharaoh, ocean and jungle — 20 lines, wilds, scatters and free spins.</p>',
      },
      CN: {
        title: '六大老虎机系列',
        content: '<p>水果、宝石、龙、法老、海洋和丛林——20 条线、百搭、分散和免费旋转。</p>',
      },
      TH: {
        title: 'สล็อตหกตระกูล',
        content: '<p>ผลไม้ อัญมณี มังกร ฟาโรห์ มหาสมุทร และป่า — 20 ไลน์ ไวลด์ สแกตเตอร์ และฟรีสปิน</p>',
      },
      VI: {
        title: 'Sáu dòng slot',
        content:
          '<p>Trái cây, đá quý, rồng, pharaoh, đại dương và rừng rậm — 20 dòng, wild, scatter và vòng quay miễn phí.</p>',
      },
    },
  },
  {
    key: 'notice-sports',
    type: 'PL',
    hoursAgo: 36,
    texts: {
      MY: {
        title: 'အားကစားနှင့် အီးစပို့ လောင်းကြေးများ',
        content:
          '<p>ဘောလုံး၊ ဘတ်စကတ်ဘော၊ တင်းနစ်နှင့် CS2၊ Dota 2၊ League of Legends၊ Valorant — 1X2၊ Handicap နှင့် Over/Under။</p>',
      },
      EN: {
        title: 'Sports and esports markets',
        content:
          '<p>Football, basketball, tennis and CS2, Dota 2, League of Legends, Valorant — 1X2, handicap and over/under.</p>',
      },
      CN: {
        title: '体育与电竞盘口',
        content: '<p>足球、篮球、网球以及 CS2、Dota 2、英雄联盟、Valorant——独赢、让分和大小。</p>',
      },
      TH: {
        title: 'ตลาดกีฬาและอีสปอร์ต',
        content:
          '<p>ฟุตบอล บาสเกตบอล เทนนิส และ CS2, Dota 2, League of Legends, Valorant — 1X2 แฮนดิแคป และสูง/ต่ำ</p>',
      },
      VI: {
        title: 'Kèo thể thao và esports',
        content:
          '<p>Bóng đá, bóng rổ, quần vợt và CS2, Dota 2, Liên Minh Huyền Thoại, Valorant — 1X2, chấp và tài/xỉu.</p>',
      },
    },
  },
  {
    key: 'notice-security',
    type: 'PL',
    hoursAgo: 48,
    texts: {
      MY: {
        title: 'သင့်အကောင့်ကို လုံခြုံအောင်ထားပါ',
        content:
          '<p>စကားဝှက်ကို မည်သူ့ကိုမျှ မပြောပါနှင့်။ ဝန်ထမ်းများသည် သင့်စကားဝှက် သို့မဟုတ် ကုဒ်ကို ဘယ်တော့မှ မမေးပါ။ Authenticator ကို ဖွင့်ထားရန် အကြံပြုသည်။</p>',
      },
      EN: {
        title: 'Keep your account safe',
        content:
          '<p>Never share your password. Our staff will never ask for your password or a code. We recommend turning on an authenticator.</p>',
      },
      CN: {
        title: '保护您的账户安全',
        content: '<p>切勿透露密码。工作人员绝不会索要您的密码或验证码。建议开启身份验证器。</p>',
      },
      TH: {
        title: 'รักษาบัญชีของคุณให้ปลอดภัย',
        content: '<p>อย่าบอกรหัสผ่านแก่ผู้ใด เจ้าหน้าที่จะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณ แนะนำให้เปิดใช้แอปยืนยันตัวตน</p>',
      },
      VI: {
        title: 'Giữ an toàn cho tài khoản',
        content:
          '<p>Đừng bao giờ chia sẻ mật khẩu. Nhân viên không bao giờ hỏi mật khẩu hay mã của bạn. Nên bật ứng dụng xác thực.</p>',
      },
    },
  },
  {
    key: 'notice-fish',
    type: 'PL',
    hoursAgo: 60,
    texts: {
      MY: {
        title: 'ငါးပစ်ဂိမ်း',
        content: '<p>ငါးတစ်ကောင်ချင်းစီ၏ မြှောက်ကိန်းမှာ ၂ ဆမှ ၃၀၀ ဆ အထိ ဖြစ်သည်။ ပစ်ချက်တိုင်း ပျမ်းမျှ ၉၆% ပြန်ရသည်။</p>',
      },
      EN: {
        title: 'Fishing games',
        content:
          '<p>Every fish pays from 2× up to a 300× boss, and every shot returns 96% on average, whatever it aims at.</p>',
      },
      CN: {
        title: '捕鱼游戏',
        content: '<p>每条鱼赔付 2 倍至 300 倍（首领），无论瞄准哪条，每一发平均返还 96%。</p>',
      },
      TH: {
        title: 'เกมยิงปลา',
        content: '<p>ปลาแต่ละตัวจ่าย 2 เท่าถึง 300 เท่า (บอส) และทุกนัดคืนเฉลี่ย 96% ไม่ว่าจะเล็งตัวไหน</p>',
      },
      VI: {
        title: 'Trò chơi bắn cá',
        content:
          '<p>Mỗi con cá trả từ 2× đến 300× (trùm), và mỗi phát bắn hoàn trung bình 96%, dù nhắm vào con nào.</p>',
      },
    },
  },
  {
    key: 'notice-cards',
    type: 'PL',
    hoursAgo: 72,
    texts: {
      MY: {
        title: 'ကတ်ဂိမ်းခန်းများ',
        content: '<p>Niu-Niu နှင့် Teen Patti ကို ခန်းအလိုက် လောင်းကြေးဖြင့် ကစားပါ။ အနိုင်ရသူ၏ အမြတ်မှ ၅% ကိုသာ ကောက်ခံသည်။</p>',
      },
      EN: {
        title: 'Card rooms',
        content:
          '<p>Niu-Niu and Teen Patti by room stake; the house takes 5% of the winner’s profit only.</p>',
      },
      CN: {
        title: '棋牌房间',
        content: '<p>牛牛和 Teen Patti 按房间底注游戏；平台只抽取赢家利润的 5%。</p>',
      },
      TH: {
        title: 'ห้องเกมไพ่',
        content: '<p>Niu-Niu และ Teen Patti ตามเดิมพันของห้อง เจ้ามือเก็บเพียง 5% ของกำไรผู้ชนะ</p>',
      },
      VI: {
        title: 'Phòng bài',
        content:
          '<p>Niu-Niu và Teen Patti theo mức cược của phòng; nhà cái chỉ thu 5% lợi nhuận của người thắng.</p>',
      },
    },
  },
  {
    key: 'promotion-note',
    type: 'PR',
    hoursAgo: 10,
    texts: {
      MY: {
        title: 'ပရိုမိုးရှင်း စည်းကမ်းများ',
        content:
          '<p>ပရိုမိုးရှင်းတိုင်းတွင် ၎င်း၏ စည်းကမ်းချက်များ ရှိသည်။ လျှောက်ထားမီ <a href="/promotions">ပရိုမိုးရှင်းများ</a> စာမျက်နှာတွင် ဖတ်ပါ။</p>',
      },
      EN: {
        title: 'Promotion terms',
        content:
          '<p>Every promotion has its own terms: read them on the <a href="/promotions">promotions</a> page before you apply.</p>',
      },
      CN: {
        title: '优惠条款',
        content: '<p>每项优惠都有各自的条款，申请前请在<a href="/promotions">优惠</a>页面阅读。</p>',
      },
      TH: {
        title: 'เงื่อนไขโปรโมชั่น',
        content: '<p>ทุกโปรโมชั่นมีเงื่อนไขของตัวเอง อ่านได้ที่หน้า<a href="/promotions">โปรโมชั่น</a>ก่อนสมัคร</p>',
      },
      VI: {
        title: 'Điều khoản khuyến mãi',
        content:
          '<p>Mỗi khuyến mãi có điều khoản riêng: hãy đọc trên trang <a href="/promotions">khuyến mãi</a> trước khi đăng ký.</p>',
      },
    },
  },
];

export async function seedDemoAnnouncements(db: Db, merchantId: number): Promise<void> {
  const now = new Date();
  const service = createAnnouncementsService({
    db,
    now: () => now,
    system: { merchant: () => Promise.reject(new Error('the seed names its merchant')) },
  });
  await db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed-announcements:' || current_schema()))`);
    for (const a of DEMO_ANNOUNCEMENTS) {
      const seedKey = `demo:${a.key}`;
      if (await seedKeyExists(tx, merchantId, seedKey)) continue;
      const input: PublishInput = {
        merchantId,
        type: a.type,
        texts: a.texts,
        startsAt: new Date(now.getTime() - a.hoursAgo * 3_600_000),
        sort: a.sort ?? 0,
        seedKey,
      };
      await service.publish(input, tx);
    }
  });
}
