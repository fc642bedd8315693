import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGISTER_FIELDS, sessionEndpoints, type FieldConfig, type RegisterField } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  loggedInHandlers,
  loginResultFixture,
  memberFixture,
  ok,
  payloadKeyServer,
  siteHandlers,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { affiliateFromUrl, referralFromUrl } from './register-modal';

// Issue 8: an agent's invitation link is `<origin>/?affiliateCode=CODE`.

const off: FieldConfig = {
  enabled: false,
  required: false,
  minLength: 0,
  maxLength: 0,
  acceptedPattern: '',
  patternId: 1,
};
const on = (min: number, max: number, required = true): FieldConfig => ({
  enabled: true,
  required,
  minLength: min,
  maxLength: max,
  acceptedPattern: '',
  patternId: 1,
});
const config = (affiliate: boolean): Record<RegisterField, FieldConfig> => ({
  ...(Object.fromEntries(REGISTER_FIELDS.map((f) => [f, off])) as Record<RegisterField, FieldConfig>),
  username: on(4, 16),
  password: on(6, 20),
  affiliateCode: affiliate ? on(0, 20, false) : off,
});

async function visit(path: string, affiliateField: boolean) {
  const keys = await payloadKeyServer();
  const sent: Record<string, unknown>[] = [];
  const app = renderApp(path, {
    ...siteHandlers({ status: { register: config(affiliateField) } }),
    [sessionEndpoints.payloadKey.path]: keys.handler,
    [sessionEndpoints.memberInfo.path]: () =>
      ok(sessionEndpoints.memberInfo, memberFixture({ account: 'invited1' })),
    [sessionEndpoints.affiliate.path]: (url) =>
      ok(sessionEndpoints.affiliate, { valid: url.searchParams.get('code') === 'AB12CD34' }),
    [sessionEndpoints.register.path]: async (_u, init) => {
      sent.push(await keys.open(init));
      return ok(sessionEndpoints.register, { account: 'invited1', session: loginResultFixture() });
    },
  });
  return { ...app, sent };
}

describe('register from an invitation link', { timeout: 20_000 }, () => {
  it('opens the register form over the page with the affiliate code filled in', async () => {
    const { sent } = await visit('/?affiliateCode=AB12CD34', true);
    const dialog = await screen.findByRole('dialog', { name: 'Register' }, { timeout: 5_000 });
    const code = await within(dialog).findByLabelText('Invitation code');
    expect(code).toHaveValue('AB12CD34');
    await userEvent.type(within(dialog).getByLabelText('Username'), 'invited1');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Abc12345');
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Abc12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ username: 'invited1', affiliateCode: 'AB12CD34' });
  });

  it('sends the code of the link even where the form does not show the field', async () => {
    const { sent } = await visit('/rng?affiliateCode=AB12CD34', false);
    const dialog = await screen.findByRole('dialog', { name: 'Register' }, { timeout: 5_000 });
    await within(dialog).findByLabelText('Username');
    expect(within(dialog).queryByLabelText('Invitation code')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Username'), 'invited1');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Abc12345');
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Abc12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ affiliateCode: 'AB12CD34' });
  });

  it('does not bother a signed-in visitor', async () => {
    renderApp('/index?affiliateCode=AB12CD34', loggedInHandlers({ account: 'demo01' }));
    expect(
      await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('reads ?affiliateCode= beside the referral code of ?referralCode=', () => {
    expect(affiliateFromUrl('?affiliateCode=AB12CD34&referralCode=R1')).toBe('AB12CD34');
    expect(referralFromUrl('?affiliateCode=AB12CD34&referralCode=R1')).toBe('R1');
    expect(affiliateFromUrl('?affiliateCode=')).toBeUndefined();
    expect(affiliateFromUrl('')).toBeUndefined();
  });
});
