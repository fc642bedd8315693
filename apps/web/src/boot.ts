// The only script of a server-rendered page (apps/server static-web). The page is already
// whole in the document, so the app's modules are fetched after it has painted: on a slow link the
// visible page and its first images get the first bytes, then the app loads and takes the page
// over (main.tsx hydrates it). The document names every module the page will need
// (<meta name="app-modules">), each after the modules it imports: they are preloaded together, so
// no request waits for another, then run one per task in that order, so no task evaluates the
// whole app at once (a phone's long task, and the page's total blocking time).
// A page this browser will not take over (a session open, another language chosen: main.tsx's
// sameAsServer) leaves at once, before the load event: nothing is read or clicked in markup that
// is about to be replaced. main.tsx then renders its own (it compares the theme too).
const stored = (area: () => Storage, key: string) => {
  try {
    return area().getItem(key);
  } catch {
    return null;
  }
};
const lang = stored(() => localStorage, 'lang');
if (stored(() => sessionStorage, 'token') || (lang && lang !== 'MY'))
  document.getElementById('root')?.replaceChildren();

const list = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content ?? '';
const modules = list.split(' ').filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f));

/** The next task (a message is not clamped like a nested timer). */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

async function run() {
  for (const href of modules) {
    // A module that fails is left to the entry's own import of it (its error shows there).
    await import(/* @vite-ignore */ href).catch(() => undefined);
    await nextTask();
  }
}

let started = false;
function start() {
  if (started || modules.length === 0) return;
  started = true;
  // One insertion of every preload (one change of the document, not one per module).
  const links = document.createDocumentFragment();
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  // main.tsx waits for the page's modules before it hydrates (they are all evaluated by then).
  (window as { appModules?: Promise<void> }).appModules = run();
}

// After the next frame has been painted; at once in a tab opened in the background (it paints no
// frames until shown, and the app should be ready when it is).
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
