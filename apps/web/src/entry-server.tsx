/**
 * Build-time rendering of the app's pages to HTML (scripts/prerender.mjs): the same routes and
 * components as the browser, rendered by React's server renderer through TanStack Router's
 * RouterServer, before any data has arrived.
 */
import { CATEGORIES } from '@app/contracts';
import { CATEGORY_STEPS } from '@app/onboarding/steps';
import { createMemoryHistory } from '@tanstack/react-router';
import { RouterServer } from '@tanstack/react-router/ssr/server';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { loadLaterScreens } from './onboarding/lazyScreens.tsx';
import { createAppRouter } from './router.tsx';

/** The route a path renders, as the build manifest knows its source files. */
export interface RenderedPage {
  html: string;
  /** Source files (src/routes/...) of the matched routes, outermost first. */
  routeFiles: string[];
}

const STEP_ROUTE = '/onboarding/$category/$step';

/**
 * Pages the browser draws anew rather than hydrates: the statechart studio shows the live state of
 * an onboarding running in another tab, the state in its address's hash and the review sheet of
 * `?review`, which only the browser knows. Its HTML is the studio as it opens with none of these,
 * so it is on screen before the studio's scripts arrive, and the browser's first drawing of it
 * replaces it with the same.
 */
export const DRAWN_IN_THE_BROWSER = new Set(['/statechart']);

/**
 * Pages that are read: nothing on them needs their script until the reader acts, so they ask for
 * it once their HTML has been painted (scripts/boot.js; decision 41), and their largest text is
 * painted without waiting for it. Every other page links its scripts from its HTML: its forms and
 * steps are there to be used at once.
 */
export const SCRIPTS_AFTER_FIRST_PAINT = new Set([
  '/',
  '/how-it-works',
  '/success-stories',
  '/about-us',
  '/pricing',
  '/privacy',
  '/terms',
]);

/**
 * Every page of the route table: each path without parameters, and each category's steps. The
 * bare category path only redirects, so it has no page of its own.
 */
export function pagePaths(): string[] {
  const router = createAppRouter(createMemoryHistory(), { prerender: true });
  const paths: string[] = [];
  for (const path of Object.keys(router.routesByPath)) {
    if (path === STEP_ROUTE) {
      for (const category of CATEGORIES) {
        for (const step of CATEGORY_STEPS) paths.push(`/onboarding/${category}/${step}`);
      }
    } else if (!path.includes('$')) {
      paths.push(path === '/' ? path : path.replace(/\/$/, ''));
    }
  }
  return [...new Set(paths)];
}

function routeFile(routeId: string): string {
  if (routeId === '__root__') return 'src/routes/__root.tsx';
  return routeId.endsWith('/') ? `src/routes${routeId}index.tsx` : `src/routes${routeId}.tsx`;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }), {
    prerender: true,
  });
  await router.load();
  // Every step's HTML is complete: the screens the browser loads after the first step are here.
  await loadLaterScreens();
  const html = renderToString(
    <StrictMode>
      <RouterServer router={router} />
    </StrictMode>,
  );
  return { html, routeFiles: router.state.matches.map((match) => routeFile(match.routeId)) };
}
