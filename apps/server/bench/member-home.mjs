// The member's home on a phone: time to a usable check-in and the first contentful paint, on two
// slow networks with a slower processor (or unthrottled: BENCH_THROTTLE=0), first and repeat visit.
import { approvedMember } from './accounts.mjs';
import { chromePath, throttled } from './config.mjs';
import { SLOW_4G, SLOW_PHONE_NETWORK, throttle } from './slow-phone.ts';
import { ms, row } from './table.mjs';

/**
 * The networks the member's home is opened on: Lighthouse's Slow 4G, and a slow phone network (the
 * home's goal: a usable check-in within 6 s there).
 */
const NETWORKS = [SLOW_4G, SLOW_PHONE_NETWORK];

/**
 * The member's home at 360 px on `network` with the processor slowed 4x: milliseconds from the
 * navigation's start until the check-in's Yes button is on screen and enabled, and until the
 * browser's first contentful paint (the page's own timing). The first visit, then a repeat visit
 * (the service worker's cache and the browser's).
 */
async function usableCheckIn(trackerBase, cookie, network) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: trackerBase }]);
    const page = await context.newPage();
    if (throttled) {
      await throttle(page, network);
    }
    const times = [];
    for (let visit = 0; visit < 2; visit += 1) {
      const started = performance.now();
      await page.goto(`${trackerBase}/`, { waitUntil: 'commit' });
      const yes = page
        .getByRole('region', { name: 'Did you do that thing today?' })
        .getByRole('button', { name: 'Yes', exact: true })
        .first();
      await yes.waitFor({ state: 'visible', timeout: 120_000 });
      await page.waitForFunction(
        (button) => button !== null && button.getAttribute('aria-disabled') !== 'true',
        await yes.elementHandle(),
        { timeout: 120_000 },
      );
      const usable = performance.now() - started;
      const paint = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      );
      times.push({ usable, paint });
    }
    return times;
  } finally {
    await browser.close();
  }
}

/**
 * Before any load: for each network a new member (a first visit sets their time zone) of a team
 * with a free seat, in a new browser (nothing cached). Returns the last member's session cookie.
 */
export async function memberHomeFigures(site) {
  const { base, trackerBase } = site;
  let memberCookie = '';
  for (const [index, network] of (throttled ? NETWORKS : [null]).entries()) {
    const open = (await (await fetch(`${base}/api/proxy/teams`)).json()).find(
      (team) => (team.openSeats ?? 0) > 0,
    );
    memberCookie = await approvedMember(site, open?.id ?? 1, `-${index}`);
    const [first, repeat] = await usableCheckIn(trackerBase, memberCookie, network);
    const where = `home at 360 px, ${network ? `${network.name} and a 4x slower processor` : 'not throttled'}`;
    row(
      'member',
      `${where}: time to a usable check-in`,
      `${ms(first.usable)} / ${ms(repeat.usable)}`,
      `first visit / repeat visit; navigation start to the Yes button on screen and enabled${network?.latency === 400 ? '; goal <= 6 s' : ''}`,
    );
    row(
      'member',
      `${where}: first contentful paint`,
      `${ms(first.paint)} / ${ms(repeat.paint)}`,
      'first visit / repeat visit; the page skeleton, before the scripts and the data',
    );
  }
  return memberCookie;
}
