// What the bench measures and how (BENCH_* settings, see bench.mjs), and where the builds are.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const serverDir = fileURLToPath(new URL('..', import.meta.url));
export const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
export const trackerWebDist = fileURLToPath(new URL('../../tracker-web/dist/', import.meta.url));
export const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** Reset requests measured for each kind of address (BENCH_RESET_SAMPLES). */
export const resetSamples = Number(process.env.BENCH_RESET_SAMPLES ?? 200);
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const lighthouseOn = process.env.BENCH_LIGHTHOUSE !== '0';
/** BENCH_THROTTLE=0: the member's home at full speed (the bench's own test, which only checks it runs). */
export const throttled = process.env.BENCH_THROTTLE !== '0';
/** BENCH_TAPS=0: no taps on the slow phone (early-taps.mjs). */
export const tapsOn = process.env.BENCH_TAPS !== '0';
/** BENCH_TAP_WIDTHS (comma separated, default 360,1280): the window widths the taps are made at. */
export const TAP_WIDTHS = (process.env.BENCH_TAP_WIDTHS ?? '360,1280').split(',').map((width) => {
  const px = Number(width.trim());
  if (!Number.isInteger(px) || px < 200) {
    throw new Error(`BENCH_TAP_WIDTHS: expected widths in px, such as 360,1280; got "${width}"`);
  }
  return px;
});
/** BENCH_ONLY=tracker: the tracker's pages alone. */
export const trackerOnly = process.env.BENCH_ONLY === 'tracker';
/** BENCH_ONLY=site: Lighthouse and first-load JavaScript of the site's pages (ROUTES) alone. */
export const siteOnly = process.env.BENCH_ONLY === 'site';
/** BENCH_LIGHTHOUSE_RUNS (default 2): Lighthouse runs per page, each one's figures printed. */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 2));
/** BENCH_LIGHTHOUSE_REPORTS=dir: every Lighthouse run's full report (JSON) is written there. */
export const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
if (REPORTS_DIR) mkdirSync(REPORTS_DIR, { recursive: true });
export const ROUTES = (
  process.env.BENCH_ROUTES ??
  [
    '/',
    '/how-it-works',
    '/success-stories',
    '/about-us',
    '/pricing',
    '/onboarding',
    ...['role', 'team', 'maybe', 'no', 'intro', 'goal', 'commit', 'sync', 'account', 'confirm'].map(
      (step) => `/onboarding/work/${step}`,
    ),
    '/thank-you',
    '/no-thank-you',
    '/maybe-submitted',
    '/api-test',
    '/statechart',
  ].join(',')
)
  .split(',')
  .map((route) => route.trim())
  .filter(Boolean);

/** The tracker front door's pages (its own origin), measured like the site's. */
export const TRACKER_ROUTES = ['/sign-in', '/reset-password'];

/** The operator ADMIN_EMAIL makes at the first start; the bench sets its password from the mail. */
export const OPERATOR = {
  email: 'bench-operator@example.org',
  password: 'benchmark operator passphrase',
};
