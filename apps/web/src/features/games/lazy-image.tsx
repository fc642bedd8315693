import { useEffect, useRef, useState, type CSSProperties } from 'react';

/**
 * Spec §9 image lazy-load: preload 1.3 screens, 3 retries, a cache of 200 images, a 200 ms
 * throttle; one attempt in the header. These are vue-lazyload's settings (preLoad 1.3, attempt,
 * ImageCache max 200, throttleWait 200): an image starts loading once it is within 1.3 viewport
 * heights (30% of a screen beyond the edge), and the load starts are batched at most every 200 ms
 * so a fast scroll does not start a burst for tiles that are already gone again.
 */
export const LAZY_IMAGE = { preload: 1.3, retries: 3, cacheSize: 200, throttleMs: 200 } as const;

/** A transparent pixel: the <img> keeps its fixed size (no layout shift) until the real one is loaded. */
export const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Loaded URLs, least recently used first out: a re-mounted tile whose image is here shows it at once. */
export class LruSet {
  private readonly items = new Set<string>();
  constructor(private readonly max: number) {}
  has(key: string): boolean {
    if (!this.items.has(key)) return false;
    this.items.delete(key);
    this.items.add(key);
    return true;
  }
  add(key: string): void {
    this.items.delete(key);
    this.items.add(key);
    while (this.items.size > this.max) {
      const oldest = this.items.values().next().value as string;
      this.items.delete(oldest);
    }
  }
  get size(): number {
    return this.items.size;
  }
}

interface ImageLike {
  onload: ((ev: Event) => void) | null;
  onerror: ((ev: Event | string) => void) | null;
  decoding?: string;
  src: string;
}

export interface ImageLoaderOptions {
  cacheSize?: number;
  throttleMs?: number;
  now?: () => number;
  createImage?: () => ImageLike;
}

export interface LoadJob {
  promise: Promise<void>;
  /** Drops the job if it has not started yet (the tile left the screen); a started load finishes. */
  cancel: () => void;
}

export function createImageLoader({
  cacheSize = LAZY_IMAGE.cacheSize,
  throttleMs = LAZY_IMAGE.throttleMs,
  now = () => Date.now(),
  createImage = () => new Image(),
}: ImageLoaderOptions = {}) {
  const cache = new LruSet(cacheSize);
  interface Job {
    url: string;
    left: number;
    cancelled: boolean;
    resolve: () => void;
    reject: (e: Error) => void;
  }
  let queue: Job[] = [];
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let started = 0;

  function start(job: Job) {
    if (job.cancelled) return;
    if (cache.has(job.url)) return job.resolve();
    job.left -= 1;
    started += 1;
    const img = createImage();
    img.decoding = 'async';
    img.onload = () => {
      cache.add(job.url);
      job.resolve();
    };
    img.onerror = () => {
      // A failed attempt waits for the next batch: the retries are spaced by the throttle.
      if (job.left > 0 && !job.cancelled) enqueue(job);
      else job.reject(new Error(`image failed: ${job.url}`));
    };
    img.src = job.url;
  }

  function flush() {
    timer = null;
    lastFlush = now();
    const batch = queue;
    queue = [];
    for (const job of batch) start(job);
  }

  function enqueue(job: Job) {
    queue.push(job);
    if (timer !== null) return;
    const wait = lastFlush + throttleMs - now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  }

  return {
    isCached: (url: string) => cache.has(url),
    /** Loads `url` with `attempts` tries in all (the lobby: 1 + 3 retries; the header: 1). */
    load(url: string, attempts: number = 1 + LAZY_IMAGE.retries): LoadJob {
      let job!: Job;
      const promise = new Promise<void>((resolve, reject) => {
        job = { url, left: Math.max(1, attempts), cancelled: false, resolve, reject };
      });
      if (cache.has(url)) job.resolve();
      else enqueue(job);
      return {
        promise,
        cancel: () => {
          job.cancelled = true;
          queue = queue.filter((j) => j !== job);
        },
      };
    },
    /** Loads started so far (tests and the lobby bench). */
    get started() {
      return started;
    },
    get cacheSize() {
      return cache.size;
    },
  };
}

export type ImageLoader = ReturnType<typeof createImageLoader>;

/** The one loader of the page (its cache outlives the tiles). */
export const imageLoader: ImageLoader = createImageLoader();

type Visible = () => void;
const observers = new Map<string, { io: IntersectionObserver; callbacks: Map<Element, Visible> }>();

/** `preload` 1.3 → the viewport grown by 30% of its height above and below. */
export function preloadMargin(preload: number = LAZY_IMAGE.preload): string {
  return `${Math.round((preload - 1) * 100)}% 0px`;
}

/**
 * Calls `onVisible` once `el` comes within the preload area; one shared observer per margin.
 * Without IntersectionObserver the element counts as visible at once. Answers the unobserve.
 */
export function observeVisible(el: Element, onVisible: Visible, margin = preloadMargin()): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onVisible();
    return () => {};
  }
  let entry = observers.get(margin);
  if (!entry) {
    const callbacks = new Map<Element, Visible>();
    const io = new IntersectionObserver(
      (records) => {
        for (const r of records) {
          if (!r.isIntersecting) continue;
          const cb = callbacks.get(r.target);
          if (!cb) continue;
          callbacks.delete(r.target);
          io.unobserve(r.target);
          cb();
        }
      },
      { rootMargin: margin },
    );
    entry = { io, callbacks };
    observers.set(margin, entry);
  }
  const { io, callbacks } = entry;
  callbacks.set(el, onVisible);
  io.observe(el);
  return () => {
    if (callbacks.delete(el)) io.unobserve(el);
  };
}

/** Test hook: forget the shared observers (a test installs its own IntersectionObserver). */
export function resetObservers(): void {
  for (const { io } of observers.values()) io.disconnect();
  observers.clear();
}

/**
 * A lazily loaded image with a fixed size (width and height on the <img>, so nothing shifts while
 * it loads). `attempts`: 1 + 3 retries by default; 1 for header images (spec §9).
 */
export function LazyImage({
  src,
  width,
  height,
  alt = '',
  className,
  style,
  attempts,
  loader = imageLoader,
  eager = false,
}: {
  src: string;
  width: number;
  height: number;
  alt?: string;
  className?: string;
  style?: CSSProperties;
  attempts?: number;
  loader?: ImageLoader;
  /**
   * On screen from the start (a lobby's first tiles): its address is in the first markup, so the
   * browser fetches it beside the page's code; a failure falls back to the retrying loader.
   */
  eager?: boolean;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<{ src: string; status: 'idle' | 'loaded' | 'error' }>(() => ({
    src,
    status: eager || loader.isCached(src) ? 'loaded' : 'idle',
  }));
  // Another src on the same element (a recycled tile): start over, shown at once if cached.
  const current =
    state.src === src
      ? state
      : { src, status: loader.isCached(src) ? ('loaded' as const) : ('idle' as const) };
  if (current !== state) setState(current);
  const status = current.status;

  useEffect(() => {
    const el = ref.current;
    if (!el || status !== 'idle') return;
    let job: LoadJob | null = null;
    let live = true;
    const stop = observeVisible(el, () => {
      job = loader.load(src, attempts);
      job.promise.then(
        () => live && setState({ src, status: 'loaded' }),
        () => live && setState({ src, status: 'error' }),
      );
    });
    return () => {
      live = false;
      stop();
      job?.cancel();
    };
  }, [src, status, attempts, loader]);

  return (
    <img
      ref={ref}
      src={status === 'loaded' ? src : BLANK_IMAGE}
      width={width}
      height={height}
      alt={alt}
      decoding="async"
      data-state={status}
      className={className}
      style={style}
      fetchPriority={eager ? 'high' : undefined}
      onError={eager ? () => setState({ src, status: 'idle' }) : undefined}
    />
  );
}
