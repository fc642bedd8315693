import type { CompleteLanguage } from '@app/contracts';

/**
 * Help-centre content of the demo merchant (issue 2 §5: help centre in the five complete
 * languages). The HTML uses only simple tags; it is stored through the server's sanitiser
 * (lib/sanitize-html.ts) and the client runs DOMPurify again.
 */
export type Texts = Record<CompleteLanguage, string>;

export interface HelpArticleSeed {
  id: number;
  title: Texts;
  content: Texts;
}
export interface HelpCategorySeed {
  id: number;
  title: Texts;
  articles: HelpArticleSeed[];
}

export const HELP_CENTER: HelpCategorySeed[] = [
  {
    id: 1,
    title: { EN: 'Deposit', MY: 'ငွေသွင်းခြင်း', CN: '存款', TH: 'การฝากเงิน', VI: 'Nạp tiền' },
    articles: [
      {
        id: 101,
        title: {
          EN: 'How do I make a deposit?',
          MY: 'ငွေသွင်းရန် မည်သို့ပြုလုပ်ရမည်နည်း။',
          CN: '如何存款？',
          TH: 'ฝากเงินอย่างไร?',
          VI: 'Làm thế nào để nạp tiền?',
        },
        content: {
          EN: '<p>Sign in, open <strong>Deposit</strong> from the header or the personal centre, choose a payment method and enter the amount.</p><ol><li>Transfer exactly the amount shown to the account displayed on the page.</li><li>Keep the payment receipt until the deposit is credited.</li><li>The balance updates by itself when the payment is confirmed.</li></ol>',
          MY: '<p>အကောင့်သို့ ဝင်ရောက်ပြီး ခေါင်းစီး သို့မဟုတ် ကိုယ်ရေးစင်တာမှ <strong>ငွေသွင်း</strong> ကို ဖွင့်ပါ၊ ငွေပေးချေမှုနည်းလမ်းကို ရွေးချယ်ပြီး ပမာဏကို ထည့်ပါ။</p><ol><li>စာမျက်နှာတွင် ပြသထားသော အကောင့်သို့ ပြသထားသည့် ပမာဏအတိအကျကို လွှဲပါ။</li><li>ငွေဝင်သည်အထိ ငွေပေးချေမှု ပြေစာကို သိမ်းထားပါ။</li><li>ငွေပေးချေမှု အတည်ပြုပြီးသည်နှင့် လက်ကျန်ငွေ အလိုအလျောက် ပြောင်းလဲပါမည်။</li></ol>',
          CN: '<p>登录后，从页头或个人中心打开<strong>存款</strong>，选择支付方式并输入金额。</p><ol><li>按页面显示的金额准确转账到页面显示的账户。</li><li>在存款到账之前请保留付款凭证。</li><li>付款确认后，余额会自动更新。</li></ol>',
          TH: '<p>เข้าสู่ระบบ เปิด <strong>ฝากเงิน</strong> จากแถบด้านบนหรือศูนย์ส่วนตัว เลือกช่องทางการชำระเงินและกรอกจำนวนเงิน</p><ol><li>โอนเงินตามจำนวนที่แสดงไปยังบัญชีที่แสดงบนหน้าจอให้ตรงทุกหลัก</li><li>เก็บหลักฐานการโอนไว้จนกว่ายอดเงินจะเข้าบัญชี</li><li>ยอดคงเหลือจะอัปเดตเองเมื่อการชำระเงินได้รับการยืนยัน</li></ol>',
          VI: '<p>Đăng nhập, mở <strong>Nạp tiền</strong> từ thanh đầu trang hoặc trung tâm cá nhân, chọn phương thức thanh toán và nhập số tiền.</p><ol><li>Chuyển đúng số tiền hiển thị vào tài khoản hiển thị trên trang.</li><li>Giữ lại biên lai thanh toán cho đến khi tiền được cộng vào tài khoản.</li><li>Số dư tự cập nhật khi khoản thanh toán được xác nhận.</li></ol>',
        },
      },
      {
        id: 102,
        title: {
          EN: 'My deposit has not arrived',
          MY: 'ကျွန်ုပ်၏ ငွေသွင်းမှု မရောက်သေးပါ',
          CN: '存款未到账怎么办？',
          TH: 'เงินฝากยังไม่เข้าบัญชี',
          VI: 'Khoản nạp của tôi chưa đến',
        },
        content: {
          EN: '<p>Most deposits are credited within a few minutes. If yours has not arrived after 30 minutes:</p><ul><li>check that the amount and the receiving account matched the deposit page exactly;</li><li>contact customer service from the side bar and send the receipt, the time of payment and your account name.</li></ul><p>Never send the receipt or your password to anyone who contacts you first.</p>',
          MY: '<p>ငွေသွင်းမှု အများစုသည် မိနစ်အနည်းငယ်အတွင်း ဝင်ရောက်ပါသည်။ မိနစ် ၃၀ ကြာပြီးနောက် မရောက်သေးပါက—</p><ul><li>ပမာဏနှင့် လက်ခံအကောင့်သည် ငွေသွင်းစာမျက်နှာနှင့် အတိအကျ ကိုက်ညီကြောင်း စစ်ဆေးပါ၊</li><li>ဘေးဘားမှ ဖောက်သည်ဝန်ဆောင်မှုကို ဆက်သွယ်ပြီး ပြေစာ၊ ငွေပေးချေသည့်အချိန်နှင့် သင့်အကောင့်အမည်ကို ပေးပို့ပါ။</li></ul><p>သင့်ကို ဦးစွာ ဆက်သွယ်လာသူ မည်သူ့ကိုမျှ ပြေစာ သို့မဟုတ် စကားဝှက်ကို မပေးပို့ပါနှင့်။</p>',
          CN: '<p>大多数存款会在几分钟内到账。如果 30 分钟后仍未到账：</p><ul><li>请核对转账金额和收款账户是否与存款页面完全一致；</li><li>通过侧边栏联系客服，并提供付款凭证、付款时间和您的账号。</li></ul><p>切勿将凭证或密码发送给主动联系您的任何人。</p>',
          TH: '<p>เงินฝากส่วนใหญ่จะเข้าบัญชีภายในไม่กี่นาที หากผ่านไป 30 นาทีแล้วยังไม่เข้า:</p><ul><li>ตรวจสอบว่าจำนวนเงินและบัญชีผู้รับตรงกับหน้าฝากเงินทุกประการ</li><li>ติดต่อฝ่ายบริการลูกค้าจากแถบด้านข้าง พร้อมส่งหลักฐานการโอน เวลาที่ชำระ และชื่อบัญชีของคุณ</li></ul><p>อย่าส่งหลักฐานการโอนหรือรหัสผ่านให้ผู้ที่ติดต่อคุณมาก่อน</p>',
          VI: '<p>Hầu hết các khoản nạp được cộng trong vài phút. Nếu sau 30 phút vẫn chưa nhận được:</p><ul><li>kiểm tra số tiền và tài khoản nhận có khớp chính xác với trang nạp tiền không;</li><li>liên hệ chăm sóc khách hàng ở thanh bên, gửi biên lai, thời gian thanh toán và tên tài khoản của bạn.</li></ul><p>Không bao giờ gửi biên lai hoặc mật khẩu cho người chủ động liên hệ với bạn.</p>',
        },
      },
    ],
  },
  {
    id: 2,
    title: { EN: 'Withdrawal', MY: 'ငွေထုတ်ခြင်း', CN: '取款', TH: 'การถอนเงิน', VI: 'Rút tiền' },
    articles: [
      {
        id: 201,
        title: {
          EN: 'How do I withdraw?',
          MY: 'ငွေထုတ်ရန် မည်သို့ပြုလုပ်ရမည်နည်း။',
          CN: '如何取款？',
          TH: 'ถอนเงินอย่างไร?',
          VI: 'Làm thế nào để rút tiền?',
        },
        content: {
          EN: '<p>Open <strong>Withdraw</strong>, choose the receiving account you added in the personal centre, enter the amount and your withdrawal password.</p><p>The receiving account must be in the same name as your account (payee name). Withdrawals are reviewed before payment.</p>',
          MY: '<p><strong>ငွေထုတ်</strong> ကို ဖွင့်ပြီး ကိုယ်ရေးစင်တာတွင် ထည့်ထားသော လက်ခံအကောင့်ကို ရွေးချယ်ကာ ပမာဏနှင့် ငွေထုတ်စကားဝှက်ကို ထည့်ပါ။</p><p>လက်ခံအကောင့်သည် သင့်အကောင့်ရှင်အမည် (ငွေလက်ခံသူအမည်) နှင့် တူညီရပါမည်။ ငွေမပေးချေမီ ငွေထုတ်မှုများကို စစ်ဆေးပါသည်။</p>',
          CN: '<p>打开<strong>取款</strong>，选择您在个人中心添加的收款账户，输入金额和取款密码。</p><p>收款账户的户名必须与您的账户姓名（收款人姓名）一致。取款在付款前会经过审核。</p>',
          TH: '<p>เปิด <strong>ถอนเงิน</strong> เลือกบัญชีรับเงินที่คุณเพิ่มไว้ในศูนย์ส่วนตัว กรอกจำนวนเงินและรหัสผ่านการถอนเงิน</p><p>บัญชีรับเงินต้องเป็นชื่อเดียวกับชื่อบัญชีของคุณ (ชื่อผู้รับเงิน) การถอนเงินจะได้รับการตรวจสอบก่อนจ่าย</p>',
          VI: '<p>Mở <strong>Rút tiền</strong>, chọn tài khoản nhận bạn đã thêm trong trung tâm cá nhân, nhập số tiền và mật khẩu rút tiền.</p><p>Tài khoản nhận phải cùng tên với tài khoản của bạn (tên người nhận). Lệnh rút được xét duyệt trước khi chi trả.</p>',
        },
      },
      {
        id: 202,
        title: {
          EN: 'How long does a withdrawal take?',
          MY: 'ငွေထုတ်ရန် အချိန်မည်မျှ ကြာသနည်း။',
          CN: '取款需要多长时间？',
          TH: 'การถอนเงินใช้เวลานานเท่าใด?',
          VI: 'Rút tiền mất bao lâu?',
        },
        content: {
          EN: '<p>Most withdrawals are paid within 30 minutes of approval. Bank holidays and checks on large amounts can take longer. You can follow the status in the account record: applying, approved or rejected, with the reason.</p>',
          MY: '<p>ငွေထုတ်မှု အများစုကို အတည်ပြုပြီး မိနစ် ၃၀ အတွင်း ပေးချေပါသည်။ ဘဏ်ပိတ်ရက်များနှင့် ပမာဏကြီးမားသော စစ်ဆေးမှုများသည် ပိုကြာနိုင်ပါသည်။ အကောင့်မှတ်တမ်းတွင် အခြေအနေ (လျှောက်ထားဆဲ၊ အတည်ပြုပြီး သို့မဟုတ် ငြင်းပယ်ပြီး နှင့် အကြောင်းရင်း) ကို ကြည့်ရှုနိုင်ပါသည်။</p>',
          CN: '<p>大多数取款在审核通过后 30 分钟内到账。银行假日或大额审核可能需要更长时间。您可以在账户记录中查看状态：申请中、已批准或已拒绝（附原因）。</p>',
          TH: '<p>การถอนเงินส่วนใหญ่จะจ่ายภายใน 30 นาทีหลังอนุมัติ วันหยุดธนาคารและการตรวจสอบยอดเงินจำนวนมากอาจใช้เวลานานกว่านั้น คุณติดตามสถานะได้ในบันทึกบัญชี: กำลังดำเนินการ อนุมัติแล้ว หรือถูกปฏิเสธพร้อมเหตุผล</p>',
          VI: '<p>Hầu hết lệnh rút được chi trả trong vòng 30 phút sau khi duyệt. Ngày nghỉ ngân hàng và việc kiểm tra số tiền lớn có thể lâu hơn. Bạn có thể theo dõi trạng thái trong lịch sử tài khoản: đang xử lý, đã duyệt hoặc bị từ chối kèm lý do.</p>',
        },
      },
      {
        id: 203,
        title: {
          EN: 'Confirming that you received a withdrawal',
          MY: 'ငွေထုတ်မှု လက်ခံရရှိကြောင်း အတည်ပြုခြင်း',
          CN: '确认取款已收到',
          TH: 'การยืนยันว่าได้รับเงินถอนแล้ว',
          VI: 'Xác nhận đã nhận tiền rút',
        },
        content: {
          EN: '<p>Some payments ask you to confirm receipt: <em>received in full</em>, <em>partly received</em> (enter the amount received) or <em>not received</em> (upload a proof image). If you do not answer within the time shown, the payment counts as received.</p>',
          MY: '<p>အချို့သော ငွေပေးချေမှုများတွင် လက်ခံရရှိကြောင်း အတည်ပြုရန် တောင်းဆိုပါသည်— <em>အပြည့်အဝ လက်ခံရရှိပြီး</em>၊ <em>တစ်စိတ်တစ်ပိုင်း လက်ခံရရှိပြီး</em> (ရရှိသည့်ပမာဏကို ထည့်ပါ) သို့မဟုတ် <em>လက်မခံရရှိပါ</em> (အထောက်အထား ပုံကို တင်ပါ)။ ပြသထားသည့်အချိန်အတွင်း မဖြေကြားပါက ငွေပေးချေမှုကို လက်ခံရရှိပြီးဟု မှတ်ယူပါမည်။</p>',
          CN: '<p>部分付款需要您确认收款：<em>全额收到</em>、<em>部分收到</em>（填写实际收到金额）或<em>未收到</em>（上传凭证图片）。若在显示的时间内未确认，该笔付款将视为已收到。</p>',
          TH: '<p>การจ่ายเงินบางรายการจะให้คุณยืนยันการรับเงิน: <em>ได้รับครบ</em> <em>ได้รับบางส่วน</em> (กรอกจำนวนที่ได้รับ) หรือ <em>ไม่ได้รับ</em> (อัปโหลดรูปหลักฐาน) หากไม่ตอบภายในเวลาที่แสดง ระบบจะถือว่าได้รับเงินแล้ว</p>',
          VI: '<p>Một số khoản chi trả yêu cầu bạn xác nhận: <em>đã nhận đủ</em>, <em>nhận một phần</em> (nhập số tiền đã nhận) hoặc <em>chưa nhận</em> (tải lên ảnh bằng chứng). Nếu bạn không trả lời trong thời gian hiển thị, khoản chi trả được coi là đã nhận.</p>',
        },
      },
    ],
  },
  {
    id: 3,
    title: {
      EN: 'Account and security',
      MY: 'အကောင့်နှင့် လုံခြုံရေး',
      CN: '账户与安全',
      TH: 'บัญชีและความปลอดภัย',
      VI: 'Tài khoản và bảo mật',
    },
    articles: [
      {
        id: 301,
        title: {
          EN: 'Creating an account',
          MY: 'အကောင့်ဖွင့်ခြင်း',
          CN: '注册账户',
          TH: 'การสมัครบัญชี',
          VI: 'Tạo tài khoản',
        },
        content: {
          EN: '<p>Choose <strong>Register</strong>, then register with a username or with your mobile number. Fields marked ＊ are required; each field tells you which characters and how many it accepts.</p><p>With mobile registration, a verification code is sent by SMS and your mobile number becomes your username.</p>',
          MY: '<p><strong>စာရင်းသွင်း</strong> ကို ရွေးပြီး အသုံးပြုသူအမည် သို့မဟုတ် မိုဘိုင်းနံပါတ်ဖြင့် စာရင်းသွင်းပါ။ ＊ အမှတ်အသားပါသော အကွက်များ မဖြစ်မနေ ဖြည့်ရပါမည်၊ အကွက်တိုင်းတွင် လက်ခံသည့် စာလုံးအမျိုးအစားနှင့် အရေအတွက်ကို ဖော်ပြထားပါသည်။</p><p>မိုဘိုင်းဖြင့် စာရင်းသွင်းပါက အတည်ပြုကုဒ်ကို SMS ဖြင့် ပို့ပေးပြီး သင့်မိုဘိုင်းနံပါတ်သည် အသုံးပြုသူအမည် ဖြစ်လာပါမည်။</p>',
          CN: '<p>点击<strong>注册</strong>，使用用户名或手机号码注册。带 ＊ 的字段为必填项；每个字段都会提示可接受的字符类型和长度。</p><p>使用手机注册时，验证码将通过短信发送，您的手机号码即为用户名。</p>',
          TH: '<p>เลือก <strong>สมัครสมาชิก</strong> แล้วสมัครด้วยชื่อผู้ใช้หรือหมายเลขโทรศัพท์มือถือ ช่องที่มีเครื่องหมาย ＊ ต้องกรอก แต่ละช่องจะบอกว่ารับตัวอักษรแบบใดและจำนวนเท่าใด</p><p>หากสมัครด้วยมือถือ ระบบจะส่งรหัสยืนยันทาง SMS และหมายเลขมือถือของคุณจะเป็นชื่อผู้ใช้</p>',
          VI: '<p>Chọn <strong>Đăng ký</strong>, sau đó đăng ký bằng tên người dùng hoặc số điện thoại. Các trường có dấu ＊ là bắt buộc; mỗi trường cho biết ký tự nào và độ dài bao nhiêu được chấp nhận.</p><p>Khi đăng ký bằng điện thoại, mã xác minh được gửi qua SMS và số điện thoại trở thành tên người dùng.</p>',
        },
      },
      {
        id: 302,
        title: {
          EN: 'I forgot my password',
          MY: 'စကားဝှက် မေ့သွားပါသည်',
          CN: '忘记密码',
          TH: 'ลืมรหัสผ่าน',
          VI: 'Tôi quên mật khẩu',
        },
        content: {
          EN: '<p>On the sign-in window choose <strong>Forgot password</strong>. You can reset it with your username and e-mail address, or with your mobile number and an SMS code. After a reset by phone you are signed in with the new password.</p>',
          MY: '<p>ဝင်ရောက်ရန် ဝင်းဒိုးတွင် <strong>စကားဝှက် မေ့နေပါသလား</strong> ကို ရွေးပါ။ အသုံးပြုသူအမည်နှင့် အီးမေးလ်လိပ်စာဖြင့် သို့မဟုတ် မိုဘိုင်းနံပါတ်နှင့် SMS ကုဒ်ဖြင့် ပြန်လည်သတ်မှတ်နိုင်ပါသည်။ ဖုန်းဖြင့် ပြန်လည်သတ်မှတ်ပြီးနောက် စကားဝှက်အသစ်ဖြင့် အလိုအလျောက် ဝင်ရောက်ပေးပါမည်။</p>',
          CN: '<p>在登录窗口点击<strong>忘记密码</strong>。您可以通过用户名和电子邮箱重置，或通过手机号码和短信验证码重置。通过手机重置后，将使用新密码自动登录。</p>',
          TH: '<p>ที่หน้าต่างเข้าสู่ระบบ เลือก <strong>ลืมรหัสผ่าน</strong> คุณสามารถรีเซ็ตด้วยชื่อผู้ใช้และอีเมล หรือด้วยหมายเลขมือถือและรหัส SMS หลังจากรีเซ็ตทางโทรศัพท์ ระบบจะเข้าสู่ระบบด้วยรหัสผ่านใหม่ให้ทันที</p>',
          VI: '<p>Trong cửa sổ đăng nhập, chọn <strong>Quên mật khẩu</strong>. Bạn có thể đặt lại bằng tên người dùng và e-mail, hoặc bằng số điện thoại và mã SMS. Sau khi đặt lại qua điện thoại, bạn được đăng nhập bằng mật khẩu mới.</p>',
        },
      },
      {
        id: 303,
        title: {
          EN: 'Keeping your account safe',
          MY: 'သင့်အကောင့်ကို လုံခြုံစွာ ထိန်းသိမ်းခြင်း',
          CN: '保护您的账户安全',
          TH: 'การรักษาความปลอดภัยของบัญชี',
          VI: 'Giữ an toàn cho tài khoản',
        },
        content: {
          EN: '<ul><li>Use a password you do not use anywhere else; 123456 is refused.</li><li>Our staff never ask for your password or SMS codes.</li><li>When you sign in from a new network, we may ask for an extra check such as an SMS code.</li><li>Sign out on shared devices.</li></ul>',
          MY: '<ul><li>အခြားနေရာတွင် မသုံးသော စကားဝှက်ကို အသုံးပြုပါ၊ 123456 ကို လက်မခံပါ။</li><li>ကျွန်ုပ်တို့၏ ဝန်ထမ်းများသည် သင့်စကားဝှက် သို့မဟုတ် SMS ကုဒ်ကို ဘယ်တော့မှ မတောင်းပါ။</li><li>ကွန်ရက်အသစ်မှ ဝင်ရောက်သည့်အခါ SMS ကုဒ်ကဲ့သို့ ထပ်ဆောင်းစစ်ဆေးမှု တောင်းနိုင်ပါသည်။</li><li>အများသုံး စက်ပစ္စည်းများတွင် အကောင့်မှ ထွက်ပါ။</li></ul>',
          CN: '<ul><li>请使用未在其他地方使用过的密码；系统不接受 123456。</li><li>我们的工作人员绝不会索要您的密码或短信验证码。</li><li>从新的网络登录时，我们可能会要求额外验证，例如短信验证码。</li><li>在共用设备上使用后请退出登录。</li></ul>',
          TH: '<ul><li>ใช้รหัสผ่านที่ไม่ได้ใช้ที่อื่น ระบบไม่รับ 123456</li><li>พนักงานของเราจะไม่ขอรหัสผ่านหรือรหัส SMS ของคุณ</li><li>เมื่อเข้าสู่ระบบจากเครือข่ายใหม่ เราอาจขอการยืนยันเพิ่มเติม เช่น รหัส SMS</li><li>ออกจากระบบทุกครั้งเมื่อใช้อุปกรณ์ร่วมกับผู้อื่น</li></ul>',
          VI: '<ul><li>Dùng mật khẩu không dùng ở nơi khác; 123456 sẽ bị từ chối.</li><li>Nhân viên của chúng tôi không bao giờ hỏi mật khẩu hay mã SMS của bạn.</li><li>Khi đăng nhập từ mạng mới, chúng tôi có thể yêu cầu xác minh thêm như mã SMS.</li><li>Đăng xuất khi dùng thiết bị chung.</li></ul>',
        },
      },
    ],
  },
  {
    id: 4,
    title: {
      EN: 'Responsible gaming',
      MY: 'တာဝန်ယူမှုရှိသော ကစားခြင်း',
      CN: '负责任博彩',
      TH: 'การเล่นอย่างรับผิดชอบ',
      VI: 'Chơi có trách nhiệm',
    },
    articles: [
      {
        id: 401,
        title: {
          EN: 'Playing responsibly',
          MY: 'တာဝန်ယူမှုရှိစွာ ကစားခြင်း',
          CN: '理性游戏',
          TH: 'เล่นอย่างมีสติ',
          VI: 'Chơi một cách có trách nhiệm',
        },
        content: {
          EN: '<p>Play for entertainment, not to make money. Decide on a budget and a time limit before you start, and never chase losses.</p><p>If gaming stops being fun, take a break and talk to someone you trust, or ask customer service to close your account for a period.</p>',
          MY: '<p>ငွေရှာရန်မဟုတ်ဘဲ ဖျော်ဖြေရေးအတွက် ကစားပါ။ မစတင်မီ ဘတ်ဂျက်နှင့် အချိန်ကန့်သတ်ချက်ကို ဆုံးဖြတ်ထားပြီး ရှုံးထားသည်ကို ပြန်ရရန် ဘယ်တော့မှ မလိုက်ပါနှင့်။</p><p>ကစားခြင်းသည် ပျော်စရာမဟုတ်တော့ပါက ခေတ္တနားပြီး သင်ယုံကြည်ရသူနှင့် စကားပြောပါ၊ သို့မဟုတ် သင့်အကောင့်ကို ကာလတစ်ခုအထိ ပိတ်ထားပေးရန် ဖောက်သည်ဝန်ဆောင်မှုကို တောင်းဆိုပါ။</p>',
          CN: '<p>游戏是为了娱乐，而不是为了赚钱。开始前先确定预算和时间上限，切勿为了追回损失而继续投注。</p><p>如果游戏不再有趣，请休息一下，与您信任的人谈谈，或请客服将您的账户暂时关闭一段时间。</p>',
          TH: '<p>เล่นเพื่อความบันเทิง ไม่ใช่เพื่อหารายได้ กำหนดงบประมาณและเวลาก่อนเริ่มเล่น และอย่าเล่นเพื่อไล่ตามเงินที่เสียไป</p><p>หากการเล่นไม่สนุกอีกต่อไป ให้หยุดพักและพูดคุยกับคนที่คุณไว้ใจ หรือขอให้ฝ่ายบริการลูกค้าปิดบัญชีของคุณชั่วคราว</p>',
          VI: '<p>Hãy chơi để giải trí, không phải để kiếm tiền. Đặt ngân sách và giới hạn thời gian trước khi bắt đầu, và đừng bao giờ cố gỡ lại tiền đã thua.</p><p>Nếu việc chơi không còn vui, hãy nghỉ ngơi và nói chuyện với người bạn tin tưởng, hoặc yêu cầu chăm sóc khách hàng tạm khóa tài khoản của bạn trong một thời gian.</p>',
        },
      },
      {
        id: 402,
        title: {
          EN: 'Age requirement',
          MY: 'အသက်ကန့်သတ်ချက်',
          CN: '年龄要求',
          TH: 'ข้อกำหนดด้านอายุ',
          VI: 'Yêu cầu về độ tuổi',
        },
        content: {
          EN: '<p>You must be at least 18 years old (or the legal age where you live, if higher) to register and play. We may ask for proof of age at any time, and accounts of minors are closed.</p>',
          MY: '<p>စာရင်းသွင်းပြီး ကစားရန် အနည်းဆုံး အသက် ၁၈ နှစ် (သို့မဟုတ် သင်နေထိုင်ရာဒေသ၏ တရားဝင်အသက်က ပိုမြင့်ပါက ထိုအသက်) ပြည့်ရပါမည်။ အသက်အထောက်အထားကို အချိန်မရွေး တောင်းဆိုနိုင်ပြီး အရွယ်မရောက်သေးသူများ၏ အကောင့်များကို ပိတ်ပါမည်။</p>',
          CN: '<p>您必须年满 18 周岁（如您所在地区的法定年龄更高，则以当地为准）才能注册和游戏。我们可能随时要求提供年龄证明，未成年人的账户将被关闭。</p>',
          TH: '<p>คุณต้องมีอายุอย่างน้อย 18 ปี (หรืออายุตามกฎหมายในพื้นที่ของคุณหากสูงกว่า) จึงจะสมัครและเล่นได้ เราอาจขอหลักฐานแสดงอายุได้ทุกเมื่อ และบัญชีของผู้เยาว์จะถูกปิด</p>',
          VI: '<p>Bạn phải từ 18 tuổi trở lên (hoặc độ tuổi hợp pháp nơi bạn sống nếu cao hơn) để đăng ký và chơi. Chúng tôi có thể yêu cầu chứng minh độ tuổi bất cứ lúc nào, và tài khoản của người chưa thành niên sẽ bị đóng.</p>',
        },
      },
    ],
  },
];
