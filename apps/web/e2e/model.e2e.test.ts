import { type OnboardingEvent, stateToRoute } from '@app/onboarding';
import type { ModelPath, ModelStep } from '@app/onboarding/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchIsolatedBrowser } from './browser.ts';
import { coveringWalks, pendingCalls, transitionsTaken } from './model.ts';
import {
  choosePhoto,
  expectScreen,
  makePng,
  openVisitor,
  pathOf,
  STEP_TIMEOUT_MS,
  shots,
  uniqueEmail,
} from './onboarding.ts';

/**
 * The onboarding machine's model-based paths (`@app/onboarding/testing`) replayed in Chromium
 * against the real site server: each user event becomes a click or a typed URL, each call is
 * answered by the real server, the hold's clock is the page's (moved forward by the test), and
 * after each step the page must show the model's state. Paths that need answers the real server
 * never gives (failures, slow searches, malformed bodies) are left to the jsdom replay. The
 * walks run here together take every machine transition the real server can produce.
 */

const site = { url: inject('siteUrl') };
let browser: Awaited<ReturnType<typeof launchIsolatedBrowser>>;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const { walks, skipped, coverable } = coveringWalks(40);

const YES = "Yes, I'm ready to achieve my success even if it means being uncomfortable sometimes";
/** The server's answer to a signup with an address in use (a seeded member's). */
const TAKEN_EMAIL = 'maya-thompson@example.com';
const TAKEN_MESSAGE =
  'An account with this email address already exists. Sign in instead, or use another address.';

function routeOf(event: Extract<OnboardingEvent, { type: 'nav.request' }>): string {
  if (event.step === 'category') return '/onboarding';
  if (['thank-you', 'no-thank-you', 'maybe-submitted'].includes(event.step))
    return `/${event.step}`;
  return `/onboarding/${event.category ?? 'work'}/${event.step}`;
}

/** A file of the model's photo's size and type (a real PNG at its start, so previews draw). */
function photoFile(photo: { size: number; type: string; name?: string } | null) {
  const { size = 1024, type = 'image/png', name = 'photo.png' } = photo ?? {};
  const buffer = Buffer.alloc(size);
  makePng(32, [200, 90, 40]).copy(buffer);
  return { name, mimeType: type, buffer };
}

/** Does in the browser what the model's user or router event stands for. */
async function act(page: Page, step: ModelStep, next: ModelStep | undefined) {
  const event = step.event;
  const click = (name: string | RegExp) =>
    page.getByRole('button', { name, exact: typeof name === 'string' }).click();
  const fill = (label: string, value: string) =>
    page.getByLabel(label, { exact: true }).fill(value);
  switch (event.type) {
    case 'category.choose':
      return page.getByRole('button', { name: new RegExp(`^${event.category}`, 'i') }).click();
    case 'role.submit':
      if (event.value !== '') await page.getByLabel(event.value, { exact: true }).check();
      return click('Continue');
    case 'team.choose':
      return click(event.choice === 'yes' ? YES : event.choice === 'maybe' ? 'Maybe' : 'No thanks');
    case 'team.retry':
      return click('Find me a team again');
    case 'hold.extend':
      return click('Hold my slot for 10 more minutes');
    case 'intro.submit':
    case 'goal.submit': {
      const [label, value] =
        event.type === 'intro.submit'
          ? ['Your Name', event.name]
          : ['Tell your team one sentence about your goals', event.goal];
      await fill(label, value);
      return click('Next');
    }
    case 'commit.accept':
      return click('Yes, you can count on me');
    case 'sync.accept':
      return click("Yes, I'll join the check-ins");
    case 'account.submit': {
      const refused = next?.event.type === 'xstate.error.actor.createUser';
      const email = event.email.includes('@')
        ? refused
          ? TAKEN_EMAIL
          : uniqueEmail('model')
        : event.email;
      await fill('Email', email);
      await fill('Password', event.password);
      return click(/^Submit join request to Team /);
    }
    case 'profile.photoSelected':
      return choosePhoto(page, photoFile(event.photo));
    case 'profile.submit':
      await fill('About me', event.aboutMe);
      return click('Complete Profile');
    case 'profile.skip':
      return click('Skip for now');
    case 'booking.submit':
      await fill('Name', event.name);
      await fill('Email', event.email);
      await fill('Phone', event.phone);
      return click('Book This Time');
    case 'feedback.submit':
      await fill('Name', event.name);
      await fill('Email', event.email);
      await fill('Feedback', event.feedback);
      return click('Submit');
    case 'nav.back':
      return page.getByRole('button', { name: /^Go back$/i }).click();
    case 'nav.home':
      return click('Return to Homepage');
    case 'nav.request':
      // A typed URL: the page loads afresh and restores the flow from storage.
      await page.goto(`${site.url}${routeOf(event)}`);
      return;
    default:
      return;
  }
}

/** The page shows the model's state: its route, the hold's warning or release, the form's messages. */
async function check(page: Page, step: ModelStep) {
  const expected = step.state;
  // While a call is in flight the real server may already have answered: check once it settles.
  if (expected.status === 'active' && pendingCalls(expected).length > 0) return;
  const route = stateToRoute(expected);
  await expect.poll(() => pathOf(page), { timeout: STEP_TIMEOUT_MS }).toBe(route);
  if (route.endsWith('/team') && expected.matches({ matched: { step: 'team' } })) {
    const ending = expected.matches({ matched: { hold: 'ending' } });
    const expired = expected.matches({ matched: { hold: 'expired' } });
    await expect
      .poll(() => page.getByText('Your slot hold is ending.', { exact: true }).count())
      .toBe(ending ? 1 : 0);
    await expect
      .poll(() => page.getByText('Slot released.', { exact: true }).count())
      .toBe(expired ? 1 : 0);
  }
  const errors: Record<string, string | undefined> = { ...expected.context.errors };
  const submitted = /\.(submit|photoSelected)$/.test(step.event.type);
  for (const [field, message] of Object.entries(errors)) {
    if (message === undefined || !submitted) continue;
    // The account error box shows the server's own words for the refused address.
    const text = field === 'form' ? TAKEN_MESSAGE : message;
    await expect.poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
  }
}

async function replay(path: ModelPath) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.clock.install();
  const { page, problems } = await openVisitor(context);
  await page.goto(`${site.url}/onboarding`);
  await expectScreen(
    page,
    '/onboarding',
    "In which area would you like someone asking if you did 'that thing'?",
  );
  for (const [index, step] of path.steps.entries()) {
    const { event } = step;
    try {
      if (event.type === 'clock.tick' && 'now' in event) {
        await context.clock.fastForward(event.now - step.from.context.now);
      } else if (transitionsTaken(step).length > 0 && !event.type.startsWith('xstate.')) {
        await act(page, step, path.steps[index + 1]);
      }
      await check(page, step);
    } catch (error) {
      const done = path.steps.slice(0, index + 1).map(({ event: { type, ...rest } }) => {
        const shown = 'output' in rest || 'error' in rest ? '' : JSON.stringify(rest);
        return `${type.replace(/^xstate\.(done|error)\.actor\./, '$1:')}${shown === '{}' ? '' : shown}`;
      });
      const shown = `${pathOf(page)}: ${(await page.locator('h1').allTextContents()).join(' | ')}`;
      await page.screenshot({ path: `${shots}model-failure.png`, fullPage: true });
      throw new Error(
        `step ${index + 1} of the walk failed: ${done.join(' -> ')}\nmodel state: ${JSON.stringify(step.state.value)}\npage: ${shown} (screenshots/model-failure.png)`,
        { cause: error },
      );
    }
  }
  // The refused signup is reported by the browser as a failed resource (409); nothing else.
  expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
  await context.close();
}

describe('the machine model in Chromium against the real server', () => {
  it('has replayable paths, and says why the others are left to the jsdom replay', () => {
    const reasons = [...skipped.entries()].map(([reason, count]) => `  ${count}: ${reason}`);
    const steps = walks.reduce((sum, walk) => sum + walk.steps.length, 0);
    console.info(
      [
        `model walks in Chromium: ${walks.length} (${steps} steps), taking all ${coverable} machine transitions the real server can produce`,
        'model graph edges left out:',
        ...reasons,
      ].join('\n'),
    );
    expect(coverable).toBeGreaterThan(40);
  });

  // One retry: under heavy load a walk after a typed URL has once failed to find the maybe form
  // (see the failure's screenshot, screenshots/model-failure.png, when it happens again).
  it.each(walks.map((path, index) => [index + 1, path.steps.length, path] as const))(
    'walk %i (%i steps)',
    { retry: 1 },
    async (_index, _length, path) => {
      await replay(path);
    },
  );
});
