// Prints the gzip bytes of the JavaScript each route loads before it can render and fails when the
// home page or an onboarding step goes over its budget. Run after `vite build` (the `size` script
// does both).
import { checkFirstLoad } from '@app/web-build/first-load';

// Set from what the prerendered home page loads (102.6 KiB: React DOM and the router, one chunk, are
// about 90 of it) with a little room; lower it when the figure drops, never raise it without a
// reason. Lowered from 106 KiB when the framework became one chunk and the not-found page's
// heading a module of its own (decision 37). Raised to 105 KiB when the areas' words moved to
// `@app/onboarding/choices`, which the tracker's Find a team page shares: the home now loads that
// module whole, the role step's questions with it, in a chunk of its own (104.1 KiB).
const HOME_BUDGET_BYTES = 105 * 1024;

// Set from what an onboarding step loads (107.8 KiB) with a little room: the page's 99 KiB that
// every page loads, the first steps' screens drawn from the URL, the messages and the step table.
// XState, the machine and the session (the flow's page), the later steps' screens, the form checks
// (zod), the API client (ky) and the studio's live channel are downloaded once the step is on
// screen (decisions 34, 42 and 43). Lower it when the figure drops.
const ONBOARDING_BUDGET_BYTES = 110 * 1024;

checkFirstLoad({
  dist: new URL('../dist/', import.meta.url),
  sent: 'gzip',
  budgets: new Map([
    ['/', HOME_BUDGET_BYTES],
    ['/onboarding/...', ONBOARDING_BUDGET_BYTES],
  ]),
  /** The route files whose split components a first visit to each path loads. */
  routes: [
    ['/', ['src/routes/index.tsx']],
    ['/how-it-works', ['src/routes/how-it-works.tsx']],
    ['/success-stories', ['src/routes/success-stories.tsx']],
    ['/about-us', ['src/routes/about-us.tsx']],
    ['/pricing', ['src/routes/pricing.tsx']],
    ['/api-test', ['src/routes/api-test.tsx']],
    ['/confirm-email', ['src/routes/confirm-email.tsx']],
    ['/onboarding/...', ['src/routes/_onboarding.tsx']],
    ['/statechart', ['src/routes/statechart.tsx']],
    ['(not found)', []],
  ],
});
