/**
 * Build-time rendering (the `prerender` plugin in vite.config.ts): the public pages a visitor
 * lands on without a session, rendered to HTML by React's server renderer through the same
 * routes and components as the browser, and the app shell's skeleton that every other page
 * shows until its data is in. The browser hydrates a prerendered page and replaces the skeleton
 * (src/main.tsx).
 */
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { RouterServer } from '@tanstack/react-router/ssr/server';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { pageTitle } from './components/usePageTitle.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { PageSkeleton } from './pages/member/PageSkeleton.tsx';
import { createAppRouter } from './router.tsx';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** Resource hints React gave with it (the logo's preload), for <head>. */
  hints: string;
  /** The document title the page sets: its heading's words, as usePageTitle writes them. */
  title: string;
  /** Source files (src/routes/...) of the matched routes, outermost first. */
  routeFiles: string[];
}

/**
 * The pages rendered at build time, each with the search keys that leave its markup unchanged
 * (a sign-in on the way back to a page looks the same): with any other key in the address the
 * page is drawn in the browser. A reset link's `?token=` asks the tracker before its form shows,
 * so only the request form is prerendered.
 */
export const PRERENDERED: Record<string, readonly string[]> = {
  '/sign-in': ['next'],
  '/reset-password': [],
};

/** React writes a rendered fragment's resource hints first; they belong in <head>. */
const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

function splitHints(rendered: string): { hints: string; html: string } {
  const hints = LEADING_LINKS.exec(rendered)?.[0] ?? '';
  return { hints, html: rendered.slice(hints.length) };
}

/**
 * The pages whose shell also names their routes' scripts (modulepreload), so a first visit
 * fetches them beside the app's entry instead of after it (the header's links too): the home and
 * the team board, which also preload the home's data, and the console's queue, which does not.
 */
const MEMBER_PAGE = ['src/routes/_member.tsx', 'src/layout/MemberNav.tsx'];
export const SHELLS: Record<
  string,
  { file: string; routeFiles: readonly string[]; homeData: boolean }
> = {
  '/': {
    file: 'home.html',
    // offline.ts: the home keeps a copy of what it shows, before it shows it.
    routeFiles: [...MEMBER_PAGE, 'src/routes/_member/index.tsx', 'src/pages/member/offline.ts'],
    homeData: true,
  },
  '/team': {
    file: 'team.html',
    routeFiles: [...MEMBER_PAGE, 'src/routes/_member/team.tsx'],
    homeData: true,
  },
  '/console': {
    file: 'console.html',
    routeFiles: ['src/routes/console/index.tsx', 'src/layout/ConsoleNav.tsx'],
    homeData: false,
  },
};

function routeFile(routeId: string): string {
  if (routeId === '__root__') return 'src/routes/__root.tsx';
  return routeId.endsWith('/') ? `src/routes${routeId}index.tsx` : `src/routes${routeId}.tsx`;
}

async function render(router: AnyRouter): Promise<string> {
  await router.load();
  return renderToString(
    <StrictMode>
      <RouterServer router={router} />
    </StrictMode>,
  );
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }), {
    prerender: true,
  });
  const page = splitHints(await render(router));
  // usePageTitle runs in an effect, which the server renderer does not run; each prerendered
  // page's title is its h1.
  const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(page.html)?.[1];
  if (!heading) throw new Error(`${path} rendered no h1 to take its title from`);
  return {
    ...page,
    title: pageTitle(heading),
    routeFiles: router.state.matches.map((match) => routeFile(match.routeId)),
  };
}

/**
 * The app shell's content: the header and a signed-in page's skeleton (its heading's place and
 * two grey cards, "Loading your page…" for screen readers), on screen from the first round trip
 * until the app has the page's data.
 */
export async function renderShell(): Promise<string> {
  const root = createRootRoute({ component: RootLayout });
  // At a path of its own, so the header's link home is not marked as the current page.
  const page = createRoute({ getParentRoute: () => root, path: '/shell', component: PageSkeleton });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/shell'] }),
  });
  return splitHints(await render(router)).html;
}
