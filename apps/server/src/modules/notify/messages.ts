/**
 * Texts of the code messages, per language; EN is the fallback (spec §1: message texts exist for
 * CN, EN, TH, VI and Burmese). {code} and {minutes} are substituted.
 */
type Texts = { subject: string; body: string };

const TEXTS: Record<string, Texts> = {
  EN: {
    subject: 'Your verification code',
    body: 'Your verification code is {code}. It is valid for {minutes} minutes. Never share it with anyone.',
  },
  MY: { subject: 'အတည်ပြုကုဒ်', body: 'သင်၏ အတည်ပြုကုဒ်မှာ {code} ဖြစ်သည်။ {minutes} မိနစ်အတွင်း အသုံးပြုပါ။ မည်သူ့ကိုမျှ မပြပါနှင့်။' },
  CN: { subject: '您的验证码', body: '您的验证码是 {code}，{minutes} 分钟内有效。请勿告诉任何人。' },
  TH: { subject: 'รหัสยืนยันของคุณ', body: 'รหัสยืนยันของคุณคือ {code} ใช้ได้ {minutes} นาที ห้ามเปิดเผยให้ผู้อื่น' },
  VI: {
    subject: 'Mã xác minh của bạn',
    body: 'Mã xác minh của bạn là {code}, có hiệu lực trong {minutes} phút. Không chia sẻ mã này với bất kỳ ai.',
  },
};

export function codeMessage(language: string | undefined, code: string, minutes: number): Texts {
  const t = TEXTS[language ?? 'EN'] ?? (TEXTS.EN as Texts);
  const fill = (s: string) => s.replace('{code}', code).replace('{minutes}', String(minutes));
  return { subject: fill(t.subject), body: fill(t.body) };
}
