// Prints the bytes of JavaScript each screen loads before it can render, as the front door sends
// them (the build's precompressed .br files; gzip beside them, for browsers without brotli), and
// fails when the sign-in screen (every member's first) or the member's home (every day's) goes
// over its budget. Run after `vite build` (the `size` script does both).
import { checkFirstLoad } from '@app/web-build/first-load';

checkFirstLoad({
  dist: new URL('../dist/', import.meta.url),
  sent: 'brotli',
  /**
   * Budgets in brotli bytes as sent, set from the build that introduced them (sign-in 91.8 KiB, the
   * home 130.9) with a little room: lower them when the figures drop, never raise them without a
   * reason. The offline check-in, the page skeleton and team life's routes fit in the home's
   * 136 KiB because the console's schemas left the shared contracts' member table (console-api.ts)
   * for the console's own chunk. 137 KiB since the home paints before its scripts and waits for
   * one request: the schema of GET /api/me/home (the home with its check-in card), the start that
   * hydrates a prerendered page or replaces the shell's skeleton once the data is in, and the
   * header's links loaded with the page (no shift under them) took it 0.4 KiB over 136. Sign-in
   * 93 KiB since the build writes few files (vite.config.ts): 91.3 KiB in 4 scripts, not 13.
   */
  budgets: new Map([
    ['/sign-in', 93 * 1024],
    ['/', 137 * 1024],
  ]),
  /** The route files whose split parts a first visit to each path loads. */
  routes: [
    ['/sign-in', ['src/routes/sign-in.tsx']],
    ['/', ['src/routes/_member.tsx', 'src/routes/_member/index.tsx']],
    ['/profile', ['src/routes/_member.tsx', 'src/routes/_member/profile.tsx']],
    ['/reset-password', ['src/routes/reset-password.tsx']],
    ['/second-factor', ['src/routes/second-factor.tsx']],
    ['/console', ['src/routes/console/index.tsx']],
    ['/console/audit', ['src/routes/console/audit.tsx']],
    ['/console/teams', ['src/routes/console/teams.tsx']],
    ['/console/operators', ['src/routes/console/operators.tsx']],
    ['/console/second-factor', ['src/routes/console/second-factor.tsx']],
    ['(not found)', []],
  ],
});
