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
import { firstStepOf, freshStartOf } from './boot/FirstStep.tsx';
import { FLOW_SCRIPTS_META } from './boot/flowPage.ts';
import { loadLaterScreens } from './boot/lazyScreens.tsx';
import { createAppRouter } from './router.tsx';

/** The route a path renders, as the build manifest knows its source files. */
export interface RenderedPage {
  html: string;
  /** Source files (src/routes/...) of the matched routes, outermost first. */
  routeFiles: string[];
}

const STEP_ROUTE = '/onboarding/$category/$step';

/**
 * Pages hydrated like the others except when their address carries a query parameter that makes
 * them another page: the statechart studio's `?review` opens the visual review's sheet, which the
 * browser then draws anew over the studio's HTML (the root's `data-drawn-anew-with`). The studio
 * itself is hydrated: its first render is its HTML (the chart at 100 %, no panel open), and what
 * only the browser knows (the state in the address's hash, an onboarding followed in another tab,
 * the fitted view) comes after, as updates.
 */
export const DRAWN_ANEW_WITH: Readonly<Record<string, string>> = { '/statechart': 'review' };

/**
 * A path no route matches, rendered once as the not-found page: the site sends that HTML for every
 * unknown address (its key in prerendered.json is `NOT_FOUND_KEY`), except under `routePrefixes()`.
 * The page names the address only once hydrated, so the one HTML fits them all.
 */
export const NOT_FOUND_SAMPLE = '/404';
export const NOT_FOUND_KEY = '*';

/** The pages that are read: nothing on them needs a script until the reader acts. */
const READ_PAGES = new Set([
  '/',
  '/how-it-works',
  '/success-stories',
  '/about-us',
  '/pricing',
  '/privacy',
  '/terms',
  NOT_FOUND_SAMPLE,
]);

/**
 * The end screens, the API check and the statechart studio: what they show first needs no script
 * to be read (the studio's HTML is the studio as it opens, hydrated once its script has run).
 */
const SHOWN_BEFORE_USED = new Set([
  '/thank-you',
  '/maybe-submitted',
  '/no-thank-you',
  '/api-test',
  '/statechart',
]);

/**
 * Pages that ask for their scripts once their HTML has been painted (src/boot/boot.js; decisions
 * 41, 43 and 44): the pages that are read, the end screens, the API check, the studio and every
 * step of onboarding. A first step is drawn from its URL without the flow, whose code it runs
 * only when the visitor acts; a later step's HTML is the role step it leads to when nothing is
 * stored, drawn the same way, and a stored flow is loaded before the page is hydrated. Their
 * largest text is painted without waiting for a script.
 */
export function scriptsAfterFirstPaint(path: string): boolean {
  return READ_PAGES.has(path) || SHOWN_BEFORE_USED.has(path) || waitsForTheVisitor(path);
}

/**
 * Where an address without a page of its own may still be a route (a route with parameters: a
 * bare or unknown onboarding area redirects): the site answers there with the shell, and the
 * browser's router decides.
 */
export function routePrefixes(): string[] {
  const prefixes = routeTablePaths()
    .filter((path) => path.includes('$'))
    .map((path) => path.slice(0, path.indexOf('$')));
  return [...new Set(prefixes)];
}

export { FLOW_SCRIPTS_META };

/** The flow's page (XState, the machine), as the build's manifest names it. */
export const FLOW_MODULE = 'src/onboarding/OnboardingPage.tsx';

/**
 * Pages whose HTML lists the flow's scripts (`<meta name="flow-scripts">`): the onboarding steps
 * at their own address, which (with no flow stored, for a later step) show a first step, download
 * the flow once on screen and run it when the visitor acts.
 */
export function waitsForTheVisitor(path: string): boolean {
  return firstStepOf(path) !== null || freshStartOf(path) !== null;
}

/**
 * Every page of the route table: each path without parameters, and each category's steps. The
 * bare category path only redirects, so it has no page of its own.
 */
export function pagePaths(): string[] {
  const paths: string[] = [];
  for (const path of routeTablePaths()) {
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

/** The paths of the route table, as the router knows them (parameters as `$name`). */
function routeTablePaths(): string[] {
  return Object.keys(createAppRouter(createMemoryHistory(), { prerender: true }).routesByPath);
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
