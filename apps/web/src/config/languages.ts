import { SWITCHER_LANGUAGES } from '@app/contracts';

export type SwitcherLanguage = (typeof SWITCHER_LANGUAGES)[number];

/** Each option names its language in its own script (an endonym is never translated). */
export const LANGUAGE_ENDONYMS: Record<SwitcherLanguage, string> = {
  MY: 'မြန်မာ',
  EN: 'English',
  CN: '简体中文',
  JA: '日本語',
  TH: 'ไทย',
  VI: 'Tiếng Việt',
};

export { SWITCHER_LANGUAGES };
