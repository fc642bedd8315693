import type { Db } from '../db/db.ts';
import { saveBlogDraft, type BlogPostDraft } from '../modules/content/blog-posts.ts';

/** Three blog posts in the five complete languages, published a few days apart. */
export const DEMO_BLOG_POSTS: (BlogPostDraft & { daysAgo: number })[] = [
  {
    slug: 'check-a-lottery-draw',
    coverHue: 205,
    coverMotif: 'chart',
    daysAgo: 2,
    texts: {
      EN: {
        title: 'How to check a lottery draw yourself',
        summary: 'Every draw is committed before sales open. Here is how to verify one in your browser.',
        body: `<p>Before a period opens for sale, the server picks a secret 32-byte seed and publishes its SHA-256 hash. When the draw happens, the seed itself is revealed and the result follows from it by a published algorithm.</p>
<h2>Three steps</h2>
<ol><li>Open the <a href="/lottery">lottery</a> and pick a game.</li><li>Go to the draw results and choose a period.</li><li>Press <strong>Verify</strong>: your browser recomputes the hash and the numbers.</li></ol>
<p>If the hash or the numbers did not match, the draw would have been changed after the fact. They always match.</p>`,
      },
      MY: {
        title: 'ထီပေါက်စဉ်ကို ကိုယ်တိုင် စစ်ဆေးနည်း',
        summary: 'ထီဖွင့်ရောင်းမီ ပေါက်စဉ်တိုင်းကို ကြိုတင်ကတိပြုထားသည်။ သင့်ဘရောက်ဇာတွင် စစ်ဆေးနည်းကို ဖတ်ပါ။',
        body: `<p>ကာလတစ်ခု ရောင်းချမှု မစမီ ဆာဗာက လျှို့ဝှက် 32-byte seed တစ်ခုကို ရွေးပြီး ၎င်း၏ SHA-256 hash ကို ထုတ်ပြန်သည်။ ထီဖွင့်သောအခါ seed ကို ထုတ်ဖော်ပြီး ရလဒ်ကို ထုတ်ပြန်ထားသော နည်းလမ်းဖြင့် တွက်ချက်သည်။</p>
<h2>အဆင့် သုံးဆင့်</h2>
<ol><li><a href="/lottery">ထီ</a> စာမျက်နှာကို ဖွင့်ပြီး ဂိမ်းတစ်ခု ရွေးပါ။</li><li>ထီပေါက်စဉ် ရလဒ်များသို့ သွားပြီး ကာလတစ်ခု ရွေးပါ။</li><li><strong>စစ်ဆေးရန်</strong> ကို နှိပ်ပါ၊ သင့်ဘရောက်ဇာက hash နှင့် နံပါတ်များကို ပြန်တွက်သည်။</li></ol>
<p>hash သို့မဟုတ် နံပါတ်များ မကိုက်ညီပါက ထီပေါက်စဉ်ကို နောက်မှ ပြောင်းထားခြင်း ဖြစ်မည်။ ၎င်းတို့ အမြဲ ကိုက်ညီသည်။</p>`,
      },
      CN: {
        title: '如何亲自验证彩票开奖',
        summary: '每一期在开售前就已承诺结果。本文教你在浏览器里验证开奖。',
        body: `<p>每期开售前，服务器会选取一个 32 字节的秘密种子并公布其 SHA-256 哈希。开奖时公开该种子，结果按公开的算法由种子得出。</p>
<h2>三个步骤</h2>
<ol><li>打开<a href="/lottery">彩票</a>并选择一个游戏。</li><li>进入开奖结果并选择一期。</li><li>点击<strong>验证</strong>：浏览器会重新计算哈希和号码。</li></ol>
<p>如果哈希或号码不一致，说明开奖被事后修改过。它们始终一致。</p>`,
      },
      TH: {
        title: 'วิธีตรวจสอบผลหวยด้วยตัวเอง',
        summary: 'ทุกงวดถูกผูกมัดผลไว้ก่อนเปิดขาย นี่คือวิธีตรวจสอบในเบราว์เซอร์ของคุณ',
        body: `<p>ก่อนเปิดขายแต่ละงวด เซิร์ฟเวอร์จะเลือก seed ลับขนาด 32 ไบต์และเผยแพร่ค่าแฮช SHA-256 ของมัน เมื่อออกผล seed จะถูกเปิดเผยและผลลัพธ์คำนวณจาก seed ด้วยอัลกอริทึมที่เผยแพร่ไว้</p>
<h2>สามขั้นตอน</h2>
<ol><li>เปิด<a href="/lottery">หวย</a>และเลือกเกม</li><li>ไปที่ผลการออกรางวัลและเลือกงวด</li><li>กด<strong>ตรวจสอบ</strong> เบราว์เซอร์จะคำนวณแฮชและตัวเลขใหม่</li></ol>
<p>หากแฮชหรือตัวเลขไม่ตรงกัน แสดงว่าผลถูกแก้ไขภายหลัง ซึ่งจะตรงกันเสมอ</p>`,
      },
      VI: {
        title: 'Cách tự kiểm tra một kỳ quay xổ số',
        summary:
          'Mỗi kỳ đều được cam kết kết quả trước khi mở bán. Đây là cách kiểm tra ngay trên trình duyệt.',
        body: `<p>Trước khi mở bán một kỳ, máy chủ chọn một seed bí mật 32 byte và công bố mã băm SHA-256 của nó. Khi quay thưởng, seed được công khai và kết quả được tính từ seed bằng thuật toán đã công bố.</p>
<h2>Ba bước</h2>
<ol><li>Mở <a href="/lottery">xổ số</a> và chọn một trò chơi.</li><li>Vào kết quả quay thưởng và chọn một kỳ.</li><li>Nhấn <strong>Kiểm tra</strong>: trình duyệt tính lại mã băm và các con số.</li></ol>
<p>Nếu mã băm hoặc các con số không khớp, kết quả đã bị sửa sau đó. Chúng luôn khớp.</p>`,
      },
    },
  },
  {
    slug: 'play-responsibly',
    coverHue: 150,
    coverMotif: 'shield',
    daysAgo: 6,
    texts: {
      EN: {
        title: 'Five habits for playing responsibly',
        summary: 'Set a budget, take breaks and never chase losses: simple habits that keep the game fun.',
        body: `<p>Games are entertainment, not a way to earn money. These habits help keep it that way.</p>
<ul><li><strong>Set a budget</strong> before you start and stop when it is spent.</li><li><strong>Take breaks</strong>: step away every hour.</li><li><strong>Never chase losses</strong> with bigger bets.</li><li><strong>Keep your payment password</strong> to yourself.</li><li><strong>Ask for help</strong> in the <a href="/help">help centre</a> or through customer service.</li></ul>
<p>Playing is for adults only (18+).</p>`,
      },
      MY: {
        title: 'တာဝန်ယူမှုရှိစွာ ကစားရန် အလေ့အကျင့် ငါးခု',
        summary: 'ဘတ်ဂျက်သတ်မှတ်ပါ၊ အနားယူပါ၊ ရှုံးငွေကို လိုက်မရှာပါနှင့် — ဂိမ်းကို ပျော်စရာအဖြစ် ထားရှိစေသော အလေ့အကျင့်များ။',
        body: `<p>ဂိမ်းများသည် ဖျော်ဖြေရေးဖြစ်ပြီး ငွေရှာနည်း မဟုတ်ပါ။ ဤအလေ့အကျင့်များက ထိုသို့ ထားရှိရန် ကူညီသည်။</p>
<ul><li>မစမီ <strong>ဘတ်ဂျက် သတ်မှတ်ပါ</strong>၊ ကုန်သွားလျှင် ရပ်ပါ။</li><li><strong>အနားယူပါ</strong>: တစ်နာရီတိုင်း ခဏနားပါ။</li><li>ရှုံးငွေကို ပိုကြီးသော လောင်းကြေးဖြင့် <strong>လိုက်မရှာပါနှင့်</strong>။</li><li><strong>ငွေပေးချေမှု စကားဝှက်</strong> ကို မည်သူ့ကိုမျှ မပြောပါနှင့်။</li><li><a href="/help">အကူအညီ စင်တာ</a> သို့မဟုတ် ဖောက်သည်ဝန်ဆောင်မှုတွင် <strong>အကူအညီ တောင်းပါ</strong>။</li></ul>
<p>အသက် ၁၈ နှစ်နှင့်အထက်သာ ကစားနိုင်သည်။</p>`,
      },
      CN: {
        title: '理性游戏的五个习惯',
        summary: '设定预算、适时休息、绝不追损：让游戏保持乐趣的简单习惯。',
        body: `<p>游戏是娱乐，不是赚钱的方式。以下习惯帮助你保持这一点。</p>
<ul><li>开始前<strong>设定预算</strong>，用完即停。</li><li><strong>适时休息</strong>：每小时离开一会儿。</li><li><strong>绝不追损</strong>，不要加大投注。</li><li><strong>保管好支付密码</strong>，不要告诉任何人。</li><li>在<a href="/help">帮助中心</a>或联系客服<strong>寻求帮助</strong>。</li></ul>
<p>仅限成年人（18 岁以上）参与。</p>`,
      },
      TH: {
        title: 'ห้านิสัยเพื่อการเล่นอย่างมีความรับผิดชอบ',
        summary: 'ตั้งงบ พักเป็นระยะ และอย่าไล่ตามเงินที่เสีย นิสัยง่าย ๆ ที่ทำให้เกมยังสนุก',
        body: `<p>เกมคือความบันเทิง ไม่ใช่ช่องทางหาเงิน นิสัยเหล่านี้ช่วยให้เป็นเช่นนั้น</p>
<ul><li><strong>ตั้งงบประมาณ</strong>ก่อนเริ่มและหยุดเมื่อใช้หมด</li><li><strong>พักเป็นระยะ</strong> ทุกชั่วโมง</li><li><strong>อย่าไล่ตามเงินที่เสีย</strong>ด้วยการเดิมพันที่สูงขึ้น</li><li><strong>เก็บรหัสผ่านการชำระเงิน</strong>ไว้กับตัวเอง</li><li><strong>ขอความช่วยเหลือ</strong>ที่<a href="/help">ศูนย์ช่วยเหลือ</a>หรือฝ่ายบริการลูกค้า</li></ul>
<p>สำหรับผู้ที่มีอายุ 18 ปีขึ้นไปเท่านั้น</p>`,
      },
      VI: {
        title: 'Năm thói quen để chơi có trách nhiệm',
        summary:
          'Đặt ngân sách, nghỉ giải lao và đừng bao giờ gỡ lỗ: những thói quen giúp trò chơi luôn vui.',
        body: `<p>Trò chơi là giải trí, không phải cách kiếm tiền. Những thói quen này giúp giữ đúng như vậy.</p>
<ul><li><strong>Đặt ngân sách</strong> trước khi chơi và dừng khi đã tiêu hết.</li><li><strong>Nghỉ giải lao</strong> mỗi giờ.</li><li><strong>Đừng gỡ lỗ</strong> bằng những cược lớn hơn.</li><li><strong>Giữ mật khẩu thanh toán</strong> cho riêng bạn.</li><li><strong>Nhờ trợ giúp</strong> tại <a href="/help">trung tâm trợ giúp</a> hoặc chăm sóc khách hàng.</li></ul>
<p>Chỉ dành cho người từ 18 tuổi trở lên.</p>`,
      },
    },
  },
  {
    slug: 'site-on-your-home-screen',
    coverHue: 275,
    coverMotif: 'cards',
    daysAgo: 11,
    texts: {
      EN: {
        title: 'Put the site on your home screen',
        summary:
          'Install the site as an app on Android or iPhone in a few taps: no store, always up to date.',
        body: `<p>The site can be installed like an app. It opens full screen from your home screen and always runs the latest version.</p>
<h2>Android (Chrome)</h2><p>Open the menu and choose <strong>Install app</strong> or <strong>Add to home screen</strong>.</p>
<h2>iPhone and iPad (Safari)</h2><p>Tap the share button, then <strong>Add to Home Screen</strong>.</p>
<p>Step-by-step pictures and QR codes are on the <a href="/down">app download</a> page.</p>`,
      },
      MY: {
        title: 'ဆိုက်ကို သင့်ဖုန်း ပင်မမျက်နှာပြင်ပေါ် ထည့်ပါ',
        summary: 'Android သို့မဟုတ် iPhone တွင် အက်ပ်အဖြစ် နှိပ်ရုံဖြင့် ထည့်သွင်းပါ — စတိုး မလို၊ အမြဲ နောက်ဆုံးဗားရှင်း။',
        body: `<p>ဆိုက်ကို အက်ပ်ကဲ့သို့ ထည့်သွင်းနိုင်သည်။ ပင်မမျက်နှာပြင်မှ မျက်နှာပြင်အပြည့် ဖွင့်ပြီး နောက်ဆုံးဗားရှင်းကို အမြဲ အသုံးပြုသည်။</p>
<h2>Android (Chrome)</h2><p>မီနူးကိုဖွင့်ပြီး <strong>အက်ပ် ထည့်သွင်းရန်</strong> သို့မဟုတ် <strong>ပင်မမျက်နှာပြင်သို့ ထည့်ရန်</strong> ကို ရွေးပါ။</p>
<h2>iPhone နှင့် iPad (Safari)</h2><p>မျှဝေရန် ခလုတ်ကို နှိပ်ပြီး <strong>Add to Home Screen</strong> ကို ရွေးပါ။</p>
<p>အဆင့်ဆင့် လမ်းညွှန်နှင့် QR ကုဒ်များကို <a href="/down">အက်ပ် ဒေါင်းလုဒ်</a> စာမျက်နှာတွင် ကြည့်ပါ။</p>`,
      },
      CN: {
        title: '把网站添加到主屏幕',
        summary: '几步即可在安卓或 iPhone 上把网站安装为应用：无需应用商店，始终是最新版。',
        body: `<p>网站可以像应用一样安装。它从主屏幕全屏打开，并始终运行最新版本。</p>
<h2>安卓（Chrome）</h2><p>打开菜单，选择<strong>安装应用</strong>或<strong>添加到主屏幕</strong>。</p>
<h2>iPhone 和 iPad（Safari）</h2><p>点击分享按钮，然后选择<strong>添加到主屏幕</strong>。</p>
<p>图文步骤和二维码见<a href="/down">应用下载</a>页面。</p>`,
      },
      TH: {
        title: 'เพิ่มเว็บไซต์ไว้บนหน้าจอหลัก',
        summary: 'ติดตั้งเว็บไซต์เป็นแอปบน Android หรือ iPhone ได้ในไม่กี่แตะ ไม่ต้องใช้สโตร์ และอัปเดตเสมอ',
        body: `<p>เว็บไซต์สามารถติดตั้งได้เหมือนแอป เปิดแบบเต็มจอจากหน้าจอหลักและใช้เวอร์ชันล่าสุดเสมอ</p>
<h2>Android (Chrome)</h2><p>เปิดเมนูแล้วเลือก<strong>ติดตั้งแอป</strong>หรือ<strong>เพิ่มลงในหน้าจอหลัก</strong></p>
<h2>iPhone และ iPad (Safari)</h2><p>แตะปุ่มแชร์ แล้วเลือก<strong>เพิ่มไปยังหน้าจอโฮม</strong></p>
<p>ขั้นตอนพร้อมคิวอาร์โค้ดอยู่ในหน้า<a href="/down">ดาวน์โหลดแอป</a></p>`,
      },
      VI: {
        title: 'Đưa trang web lên màn hình chính',
        summary:
          'Cài trang web như một ứng dụng trên Android hoặc iPhone chỉ với vài chạm: không cần cửa hàng, luôn mới nhất.',
        body: `<p>Trang web có thể được cài như một ứng dụng. Nó mở toàn màn hình từ màn hình chính và luôn chạy phiên bản mới nhất.</p>
<h2>Android (Chrome)</h2><p>Mở menu và chọn <strong>Cài đặt ứng dụng</strong> hoặc <strong>Thêm vào màn hình chính</strong>.</p>
<h2>iPhone và iPad (Safari)</h2><p>Nhấn nút chia sẻ, rồi chọn <strong>Thêm vào MH chính</strong>.</p>
<p>Hướng dẫn từng bước và mã QR có trên trang <a href="/down">tải ứng dụng</a>.</p>`,
      },
    },
  },
];

/**
 * The demo content data of issue 9, created when missing (every start calls it: also on a database
 * seeded before), under an advisory lock so several instances starting at once seed it once:
 * the merchant's feedback rules (10–500 characters, 3 a minute) and three published blog posts.
 */
export async function seedDemoContent(db: Db, merchantId: number, now: Date = new Date()): Promise<void> {
  await db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed-content:' || current_schema()))`);
    await tx.query('insert into content_settings (merchant_id) values ($1) on conflict do nothing', [
      merchantId,
    ]);
    const [seeded] = await tx.query('select 1 from blog_posts where merchant_id = $1 limit 1', [merchantId]);
    if (seeded) return;
    for (const { daysAgo, ...post } of DEMO_BLOG_POSTS) {
      const id = await saveBlogDraft(tx, merchantId, post);
      await tx.query('update blog_posts set published_at = $2 where id = $1', [
        id,
        new Date(now.getTime() - daysAgo * 86_400_000),
      ]);
    }
  });
}
