import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REGISTER_FIELDS,
  endpoints,
  sessionEndpoints,
  type FieldConfig,
  type RegisterField,
} from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  fail,
  loginResultFixture,
  memberFixture,
  ok,
  payloadKeyServer,
  siteHandlers,
  type Handler,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { referralFromUrl } from './register-modal';

const off: FieldConfig = {
  enabled: false,
  required: false,
  minLength: 0,
  maxLength: 0,
  acceptedPattern: '',
  patternId: 1,
};
const cfg = (patternId: number, min: number, max: number, required = true): FieldConfig => ({
  enabled: true,
  required,
  minLength: min,
  maxLength: max,
  acceptedPattern: '',
  patternId,
});

const register: Record<RegisterField, FieldConfig> = {
  ...(Object.fromEntries(REGISTER_FIELDS.map((f) => [f, off])) as Record<RegisterField, FieldConfig>),
  username: cfg(2, 4, 16), // letter first, then letters and digits
  password: cfg(1, 6, 20),
  email: cfg(4, 6, 60, false), // optional e-mail
  qqNum: cfg(7, 5, 5), // digits only, equal bounds
  payeeName: cfg(21, 3, 40), // full name in two parts
  paymentPassword: cfg(7, 6, 6, false), // shown: always required
  affiliateCode: cfg(1, 0, 20, false),
};

async function setup(extra: Record<string, Handler> = {}, fields = register) {
  const keys = await payloadKeyServer();
  const sent: Record<string, unknown>[] = [];
  const app = renderApp('/register?ref=FRIEND7', {
    ...siteHandlers({ status: { register: fields } }),
    [sessionEndpoints.payloadKey.path]: keys.handler,
    [sessionEndpoints.memberInfo.path]: () =>
      ok(sessionEndpoints.memberInfo, memberFixture({ account: 'newbie1' })),
    [sessionEndpoints.affiliate.path]: (url) =>
      ok(sessionEndpoints.affiliate, { valid: url.searchParams.get('code') === 'GOOD' }),
    [sessionEndpoints.register.path]: async (_u, init) => {
      sent.push(await keys.open(init));
      return ok(sessionEndpoints.register, { account: 'newbie1', session: loginResultFixture() });
    },
    ...extra,
  });
  const dialog = await screen.findByRole('dialog', { name: 'Register' });
  await within(dialog).findByLabelText('Username');
  return { ...app, dialog, sent };
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name);
const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));

describe('register modal', () => {
  it('shows the configured fields with ＊ on required placeholders only', async () => {
    const { dialog } = await setup();
    expect(field(dialog, 'Username')).toHaveAttribute('placeholder', '＊Username');
    expect(field(dialog, 'E-mail')).toHaveAttribute('placeholder', 'E-mail');
    expect(field(dialog, 'Payment password')).toHaveAttribute('placeholder', '＊Payment password');
    expect(within(dialog).queryByLabelText('WeChat')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Captcha')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /agree to the terms/ })).toBeChecked();
    expect(
      within(dialog).getByText('I am over 18 and agree to the terms and conditions'),
    ).toBeInTheDocument();
  });

  it('rejects values per pattern kind with (min)/(max) substituted, one value when equal', async () => {
    const { dialog, sent } = await setup();
    await userEvent.type(field(dialog, 'Username'), '1abc');
    await userEvent.type(field(dialog, 'E-mail'), 'not-an-email');
    await userEvent.type(field(dialog, 'QQ'), '12a45');
    await userEvent.type(field(dialog, 'Real name'), 'Madonna');
    await submit(dialog);
    expect(
      await within(dialog).findByText('Letters and digits, starting with a letter (4-16 characters)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('A valid e-mail address (6-60 characters)')).toBeInTheDocument();
    expect(within(dialog).getByText('Digits only (5 characters)')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Full name in two parts (first and last name) (3-40 characters)'),
    ).toBeInTheDocument();
    // Payment password is always required when shown; confirm must be filled.
    expect(within(dialog).getAllByText('This field cannot be empty.').length).toBeGreaterThanOrEqual(3);
    expect(sent).toHaveLength(0);
  });

  it('requires matching passwords and the agreement', async () => {
    const { dialog, sent } = await setup();
    await userEvent.type(field(dialog, 'Password'), 'Abc12345');
    await userEvent.type(field(dialog, 'Confirm password'), 'Abc12346');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /agree to the terms/ }));
    await submit(dialog);
    expect(await within(dialog).findByText('The passwords do not match.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please agree to the terms to continue.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  async function fillValid(dialog: HTMLElement, affiliate: string) {
    await userEvent.type(field(dialog, 'Username'), 'newbie1');
    await userEvent.type(field(dialog, 'Password'), 'Abc12345');
    await userEvent.type(field(dialog, 'Confirm password'), 'Abc12345');
    await userEvent.type(field(dialog, 'QQ'), '12345');
    await userEvent.type(field(dialog, 'Real name'), 'Aung San');
    await userEvent.type(field(dialog, 'Payment password'), '246810');
    if (affiliate) await userEvent.type(field(dialog, 'Invitation code'), affiliate);
  }

  it('shows invitation_code_error on the field when the affiliate code is rejected', async () => {
    const { dialog, sent } = await setup();
    await fillValid(dialog, 'BAD');
    await submit(dialog);
    expect(await within(dialog).findByText('The invitation code is not valid.')).toBeInTheDocument();
    expect(field(dialog, 'Invitation code')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('spec §8: a failed registration shows the server message and refreshes the captcha, at most once per second', async () => {
    let now = 1_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const { dialog, calls } = await setup(
        {
          [endpoints.captcha.path]: () => ok(endpoints.captcha, 'data:image/png;base64,iVBORw0KGgo='),
          [sessionEndpoints.register.path]: () =>
            fail('UNPROCESSABLE', 'errors.captcha_wrong', { fields: { captcha: 'errors.captcha_wrong' } }),
        },
        { ...register, captcha: cfg(1, 4, 4) },
      );
      const captchas = () => calls.filter((c) => c.url.pathname === endpoints.captcha.path).length;
      await waitFor(() => expect(captchas()).toBe(1));
      await fillValid(dialog, '');
      await userEvent.type(field(dialog, 'Captcha'), '1234');
      now += 1_500;
      await submit(dialog);
      expect(await within(dialog).findByText('The captcha is not correct.')).toBeInTheDocument();
      await waitFor(() => expect(captchas()).toBe(2));
      // A second failure within the second: no new image.
      now += 400;
      await submit(dialog);
      await waitFor(() =>
        expect(calls.filter((c) => c.url.pathname === sessionEndpoints.register.path)).toHaveLength(2),
      );
      expect(captchas()).toBe(2);
      now += 1_000;
      await submit(dialog);
      await waitFor(() => expect(captchas()).toBe(3));
    } finally {
      clock.mockRestore();
    }
  });

  it('accepts valid values, sends the spec §3 extras encrypted and logs the new member in', async () => {
    const { dialog, sent } = await setup();
    await fillValid(dialog, 'GOOD');
    await submit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[0]).toMatchObject({
      username: 'newbie1',
      password: 'Abc12345',
      confirmPassword: 'Abc12345',
      qqNum: '12345',
      payeeName: 'Aung San',
      paymentPassword: '246810',
      affiliateCode: 'GOOD',
      referralCode: 'FRIEND7',
      domain: 'localhost',
      registerMethod: 'WEB',
      agree: true,
      login: true,
    });
    expect(String(sent[0]!.registerUrl)).toMatch(/^http:\/\/localhost/);
    expect(window.sessionStorage.getItem('token')).toBe('tok-123');
    expect(await screen.findByRole('button', { name: 'Account menu newbie1' })).toBeInTheDocument();
  });

  it('reads the referral code from ?referralCode= or ?ref=', () => {
    expect(referralFromUrl('?referralCode=A1')).toBe('A1');
    expect(referralFromUrl('?ref=B2')).toBe('B2');
    expect(referralFromUrl('')).toBeUndefined();
  });
});
