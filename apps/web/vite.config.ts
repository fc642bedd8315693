import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.mjs';

const API_URL = process.env.API_URL ?? 'http://127.0.0.1:8081';
const PROXIED = [
  '/wps',
  '/lgw',
  '/lotto',
  '/health',
  '/openapi.json',
  '/docs',
  '/dev',
  '/ops',
  '/studio',
  '/vendor',
  '/img',
];

// Spec §2 names the lazy page groups; our files are kebab-case (CONVENTIONS habit 10), so the
// two camelCase groups are renamed here to keep `dist/assets/<group>-<hash>.js` as the spec lists.
const CHUNK_NAMES: Record<string, string> = { 'point-mall': 'pointMall', 'promo-detail': 'promoDetail' };

// Page-group modules are named after their file (`index.tsx` would otherwise take its folder's name).
function chunkName(chunk: { name: string; facadeModuleId: string | null }): string {
  const page = chunk.facadeModuleId?.match(/\/src\/app\/routes\/([\w-]+)\.tsx$/)?.[1];
  const name = page ?? chunk.name;
  return CHUNK_NAMES[name] ?? name;
}

/**
 * The default language's base catalogue (MY) is fetched beside the entry's chunks instead of after
 * they have run (one round trip less before the first paint on a phone).
 */
function preloadDefaultCatalogue(): Plugin {
  return {
    name: 'preload-default-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && /\/src\/locales\/my\.json$/.test(c.facadeModuleId ?? ''),
        );
        if (!chunk) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * `dist/preload.json`: per page group with its own address, the chunks its first load needs beyond
 * what index.html already preloads (its route chunk, their imports, the default language's texts
 * of the group), so the server can name them in that page's document (static-web): they are
 * fetched beside the entry instead of after it has run. Today: the games lobbies (/rng …) and
 * /lottery. Every list is in evaluation order (a chunk after the chunks it imports), and `entry`
 * lists the entry with its own imports the same way.
 */
function routePreloads(): Plugin {
  const groups: Record<string, { route: RegExp; texts?: RegExp }> = {
    egame: { route: /\/src\/app\/routes\/egame\.tsx$/, texts: /\/src\/locales\/games\/my\.json$/ },
    lottery: { route: /\/src\/app\/routes\/lottery\.tsx$/, texts: /\/src\/locales\/lottery\/my\.json$/ },
    // Issue 11: the home page and the promotions, server-rendered for guests (their LCP).
    index: { route: /\/src\/app\/routes\/index\.tsx$/, texts: /\/src\/locales\/announcements\/my\.json$/ },
    promo: {
      route: /\/src\/app\/routes\/promo\.tsx$/,
      texts: /\/src\/locales\/(?:promotions|money)\/my\.json$/,
    },
  };
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // A chunk's imports before the chunk (post-order): the boot script evaluates the list in
      // this order, one module per task (src/boot.ts), so each evaluation stays short.
      const closure = (file: string, seen = new Set<string>(), order: string[] = []) => {
        if (seen.has(file)) return order;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen, order);
        order.push(file);
        return order;
      };
      const entry = chunks.find(
        (c) => c.isEntry && !/\/src\/(?:boot|sw\/sw)\.ts$/.test(c.facadeModuleId ?? ''),
      );
      const entryOrder = entry ? closure(entry.fileName) : [];
      const inHtml = new Set(entryOrder);
      const out: Record<string, string[]> = {};
      // The entry and the chunks it imports, in evaluation order (the server lists them first).
      if (entry) out.entry = entryOrder.map((f) => `/${f}`);
      for (const [name, g] of Object.entries(groups)) {
        const route = chunks.find((c) => g.route.test(c.facadeModuleId ?? ''));
        if (!route) continue;
        // The server renders these pages first: the module that hydrates them comes along.
        const hydrate = chunks.find((c) => /\/src\/app\/hydrate-page\.tsx$/.test(c.facadeModuleId ?? ''));
        const seen = new Set<string>();
        const order = hydrate ? closure(hydrate.fileName, seen) : [];
        const files = closure(route.fileName, seen, order).filter((f) => !inHtml.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        for (const texts of g.texts ? chunks.filter((c) => g.texts!.test(c.facadeModuleId ?? '')) : [])
          files.push(texts.fileName);
        out[name] = [...files, ...css].map((f) => `/${f}`);
      }
      // The one script of a server-rendered page (src/boot.ts): the server names it in the document.
      const boot = chunks.find((c) => c.isEntry && /\/src\/boot\.ts$/.test(c.facadeModuleId ?? ''));
      if (boot) out.boot = [`/${boot.fileName}`];
      // The default language's base texts: a server-rendered page carries them in its state
      // (entry-server.tsx), so the server leaves this module out of its list.
      const texts = chunks.find((c) => /\/src\/locales\/my\.json$/.test(c.facadeModuleId ?? ''));
      if (texts) out.texts = [`/${texts.fileName}`];
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(out) });
    },
  };
}

/**
 * The service worker (src/sw/sw.ts, issue 9 PWA) is built to `dist/sw.js` (its scope is the whole
 * site) with this release's version in place of its placeholder: the hash of every other file's
 * name (they carry content hashes) and of the public files. A new release is a new worker, whose
 * caches replace the old ones.
 */
function serviceWorkerVersion(): Plugin {
  return {
    name: 'service-worker-version',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sw = bundle['sw.js'];
      if (!sw || sw.type !== 'chunk') return;
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) if (name !== 'sw.js') hash.update(`${name}\n`);
      hash.update(readPublicFiles());
      const version = hash.digest('hex').slice(0, 16);
      if (!sw.code.includes('__SW_VERSION__')) this.error('sw.js has no version placeholder');
      sw.code = sw.code.replaceAll('__SW_VERSION__', version);
    },
  };
}

/**
 * react-i18next imports `use-sync-external-store/shim`, the polyfill of React 18's
 * useSyncExternalStore for older Reacts. React 19 has it: the shim's fallback (0.3 KiB of every
 * page's first JS) is replaced by React's own hook (issue 9).
 */
const aliases = [
  { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  {
    find: /^use-sync-external-store\/shim$/,
    replacement: fileURLToPath(new URL('./src/lib/sync-external-store.ts', import.meta.url)),
  },
];

/**
 * The chunks the entry imports (at any depth): every page has them before any lazy import of the
 * app can run. Listing them again in each lazy import's preload list (`__vite__mapDeps`) only
 * adds bytes to the chunks that hold such imports (about 1.3 KiB of the home page's JS): they are
 * left out, except in the boot script's (src/boot.ts runs before the entry and imports it: its
 * list is what fetches the entry's libraries beside it on a server-rendered page).
 */
let entryChunks: ReadonlySet<string> = new Set();
/** The home page's own chunk (page group `index`), and the boot script's. */
let homeChunk: string | undefined;
let bootChunk: string | undefined;
function entryClosure(): Plugin {
  return {
    name: 'entry-closure',
    apply: 'build',
    generateBundle: {
      // Before Vite writes the preload lists (its own generateBundle).
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find(
          (c) => c.isEntry && !/\/src\/(?:boot|sw\/sw)\.ts$/.test(c.facadeModuleId ?? ''),
        );
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep);
        };
        if (entry) walk(entry.fileName);
        entryChunks = seen;
        homeChunk = chunks.find((c) =>
          /\/src\/app\/routes\/index\.tsx$/.test(c.facadeModuleId ?? ''),
        )?.fileName;
        bootChunk = chunks.find(
          (c) => c.isEntry && /\/src\/boot\.ts$/.test(c.facadeModuleId ?? ''),
        )?.fileName;
      },
    },
  };
}

/**
 * Vite's helper that fetches a lazy chunk's CSS and imports beside it, smaller (about 1 KiB less
 * of every page's first load, the /index budget): the same work for the browsers the site
 * supports (all preload modules; no legacy build), without Vite's feature tests and its
 * `vite:preloadError` event (nothing here listens to it; a failed chunk rejects its import and
 * lib/chunk.ts turns that into the "could not load, retry" screen). A stylesheet or module already
 * named by the document is not added twice; the chunk is imported once its stylesheets have loaded.
 */
function smallPreloadHelper(): Plugin {
  let base = '/';
  const code = () => `const seen = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || []).map((dep) => {
      const href = new URL(${JSON.stringify(base)} + dep, location.href).href;
      if (href in seen) return seen[href];
      const css = href.endsWith('.css');
      for (const l of document.getElementsByTagName('link'))
        if (l.href === href && (!css || l.rel === 'stylesheet')) return (seen[href] = undefined);
      const link = document.createElement('link');
      link.rel = css ? 'stylesheet' : 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
      return (seen[href] = css
        ? new Promise((resolve, reject) => {
            link.onload = resolve;
            link.onerror = () => reject(new Error('Unable to preload CSS for ' + href));
          })
        : undefined);
    }),
  ).then(() => load());
`;
  return {
    name: 'small-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      return id === '\0vite/preload-helper.js' ? code() : null;
    },
  };
}

/** The public files' contents (offline page, manifest, icons): a change there is a new release too. */
function readPublicFiles(): string {
  const dir = fileURLToPath(new URL('./public', import.meta.url));
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else hash.update(e.name).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * `vite build --ssr src/entry-server.tsx` (npm run build): the same app as one Node module,
 * dist-ssr/entry-server.mjs, which the platform server imports to send a page already rendered
 * (entry-server.tsx). Its CSS modules get the same class
 * names as the client's, so the client hydrates the server's markup.
 */
const ssrConfig = defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  // Self-contained (its libraries inside): the server loads it from wherever the build was copied.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    ssr: 'src/entry-server.tsx',
    rollupOptions: {
      output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
});

const clientConfig = defineConfig({
  plugins: [
    react(),
    serviceWorkerVersion(),
    precompress(),
    preloadDefaultCatalogue(),
    routePreloads(),
    entryClosure(),
    smallPreloadHelper(),
  ],
  resolve: { alias: aliases },
  server: {
    port: Number(process.env.WEB_PORT ?? 8080),
    strictPort: true,
    proxy: Object.fromEntries(PROXIED.map((p) => [p, { target: API_URL, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the site supports preloads modules itself; the polyfill only costs start time.
    modulePreload: {
      polyfill: false,
      // The home page's lazy imports are its sections below the fold (popular games, lottery
      // numbers, winners): their code is fetched when they come near the viewport, and theirs
      // then; the list of their dependencies' names is not worth 0.3 KiB of its first load.
      resolveDependencies: (_file, deps, { hostId }) =>
        hostId === bootChunk ? deps : hostId === homeChunk ? [] : deps.filter((d) => !entryChunks.has(d)),
    },
    rollupOptions: {
      // Building a zod schema has no side effect: one that nothing uses is left out of the build
      // (a contract module's unused schemas no longer ride along with the used ones; issue 9).
      treeshake: { manualPureFunctions: ['z', 'defineEndpoint'] },
      // The page's entry, and the script a server-rendered page starts it with (src/boot.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
        // The service worker (issue 9): /sw.js, outside /assets (its scope is the whole site).
        sw: fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url)),
      },
      output: {
        // The entry gets its own name so it never collides with the `index` page group.
        entryFileNames: (chunk) =>
          chunk.name === 'sw'
            ? 'sw.js'
            : chunk.name === 'boot'
              ? 'assets/boot-[hash].js'
              : 'assets/main-[hash].js',
        chunkFileNames: (chunk) => `assets/${chunkName(chunk)}-[hash].js`,
        // The libraries every page needs in one chunk: one gzip stream compresses better than
        // several small shared chunks (about 1 KiB of the /index budget) and caches across
        // releases. Only libraries the entry loads anyway belong here (never Radix or forms).
        advancedChunks: {
          groups: [
            {
              // React apart from the rest of the vendor code: a server-rendered page runs each
              // chunk in a task of its own (src/boot.ts), and together they made one long task.
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              name: 'vendor',
              // Not TanStack's hydration: only a server-rendered page loads it (app/hydrate-page).
              // Nor TanStack's infinite queries and mutations: only lazy pages use them (issue 9).
              test: /node_modules[\\/](react-i18next|i18next|@tanstack(?![\\/]query-core[\\/].*hydration)(?![\\/]\S*[\\/](infiniteQueryObserver|mutationObserver|useMutation|useInfiniteQuery|useMutationState|useIsMutating|queriesObserver|useQueries|useSuspense\w*|usePrefetch\w*)\.js)|zustand|use-sync-external-store|zod|react-router|cookie|set-cookie-parser)[\\/]/,
            },
            {
              name: 'core',
              test: /(apps[\\/]web[\\/]src[\\/](lib[\\/](api-client|i18n|storage|chunk|ui-store)\.ts|components[\\/]ui[\\/]button\.tsx)|packages[\\/]contracts[\\/]src[\\/](endpoint|envelope|languages|whitelabel|patterns|endpoints[\\/]system)\.ts)$/,
            },
            {
              name: 'home-announcements',
              includeDependenciesRecursively: false,
              test: /(features[\\/]announcements[\\/](api[\\/](get-announcements|keys)|catalogues|components[\\/]language-tag)|contracts[\\/]src[\\/]endpoints[\\/]announcements)\.ts$/,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrConfig : clientConfig));
