/**
 * The server's first render of a page (DESIGN "speed is a feature"): the platform server imports
 * this module (built by `vite build --ssr` into dist-ssr/) and answers a page navigation with the
 * page already in its HTML, which the client then hydrates (main.tsx). Only guests in the default
 * language get it (see `ssrWanted` in the server's static-web plugin); every other visit is
 * rendered by the client as before. A page this cannot render whole returns null: the server then
 * sends the plain document and the client renders it.
 */
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { dehydrate, type Query } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { getPermissionQueryOptions } from './features/system/api/get-permission';
import { getStatusQueryOptions } from './features/system/api/get-status';
import { setApiFetch } from './lib/api-client';
import { DEFAULT_LANGUAGE } from '@app/contracts';
import { collectCatalogueParts, initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import type { SsrState } from './lib/ssr-state';
import { setServerTheme, type Theme } from './lib/theme';
// The default language's base catalogue, as the client's chunk of it holds it (lib/i18n.ts).
import baseTexts from './locales/my.json';

export type { SsrState };

export interface RenderResult {
  /** The markup inside <div id="root">. */
  html: string;
  /** What the client needs to hydrate the same tree (serialised into the page as JSON). */
  state: SsrState;
}

/**
 * The API as the server answers it in-process (no socket): every call the page's loaders and
 * queries make during a render goes through it. Set once, before the first render.
 */
export function configure(apiFetch: typeof fetch): void {
  setApiFetch(apiFetch);
}

/** React's stream, whole (every lazy part and Suspense boundary resolved), as one string. */
function renderWhole(element: React.ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failed: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer | string, _enc, done) {
        html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        done();
      },
    });
    sink.on('finish', () => (failed ? reject(failed as Error) : resolve(html)));
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, none streamed in later by an inline script (the page's CSP has none).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error) {
        reject(error as Error);
      },
      onError(error) {
        // A part that failed is rendered by the client instead; the page as a whole is not sent.
        failed = error;
      },
    });
    setTimeout(() => {
      stream.abort(new Error(`server render not ready after ${timeoutMs} ms`));
      reject(new Error(`server render not ready after ${timeoutMs} ms`));
    }, timeoutMs).unref();
  });
}

export interface RenderOptions {
  /** The most one render pass may take (default 3 s). */
  timeoutMs?: number;
  /** The theme the browser will show (its hint cookie): the theme switch renders it. */
  theme?: Theme;
}

/**
 * Renders `url` (path and query, on `origin`) as a guest in the default language. Null when the
 * page is not a plain 200 page (a redirect, not found, an error) or did not render whole.
 */
export function render(
  url: string,
  origin: string,
  options: RenderOptions = {},
): Promise<RenderResult | null> {
  // One render at a time: the texts' parts, the theme and a loader's early answers are module state.
  const turn = queue.then(() => renderOne(url, origin, options));
  queue = turn.catch(() => undefined);
  return turn;
}

let queue: Promise<unknown> = Promise.resolve();

/** Renders after the first one for the queries the page asks for as it fills in. */
const MAX_PASSES = 3;

/** A query the page would fetch (not one waiting for a session or another answer). */
function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  const on = typeof option === 'function' ? option(query) : option;
  return on !== false && typeof query.options.queryFn === 'function';
}

async function renderOne(url: string, origin: string, options: RenderOptions): Promise<RenderResult | null> {
  const theme = options.theme ?? 'light';
  setServerTheme(theme);
  await initI18n(DEFAULT_LANGUAGE);
  const stop = collectCatalogueParts();
  try {
    const page = await renderPage(url, origin, options.timeoutMs ?? 3_000);
    if (!page) return null;
    return {
      html: page.html,
      state: {
        ...page.state,
        theme,
        language: DEFAULT_LANGUAGE,
        texts: baseTexts,
        parts: stop() as SsrState['parts'],
      },
    };
  } finally {
    stop();
  }
}

async function renderPage(
  url: string,
  origin: string,
  timeoutMs: number,
): Promise<{ html: string; state: Pick<SsrState, 'queries' | 'router'> } | null> {
  const queryClient = createQueryClient();
  // The guard waits for permission and status before any page (spec §2): they are part of the page.
  const guard = Promise.all([
    queryClient.fetchQuery(getPermissionQueryOptions()),
    queryClient.fetchQuery(getStatusQueryOptions()),
  ]);
  const handler = createStaticHandler(routes);
  const [context] = await Promise.all([handler.query(new Request(new URL(url, origin))), guard]);
  if (context instanceof Response) return null;
  if (context.statusCode !== 200 || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const element = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  // A query a component asks for during the render is only noted on the server (no effects run):
  // fetch what the render asked for and render again, until it asks for nothing new.
  let html = '';
  for (let pass = 0; ; pass++) {
    html = await renderWhole(element, timeoutMs);
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q));
    if (wanted.length === 0) break;
    if (pass === MAX_PASSES) return null;
    await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
  }
  // The page's CSP runs no inline script: markup that would need one is not sent.
  if (html.includes('<script')) return null;
  return {
    html,
    state: {
      queries: dehydrate(queryClient),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    },
  };
}
