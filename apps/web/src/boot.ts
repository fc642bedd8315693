// The only script of a page the server has rendered (apps/server static-web). The page is already
// whole in the document, so the app's modules are fetched after it has painted: on a slow link the
// visible page and its first images get the first bytes, then the app loads and takes the page
// over (main.tsx hydrates it). The document names the entry first, then the modules it will need
// (<meta name="app-modules">); they are preloaded together, so no request waits for another.
const list = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content ?? '';
const [entry, ...preloads] = list.split(' ').filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f));

let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
}

// After the next frame has been painted; at once in a tab opened in the background (it paints no
// frames until shown, and the app should be ready when it is).
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
