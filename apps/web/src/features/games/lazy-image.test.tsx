import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BLANK_IMAGE,
  LAZY_IMAGE,
  LazyImage,
  LruSet,
  createImageLoader,
  preloadMargin,
  resetObservers,
} from './lazy-image';
import { installFakeIntersectionObserver } from './testing';

/** Fake images: each `src` set is recorded; the test decides whether it loads or fails. */
function fakeImages() {
  const made: { src: string; onload: (() => void) | null; onerror: (() => void) | null }[] = [];
  const createImage = () => {
    const img = { src: '', onload: null, onerror: null } as (typeof made)[number];
    made.push(img);
    return img;
  };
  return {
    createImage,
    made,
    srcs: () => made.map((i) => i.src),
    load: (i: number) => made[i]!.onload?.(),
    fail: (i: number) => made[i]!.onerror?.(),
  };
}

afterEach(() => {
  resetObservers();
});

describe('spec §9 settings', () => {
  it('preload 1.3 screens, 3 retries, a cache of 200, a 200 ms throttle', () => {
    expect(LAZY_IMAGE).toEqual({ preload: 1.3, retries: 3, cacheSize: 200, throttleMs: 200 });
    // The viewport grown by 30% of its height: images start within 1.3 screens.
    expect(preloadMargin()).toBe('30% 0px');
  });
});

describe('LruSet', () => {
  it('keeps the most recently used and drops the oldest past its size', () => {
    const lru = new LruSet(3);
    for (const k of ['a', 'b', 'c']) lru.add(k);
    expect(lru.has('a')).toBe(true); // a is now the newest
    lru.add('d'); // drops b
    expect(lru.has('b')).toBe(false);
    expect(['a', 'c', 'd'].every((k) => lru.has(k))).toBe(true);
    expect(lru.size).toBe(3);
  });

  it('a cache of 200: the 201st image pushes out the first', () => {
    const images = fakeImages();
    const loader = createImageLoader({ createImage: images.createImage, throttleMs: 0 });
    for (let i = 0; i <= 200; i++) {
      loader.load(`/img/${i}.svg`);
      images.load(i);
    }
    expect(loader.cacheSize).toBe(200);
    expect(loader.isCached('/img/0.svg')).toBe(false);
    expect(loader.isCached('/img/200.svg')).toBe(true);
  });
});

describe('image loader', () => {
  it('batches load starts at most every 200 ms', async () => {
    vi.useFakeTimers();
    const images = fakeImages();
    const loader = createImageLoader({ createImage: images.createImage, now: () => Date.now() });
    loader.load('/a.svg');
    expect(images.srcs()).toEqual(['/a.svg']); // the first starts at once
    loader.load('/b.svg');
    loader.load('/c.svg');
    expect(images.srcs()).toEqual(['/a.svg']); // within 200 ms: they wait
    vi.advanceTimersByTime(199);
    expect(images.srcs()).toEqual(['/a.svg']);
    vi.advanceTimersByTime(1);
    expect(images.srcs()).toEqual(['/a.svg', '/b.svg', '/c.svg']); // one batch
    loader.load('/d.svg');
    expect(images.srcs()).toHaveLength(3);
    vi.advanceTimersByTime(200);
    expect(images.srcs()).toEqual(['/a.svg', '/b.svg', '/c.svg', '/d.svg']);
  });

  it('retries a failing image 3 times (4 attempts, spaced by the throttle), then gives up', async () => {
    vi.useFakeTimers();
    const images = fakeImages();
    const loader = createImageLoader({ createImage: images.createImage, now: () => Date.now() });
    const job = loader.load('/broken.svg');
    const outcome = job.promise.then(
      () => 'loaded',
      () => 'failed',
    );
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(images.made).toHaveLength(attempt + 1);
      images.fail(attempt);
      vi.advanceTimersByTime(200);
    }
    expect(images.made).toHaveLength(4);
    expect(await outcome).toBe('failed');
    expect(loader.isCached('/broken.svg')).toBe(false);
  });

  it('a retry that succeeds loads and caches the image; the header loads with one attempt', async () => {
    vi.useFakeTimers();
    const images = fakeImages();
    const loader = createImageLoader({ createImage: images.createImage, now: () => Date.now() });
    const job = loader.load('/flaky.svg');
    images.fail(0);
    vi.advanceTimersByTime(200);
    images.load(1);
    await expect(job.promise).resolves.toBeUndefined();
    expect(loader.isCached('/flaky.svg')).toBe(true);

    vi.advanceTimersByTime(200);
    const header = loader.load('/logo.svg', 1);
    const failed = header.promise.catch(() => 'failed');
    images.fail(2);
    vi.advanceTimersByTime(1_000);
    expect(await failed).toBe('failed');
    expect(images.made).toHaveLength(3); // no second attempt
  });

  it('a cached image answers at once without a new load; a cancelled job never starts', async () => {
    vi.useFakeTimers();
    const images = fakeImages();
    const loader = createImageLoader({ createImage: images.createImage, now: () => Date.now() });
    loader.load('/one.svg');
    images.load(0);
    await loader.load('/one.svg').promise;
    expect(images.made).toHaveLength(1);

    loader.load('/two.svg').cancel(); // queued behind the throttle, then dropped
    vi.advanceTimersByTime(500);
    expect(images.srcs()).toEqual(['/one.svg']);
  });
});

describe('<LazyImage>', () => {
  it('keeps its fixed size, loads once within the preload area, and shows a cached image at once', async () => {
    const io = installFakeIntersectionObserver();
    const images = fakeImages();
    const loader = createImageLoader({ createImage: images.createImage, throttleMs: 0 });
    const { container, unmount } = render(
      <LazyImage src="/img/games/7.svg" width={200} height={200} loader={loader} />,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('width', '200');
    expect(img).toHaveAttribute('height', '200');
    expect(img.getAttribute('src')).toBe(BLANK_IMAGE);
    expect(io.instances[0]!.options.rootMargin).toBe('30% 0px');
    expect(images.made).toHaveLength(0); // not near the screen yet

    act(() => io.reveal());
    expect(images.srcs()).toEqual(['/img/games/7.svg']);
    await act(async () => images.load(0));
    expect(img.getAttribute('src')).toBe('/img/games/7.svg');
    expect(img).toHaveAttribute('data-state', 'loaded');
    unmount();

    // Re-mounted (scrolled back, another tab): straight from the cache, no observer, no load.
    const again = render(<LazyImage src="/img/games/7.svg" width={200} height={200} loader={loader} />);
    expect(again.container.querySelector('img')!.getAttribute('src')).toBe('/img/games/7.svg');
    expect(images.made).toHaveLength(1);
    io.uninstall();
  });

  it('an eager image (a first tile) has its address in the first markup; a failure falls back to the retrying loader', async () => {
    const io = installFakeIntersectionObserver();
    const images = fakeImages();
    const loader = createImageLoader({ createImage: images.createImage, throttleMs: 0 });
    const { container } = render(
      <LazyImage src="/img/games/9.svg" width={240} height={160} loader={loader} eager />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/img/games/9.svg');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(images.made).toHaveLength(0); // the browser loads it from the markup

    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(img.getAttribute('src')).toBe(BLANK_IMAGE);
    act(() => io.reveal());
    expect(images.srcs()).toEqual(['/img/games/9.svg']);
    await act(async () => images.load(0));
    expect(img.getAttribute('src')).toBe('/img/games/9.svg');
    io.uninstall();
  });
});
