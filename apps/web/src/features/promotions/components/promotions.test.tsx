import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  promoApply,
  promoCardSchema,
  promoClaim,
  promoClaimHall,
  promoDetail,
  promoList,
  raffleClaim,
  type PromoCard,
  type PromoDetail,
} from '@app/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, siteHandlers, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

function card(overrides: Partial<PromoCard> = {}): PromoCard {
  return promoCardSchema.parse({
    id: 2,
    code: 'APPSHARE',
    kind: 'bonus',
    category: 'download',
    tags: ['special'],
    title: 'App download reward',
    summary: 'Install the app, send us a screenshot and get MMK 88.',
    signupFrom: '2026-11-20T00:00:00.000Z',
    signupTo: '2027-02-20T00:00:00.000Z',
    runFrom: '2026-11-20T00:00:00.000Z',
    runTo: '2027-02-20T00:00:00.000Z',
    claimTo: '2027-02-27T00:00:00.000Z',
    bonus: { type: 'fixed', amount: 8_800, percent: null, cap: null },
    approval: true,
    status: 'join_now',
    reason: null,
    ...overrides,
  });
}

function detail(overrides: Partial<PromoDetail> = {}): PromoDetail {
  return promoDetail.response.parse({
    ...card(),
    content: '<p>Install our app.</p>',
    audience: 'all',
    newbieDays: 30,
    minDeposit: 0,
    turnover: 0,
    verticals: null,
    maxEntries: 1,
    raffle: null,
    me: { entriesUsed: 0, entry: null },
    ...overrides,
  });
}

const entry = (overrides: Partial<NonNullable<NonNullable<PromoDetail['me']>['entry']>> = {}) => ({
  id: 41,
  state: 'approved' as const,
  joinedAt: '2026-11-26T00:00:00.000Z',
  deposit: 0,
  turnover: 0,
  amount: 8_800,
  comment: null,
  images: [],
  decisionNote: null,
  decidedAt: null,
  claimedAt: null,
  ...overrides,
});

const bodies = (calls: { url: URL; init: RequestInit | undefined }[], path: string) =>
  calls
    .filter((c) => c.url.pathname === path && c.init?.method === 'POST')
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

function file(name: string, type: string, size = 2_000): File {
  return new File([new Uint8Array(size).fill(7)], name, { type });
}

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});

describe('/promotions', { timeout: 20_000 }, () => {
  it('lists the activities with their status and bonus, and filters by category through the address', async () => {
    const { calls } = renderApp('/promotions', {
      ...siteHandlers(),
      [promoList.path]: (url) =>
        ok(promoList, {
          items:
            url.searchParams.get('category') === 'live'
              ? []
              : [card(), card({ id: 3, title: 'Slots daily', status: 'coming_soon', approval: false })],
          page: 1,
          pageSize: 12,
          total: url.searchParams.get('category') === 'live' ? 0 : 2,
        }),
    });
    // The first render of the file loads the page's chunks and texts: more time than usual.
    const list = await screen.findByRole('list', { name: 'Activities' }, { timeout: 8_000 });
    const items = within(list).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'App download reward' })).toHaveAttribute(
      'href',
      '/promoDetail?id=2',
    );
    expect(within(items[0]!).getByText('Join now')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Bonus MMK 88\.00/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Coming soon')).toBeInTheDocument();

    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Categories' })).getByRole('link', {
        name: 'Live casino',
      }),
    );
    expect(await screen.findByText('No activities here at the moment.')).toBeInTheDocument();
    expect(
      calls.some((c) => c.url.pathname === promoList.path && c.url.searchParams.get('category') === 'live'),
    ).toBe(true);
  });

  it('the claim hall asks a guest to log in, and pays a member’s bonus and raffle prize through their calls', async () => {
    renderApp('/promotions?view=claims', siteHandlers());
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to join' }));
    expect(useUiStore.getState().modal).toMatchObject({ kind: 'login' });
  });

  it('claims from the hall: a bonus through /wps/promo/claim, a prize through the raffle relay', async () => {
    const items = [
      {
        entryId: 5,
        promotionId: 2,
        kind: 'bonus',
        category: 'download',
        title: 'App download reward',
        amount: 8_800,
        reason: 'approved',
        claimTo: '2027-02-27T00:00:00.000Z',
      },
      {
        entryId: 9,
        promotionId: 7,
        kind: 'raffle',
        category: 'lottery',
        title: 'Lucky draw',
        amount: 888_800,
        reason: 'won',
        claimTo: '2027-01-01T00:00:00.000Z',
      },
    ] as const;
    const { calls } = renderApp('/promotions?view=claims', {
      ...loggedInHandlers(),
      [promoClaimHall.path]: () => ok(promoClaimHall, { items: [...items], total: 897_600 }),
      [promoClaim.path]: () =>
        ok(promoClaim, { entryId: 5, amount: 8_800, balance: 108_800, transferId: '77' }),
      [raffleClaim.path]: () =>
        ok(raffleClaim, { entryId: 9, amount: 888_800, balance: 997_600, transferId: '78' }),
    });
    const list = await screen.findByRole('list', { name: 'Bonuses ready to claim' });
    expect(screen.getByText('Ready to claim: MMK 8,976.00')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Claim MMK 88.00' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'MMK 88.00 from App download reward is in your main wallet.',
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Claim MMK 8,888.00' }));
    await waitFor(() => expect(bodies(calls, raffleClaim.path)).toHaveLength(1));
    expect(bodies(calls, promoClaim.path)).toEqual([
      { entryId: 5, key: expect.stringMatching(/^[\w-]{8,64}$/) },
    ]);
    expect(bodies(calls, raffleClaim.path)[0]).toMatchObject({ entryId: 9 });
  });
});

describe('/promoDetail', { timeout: 20_000 }, () => {
  const at = (d: PromoDetail, handlers: Record<string, Handler> = loggedInHandlers()) =>
    renderApp(`/promoDetail?id=${d.id}`, { ...handlers, [promoDetail.path]: () => ok(promoDetail, d) });

  it('renders the operator’s HTML through DOMPurify: no script, handler, frame, SVG or javascript: link survives', async () => {
    const hostile =
      '<p>Rules</p><img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=2">x</a>' +
      '<svg onload="window.__xss=3"></svg><iframe srcdoc="<script>window.__xss=4</script>"></iframe>' +
      '<script>window.__xss=5</script><div style="background:url(javascript:1)">ok</div>';
    at(detail({ content: hostile }), siteHandlers());
    const section = await screen.findByRole('region', { name: 'About this activity' });
    expect(within(section).getByText('Rules')).toBeInTheDocument();
    expect(section.querySelector('script, iframe, svg, [onerror], [onload], [style]')).toBeNull();
    expect(section.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('a guest is asked to log in to join', async () => {
    at(detail({ me: null }), siteHandlers());
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to join' }));
    expect(useUiStore.getState().modal).toMatchObject({ kind: 'login' });
  });

  it('the application checks its images before sending (spec §8), then sends the comment and the images', async () => {
    const applied = detail({
      status: 'applying',
      me: { entriesUsed: 1, entry: entry({ state: 'applying' }) },
    });
    let current = detail();
    const { calls } = renderApp('/promoDetail?id=2', {
      ...loggedInHandlers(),
      [promoDetail.path]: () => ok(promoDetail, current),
      [promoApply.path]: () => {
        current = applied;
        return ok(promoApply, applied);
      },
    });
    const form = await screen.findByRole('form', { name: 'Application' });
    const input = within(form).getByLabelText('Images');
    const upload = userEvent.setup({ applyAccept: false });

    await upload.upload(input, [
      file('a.png', 'image/png'),
      file('b.png', 'image/png'),
      file('c.jpg', 'image/jpeg'),
      file('d.png', 'image/png'),
    ]);
    expect(input).toHaveAccessibleDescription(/At most 3 images\./);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove image 4' }));
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove image 3' }));

    await upload.upload(input, file('x.svg', 'image/svg+xml'));
    expect(input).toHaveAccessibleDescription(/Only png or jpg images\./);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove image 3' }));
    await upload.upload(input, file('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1));
    expect(input).toHaveAccessibleDescription(/Image too large \(max 5MB\)\./);
    await userEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    expect(bodies(calls, promoApply.path)).toEqual([]);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove image 3' }));

    const comment = within(form).getByRole('textbox', { name: 'Comment' });
    await userEvent.type(comment, 'Installed ✓');
    expect(within(form).getByText('11 / 140')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(bodies(calls, promoApply.path)).toHaveLength(1));
    const sent = bodies(calls, promoApply.path)[0]!;
    expect(sent).toMatchObject({ id: 2, comment: 'Installed ✓', language: 'EN' });
    expect(sent.images).toEqual([
      { type: 'image/png', data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) },
      { type: 'image/png', data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) },
    ]);
    expect(await screen.findByText('Your application is being reviewed.')).toBeInTheDocument();
  });

  it('a refusal of the server lands on the images field', async () => {
    at(detail(), {
      ...loggedInHandlers(),
      [promoApply.path]: () =>
        fail('BAD_REQUEST', 'promotions.errors.image_type', {
          fields: { 'images.0': 'promotions.errors.image_type' },
        }),
    });
    const form = await screen.findByRole('form', { name: 'Application' });
    await userEvent
      .setup({ applyAccept: false })
      .upload(within(form).getByLabelText('Images'), file('fake.png', 'image/png'));
    await userEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Images')).toHaveAccessibleDescription(/Only png or jpg images\./),
    );
  });

  it('issued: claims the bonus once with a key, then says where it went', async () => {
    const { calls } = at(detail({ status: 'issued', me: { entriesUsed: 1, entry: entry() } }), {
      ...loggedInHandlers(),
      [promoClaim.path]: () =>
        ok(promoClaim, { entryId: 41, amount: 8_800, balance: 108_800, transferId: '9' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim MMK 88.00' }));
    expect(await screen.findByRole('status')).toHaveTextContent('MMK 88.00 is in your main wallet.');
    expect(bodies(calls, promoClaim.path)).toEqual([{ entryId: 41, key: expect.any(String) }]);
  });

  it('shows progress while in progress, the reason when closed, the note when rejected', async () => {
    const { unmount } = at(
      detail({
        approval: false,
        turnover: 500_000,
        verticals: ['slots'],
        status: 'in_progress',
        me: { entriesUsed: 1, entry: entry({ state: 'joined', turnover: 120_000, amount: 1_800 }) },
      }),
    );
    const progress = await screen.findByRole('region', { name: 'My progress' });
    expect(within(progress).getByRole('progressbar', { name: /Turnover/ })).toHaveAttribute(
      'value',
      '120000',
    );
    expect(within(progress).getByText('MMK 1,200.00 of MMK 5,000.00')).toBeInTheDocument();
    unmount();
    const closed = at(detail({ status: 'closed', reason: 'vip_only' }));
    expect(await screen.findByText('This activity is for VIP members only.')).toBeInTheDocument();
    closed.unmount();
    at(
      detail({
        status: 'rejected',
        me: { entriesUsed: 1, entry: entry({ state: 'rejected', decisionNote: 'Blurry picture' }) },
      }),
    );
    expect(await screen.findByText('Reason: Blurry picture')).toBeInTheDocument();
  });

  it('an unknown activity says so, with the way back', async () => {
    renderApp('/promoDetail?id=999', {
      ...siteHandlers(),
      [promoDetail.path]: () => fail('NOT_FOUND', 'promotions.errors.not_found'),
    });
    expect(await screen.findByText('This promotion is not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to promotions' })).toHaveAttribute('href', '/promotions');
  });
});
