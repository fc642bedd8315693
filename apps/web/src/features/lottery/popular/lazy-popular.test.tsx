import { act, screen, within } from '@testing-library/react';
import { lotteryPopular } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, siteHandlers } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { drawFixture, lotteryGameFixture, periodFixture } from '../vn/testing';

vi.setConfig({ testTimeout: 30_000 });
const WAIT = { timeout: 5_000 };

/** An IntersectionObserver the test reveals by hand. */
function fakeObserver() {
  const observers: {
    cb: IntersectionObserverCallback;
    els: Element[];
    options?: IntersectionObserverInit;
  }[] = [];
  class Fake {
    private entry: (typeof observers)[number];
    constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { cb, els: [], options };
      observers.push(this.entry);
    }
    observe(el: Element) {
      this.entry.els.push(el);
    }
    unobserve() {}
    disconnect() {
      this.entry.els = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Fake);
  return {
    observers,
    reveal: (el: Element) =>
      observers
        .filter((o) => o.els.includes(el))
        .forEach((o) =>
          o.cb(
            [{ target: el, isIntersecting: true } as IntersectionObserverEntry],
            o as unknown as IntersectionObserver,
          ),
        ),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const digit = lotteryGameFixture({
  gameCode: 'FAST5',
  labelName: 'Fast 5D 1 min',
  kind: 'digit5',
  region: null,
  intervalSeconds: 60,
  drawTime: null,
  drawDays: null,
  defaultPlayType: 'STRAIGHT_1',
});
const vn = lotteryGameFixture();

describe('home: popular lottery numbers', () => {
  it('waits below the fold until scrolled near, then loads its chunk and call and shows each game', async () => {
    const io = fakeObserver();
    const { calls } = renderApp('/index', {
      ...siteHandlers(),
      [lotteryPopular.path]: () =>
        ok(lotteryPopular, {
          items: [
            {
              game: digit,
              current: periodFixture({ gameCode: 'FAST5' }),
              last: {
                ...drawFixture('vn_north'),
                gameCode: 'FAST5',
                kind: 'digit5',
                result: { digits: [1, 2, 3, 4, 5] },
              },
              hotNumbers: ['7', '3', '1'],
            },
            { game: vn, current: null, last: drawFixture('vn_north'), hotNumbers: ['68', '07'] },
          ],
          serverTime: new Date().toISOString(),
        }),
    });
    const slot = await screen.findByTestId('popular-lottery', {}, WAIT);
    // Nothing asked for yet: the widget is lazy.
    expect(calls.some((c) => c.url.pathname === lotteryPopular.path)).toBe(false);
    expect(within(slot).queryByRole('heading')).toBeNull();
    expect(io.observers.find((o) => o.els.includes(slot))?.options?.rootMargin).toBe('200px 0px');

    act(() => io.reveal(slot));
    expect(
      await within(slot).findByRole('heading', { name: 'Popular lottery numbers' }, WAIT),
    ).toBeInTheDocument();
    // The games arrive with the call's answer (the widget's own heading may show before it is sent).
    expect(await within(slot).findByRole('heading', { name: 'Fast 5D 1 min' }, WAIT)).toBeInTheDocument();
    const popular = calls.find((c) => c.url.pathname === lotteryPopular.path);
    expect(Object.fromEntries(popular!.url.searchParams)).toMatchObject({ count: '20', device: 'web' });
    expect(within(slot).getByRole('link', { name: 'Play Fast 5D 1 min' })).toHaveAttribute(
      'href',
      '/lottery?gameCode=FAST5&playType=STRAIGHT_1',
    );
    expect(within(slot).getByRole('link', { name: 'Play Miền Bắc' })).toHaveAttribute(
      'href',
      '/vnlottery?gameCode=VN_MB',
    );
    expect(within(slot).getByText('68')).toBeInTheDocument();
    expect(within(slot).getByText('07')).toBeInTheDocument();
  });
});
