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
   * reason. The home went from 136 to 137 KiB with the offline check-in: its notice and an
   * answer's "kept on this device" line show on the first paint; the rest of it (storage, sending)
   * loads on demand, and the leave-team dialog and the board's reactions left the home's first
   * load to make room for most of it. The skeleton a member's page shows while its data comes
   * (PageSkeleton.tsx) added 0.4 KiB, and reading the home again when the connection comes back
   * (MemberLayout.tsx) 0.3 KiB. Team life's pages load apart, but three more routes in the route
   * table and two audit actions and an error code in the shared contracts add about 0.4 KiB to
   * every first load.
   */
  budgets: new Map([
    ['/sign-in', 96 * 1024],
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
