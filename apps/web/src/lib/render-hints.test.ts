import { afterEach, describe, expect, it } from 'vitest';
import { RENDER_HINT_COOKIES, hint } from './render-hints';
import { saveTheme } from './theme';

const cookies = () =>
  Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((c) => c.split('=')),
  );

afterEach(() => {
  for (const name of Object.values(RENDER_HINT_COOKIES)) hint(name, null);
});

describe('render hints', () => {
  it('sets and removes the cookies the server reads', () => {
    hint(RENDER_HINT_COOKIES.lang, 'EN');
    hint(RENDER_HINT_COOKIES.session, '1');
    expect(cookies()).toMatchObject({ ui_lang: 'EN', ui_session: '1' });
    hint(RENDER_HINT_COOKIES.session, null);
    expect(cookies()).not.toHaveProperty('ui_session');
  });

  it('a theme switch tells the server too', () => {
    saveTheme('dark');
    expect(cookies()).toMatchObject({ ui_theme: 'dark' });
    saveTheme('light');
    expect(cookies()).toMatchObject({ ui_theme: 'light' });
  });
});
