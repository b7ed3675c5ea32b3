// The site's first steps on a slow phone: Chromium's own network and processor throttling
// (DevTools: 400 ms round trip, 400 kbit/s each way, the processor 4x slower), a first visit each
// try (a new context, nothing cached; BENCH_THROTTLE=0: one try each, unthrottled). For each control a visitor meets first (the area step's
// cards, the role step's Continue with a role ticked, Other's empty Continue, /api-test's API
// Status tab), the control is tapped the moment it shows, BENCH_TAP_TRIES times (default 10) at
// 360 and at 1280 px (BENCH_TAP_WIDTHS), and the row says: the first contentful paint, when the tap was made (the
// time a tap first works: it is made as soon as the control is on screen, and counts only when
// it is acted on), how many taps were acted on (the next step or the error appeared) and how many
// of them came before the page's code had run, and when what the tap led to appeared.
import { chromePath, TAP_WIDTHS, throttled } from './config.mjs';
import { throttle } from './slow-phone.ts';
import { ms, row } from './table.mjs';

/** BENCH_THROTTLE=0 (the bench's own test): one try each, unthrottled, only to see it run. */
const TRIES = throttled ? Math.max(1, Number(process.env.BENCH_TAP_TRIES ?? 10)) : 1;
/** Longest wait for a control or for what it leads to, at this throttle. */
const WAIT_MS = 90_000;

/** Whether React has taken over the page's HTML (its heading carries React's fiber). */
const hydrated = (page) =>
  page.evaluate(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__react'));
  });

/** Taps `locator` as soon as it shows (not waiting for it to be enabled): hydrated before? */
async function tapWhenVisible(page, locator) {
  await locator.waitFor({ state: 'visible', timeout: WAIT_MS });
  const taken = await hydrated(page);
  await locator.click({ force: true, timeout: WAIT_MS });
  return taken;
}

const CONTROLS = [
  {
    step: '/onboarding (an area card)',
    path: '/onboarding',
    tap: (page) => tapWhenVisible(page, page.getByRole('button', { name: /^Work/ })),
    // Before the scripts run the card is a native GET form with no fields, which leaves an empty
    // query: the role step's boot script gives the address back without it.
    shown: (page) => page.waitForURL(/\/onboarding\/work\/role$/, { timeout: WAIT_MS }),
  },
  {
    step: '/onboarding/work/role (Continue, Employee ticked)',
    path: '/onboarding/work/role',
    tap: async (page) => {
      await tapWhenVisible(page, page.getByRole('radio', { name: 'Employee' }));
      return tapWhenVisible(page, page.getByRole('button', { name: 'Continue' }));
    },
    // The flow's next step (a team, or the sample team once the seeded seats are held).
    shown: (page) => page.waitForURL(/\/onboarding\/work\/team$/, { timeout: WAIT_MS }),
  },
  {
    step: '/onboarding/other/role (empty Continue)',
    path: '/onboarding/other/role',
    tap: (page) => tapWhenVisible(page, page.getByRole('button', { name: 'Continue' })),
    shown: (page) =>
      page
        .locator('#role-goal-error', { hasText: 'Please enter your goal' })
        .waitFor({ state: 'visible', timeout: WAIT_MS }),
  },
  {
    step: '/api-test (the API Status tab)',
    path: '/api-test',
    tap: (page) => tapWhenVisible(page, page.getByRole('tab', { name: 'API Status' })),
    shown: (page) =>
      page
        .locator('[role="tab"][aria-selected="true"]', { hasText: 'API Status' })
        .waitFor({ state: 'visible', timeout: WAIT_MS }),
  },
];

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One try: a new context, throttled, the control tapped as soon as it shows. */
async function oneTry(browser, base, control, width) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    isMobile: width < 800,
    hasTouch: width < 800,
    serviceWorkers: 'block',
  });
  // The first document's paint, kept across the navigation a native form or link makes.
  await context.addInitScript(() => {
    new PerformanceObserver((entries) => {
      const paint = entries.getEntriesByName('first-contentful-paint')[0];
      if (paint && sessionStorage.getItem('bench:fcp') === null) {
        sessionStorage.setItem('bench:fcp', String(paint.startTime));
      }
    }).observe({ type: 'paint', buffered: true });
  });
  try {
    const page = await context.newPage();
    if (throttled) {
      await throttle(page);
    }
    const started = performance.now();
    await page.goto(`${base}${control.path}`, { waitUntil: 'commit' });
    const early = !(await control.tap(page));
    const tapped = performance.now() - started;
    let shown = Number.NaN;
    try {
      await control.shown(page);
      shown = performance.now() - started;
    } catch {
      // Not acted on within the wait: counted as a dropped tap.
    }
    const paint = Number(await page.evaluate(() => sessionStorage.getItem('bench:fcp') ?? 'NaN'));
    return { early, tapped, shown, paint };
  } finally {
    await context.close();
  }
}

/** A row per control and width. */
export async function earlyTapFigures(base) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const control of CONTROLS) {
      for (const width of TAP_WIDTHS) {
        const tries = [];
        for (let attempt = 0; attempt < TRIES; attempt += 1) {
          tries.push(await oneTry(browser, base, control, width));
          process.stderr.write('.');
        }
        const acted = tries.filter((one) => Number.isFinite(one.shown));
        const early = acted.filter((one) => one.early);
        row(
          'phone taps',
          `${control.step} at ${width} px`,
          `${acted.length}/${TRIES} acted on (${early.length} before the scripts ran)`,
          `${throttled ? '400 ms, 400 kbit/s, CPU x4' : 'not throttled'}, medians: first paint ${ms(median(tries.map((one) => one.paint)))}, ` +
            `tap made and first working ${ms(median(acted.map((one) => one.tapped)))}, ` +
            `its result shown ${ms(median(acted.map((one) => one.shown)))}`,
        );
      }
    }
  } finally {
    await browser.close();
    process.stderr.write('\n');
  }
}
