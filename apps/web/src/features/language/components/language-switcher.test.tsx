import { endpoints } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { ok } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { siteHandlers } from '@/testing/fixtures';

describe('language switcher', () => {
  afterEach(async () => {
    await changeLanguage('EN');
    window.localStorage.clear();
  });

  it('offers the six switcher languages, each in its own script', async () => {
    renderApp('/index');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    const options = Array.from((select as HTMLSelectElement).options).map((o) => [o.value, o.text]);
    expect(options).toEqual([
      ['MY', 'မြန်မာ'],
      ['EN', 'English'],
      ['CN', '简体中文'],
      ['JA', '日本語'],
      ['TH', 'ไทย'],
      ['VI', 'Tiếng Việt'],
    ]);
  });

  it('stores lang and hisLang, sets <html lang> and translates the page', async () => {
    renderApp('/index');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'CN');
    await screen.findByRole('combobox', { name: '语言' });
    expect(window.localStorage.getItem('lang')).toBe('CN');
    expect(window.localStorage.getItem('hisLang')).toBe('EN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(screen.getByRole('link', { name: '首页' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: '语言' }), 'MY');
    await screen.findByRole('combobox', { name: 'ဘာသာစကား' });
    expect(window.localStorage.getItem('lang')).toBe('MY');
    expect(window.localStorage.getItem('hisLang')).toBe('CN');
    expect(document.documentElement.lang).toBe('my');
  });

  it('shows English for JA (catalogue fallback) while keeping JA as the choice', async () => {
    renderApp('/index');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'JA');
    await waitFor(() => expect(window.localStorage.getItem('lang')).toBe('JA'));
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('JA');
    expect(document.documentElement.lang).toBe('en');
  });

  it('tells the server when a session exists (fire and forget)', async () => {
    window.sessionStorage.setItem('token', 'abc');
    const { calls } = renderApp('/index', {
      ...siteHandlers(),
      [endpoints.updateLanguage.path]: () => ok(endpoints.updateLanguage, { language: 'TH', stored: true }),
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'TH');
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === endpoints.updateLanguage.path)).toBe(true),
    );
    const call = calls.find((c) => c.url.pathname === endpoints.updateLanguage.path)!;
    expect(call.init?.body).toBe(JSON.stringify({ language: 'TH' }));
  });

  it('does not call the server for a guest', async () => {
    const { calls } = renderApp('/index');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'VI');
    await screen.findByRole('combobox', { name: 'Ngôn ngữ' });
    expect(calls.some((c) => c.url.pathname === endpoints.updateLanguage.path)).toBe(false);
  });
});
