// Prints the bytes of JavaScript each screen loads before it can render, as the front door sends
// them (the build's precompressed .br files; gzip beside them, for browsers without brotli), and
// fails when the sign-in screen (every member's first) or the member's home (every day's) goes
// over its budget. Run after `vite build` (the `size` script does both).
import { checkFirstLoad } from '@app/web-build/first-load';

checkFirstLoad({
  dist: new URL('../dist/', import.meta.url),
  sent: 'brotli',
  /**
   * Budgets in brotli bytes as sent, each a little over what the screen loads now: lower them when
   * the figures drop, never raise them without a reason. Sign-in loads 91.4 KiB in 4 scripts (the
   * build writes few files, vite.config.ts). The home loads 125.2 KiB: it paints before its
   * scripts, waits for one request, and checks the answers with the contracts' zod/mini schemas
   * (136.3 KiB with zod's classic API; decision 40). It grew from 122.3 KiB when it began to show
   * where a person stands in their membership (the standing card and what it offers, the way to
   * find a team) and its actions went through one hook with focus after each; the member API's
   * table it loads also holds the newer endpoints' schemas (find a team, the data export), which
   * the home itself does not call. 127 KiB since its calls share the site's HTTP client and
   * error type (@app/api-client): the error carries the site's fields too (126.1 KiB). The data
   * export's and the passkeys' routes have tables of their own (MEMBER_EXPORT_API, PASSKEY_API),
   * kept out of the home: 126.6 KiB with them. 128 KiB since the start-up tells the early-taps
   * script of a prerendered page that hydration has begun (its one statement is in the entry every
   * page loads: 129,925 bytes before, 130,096 after; the sign-in loads 93.2 KiB).
   */
  budgets: new Map([
    ['/sign-in', 94 * 1024],
    ['/', 128 * 1024],
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
