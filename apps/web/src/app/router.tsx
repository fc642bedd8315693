import { Navigate, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { loadChunk } from '@/lib/chunk';
import { loadAccountCatalogue } from '@/lib/i18n';
import { AppLoading } from './guards/guard';
import { BareLayout, FullLayout, HeaderOnlyLayout } from './layout/layouts';
import { NotFound } from './not-found';
import { Root } from './root';
import { RouteError } from './route-error';

// One lazy module per page group of spec §2; each becomes dist/assets/<group>-<hash>.js.
const group = {
  index: () => loadChunk(() => import('./routes/index')),
  pointMall: () => loadChunk(() => import('./routes/point-mall')),
  lottery: () => loadChunk(() => import('./routes/lottery')),
  vnlottery: () => loadChunk(() => import('./routes/vnlottery')),
  elott: () => loadChunk(() => import('./routes/elott')),
  sports: () => loadChunk(() => import('./routes/sports')),
  promo: () => loadChunk(() => import('./routes/promo')),
  promoDetail: () => loadChunk(() => import('./routes/promo-detail')),
  seamless: () => loadChunk(() => import('./routes/seamless')),
  help: () => loadChunk(() => import('./routes/help')),
  download: () => loadChunk(() => import('./routes/download')),
  joinus: () => loadChunk(() => import('./routes/joinus')),
  egame: () => loadChunk(() => import('./routes/egame')),
  // Issue 9: the blog, the beginner guide and the feedback form.
  content: () => loadChunk(() => import('./routes/content')),
};

const strip = (p: string) => p.slice(1);

/** `/` → the home page, keeping the query (a return address may name a centre page: panel-from-url). */
function ToHome() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.home, search }} replace />;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteError />,
    // While the first page group loads (before any route renders).
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <ToHome /> },
          {
            element: <FullLayout />,
            children: [
              { path: strip(paths.home), lazy: group.index },
              {
                path: strip(paths.login),
                lazy: async () => {
                  const m = await group.index();
                  return { Component: m.LoginRoute, loader: m.loader };
                },
              },
              {
                path: strip(paths.register),
                lazy: async () => {
                  const m = await group.index();
                  return { Component: m.RegisterRoute, loader: m.loader };
                },
              },
              {
                path: strip(paths.registerHtml),
                lazy: async () => {
                  const m = await group.index();
                  return { Component: m.RegisterRoute, loader: m.loader };
                },
              },
              { path: strip(paths.pointMall), lazy: group.pointMall },
              { path: strip(paths.elott), lazy: group.elott },
              { path: strip(paths.sports), lazy: group.sports },
              { path: strip(paths.promotions), lazy: group.promo },
              { path: strip(paths.promoDetail), lazy: group.promoDetail },
              { path: strip(paths.help), lazy: group.help },
              { path: strip(paths.down), lazy: group.download },
              { path: strip(paths.download), lazy: group.download },
              { path: strip(paths.join), lazy: group.joinus },
              { path: `${strip(paths.blog)}/:slug?`, lazy: group.content },
              { path: strip(paths.guide), lazy: group.content },
              { path: strip(paths.feedback), lazy: group.content },
              // Not a route of spec §2: the return address of the social logins (issue 3).
              {
                path: strip(paths.socialCallback),
                lazy: async () => {
                  const [mod] = await Promise.all([
                    loadChunk(() => import('@/features/auth/components/social-callback')),
                    loadAccountCatalogue(),
                  ]);
                  return { Component: mod.SocialCallback };
                },
              },
              // One games route with a type parameter: /rng, /pvp, /fish, /live (other values: not found).
              { path: ':gameType', lazy: group.egame },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            element: <HeaderOnlyLayout />,
            children: [
              { path: strip(paths.lottery), lazy: group.lottery },
              { path: strip(paths.vnlottery), lazy: group.vnlottery },
              { path: strip(paths.seamless), lazy: group.seamless },
              {
                path: strip(paths.game),
                lazy: async () => ({ Component: (await group.seamless()).GameFrame }),
              },
            ],
          },
          {
            element: <BareLayout />,
            children: [
              {
                path: strip(paths.helpmc),
                lazy: async () => ({ Component: (await group.help()).HelpCentreOnly }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

/** Resolves once the router's first navigation (the page's code and loaders) has settled. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
