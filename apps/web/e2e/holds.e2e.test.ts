import { MESSAGES } from '@app/contracts';
import type { Page } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import {
  expectScreen,
  screenshot,
  screenshotEach,
  WINDOWS,
  YES,
  yesToAccount,
} from './onboarding.ts';
import { testSite } from './site.ts';

/**
 * The held slot in Chromium against the real site server: seats are the tracker's, so two
 * visitors racing for a team's last seat cannot both get it; the hold runs on every step with a
 * warning and a one-step extension; the team step's answers are above the fold on a phone.
 */

const site = testSite();

/** The seeded work / Employee team. */
const TEAM = 'Deep Work Crew';

/** Role step of work: pick Employee and Continue. */
async function chooseEmployee(page: Page) {
  await page.goto(`${site.url}/onboarding/work/role`);
  await page.getByLabel('Employee', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** From the role step to the account step, with the page's clock under the test's control. */
async function toAccountStep(page: Page) {
  await chooseEmployee(page);
  await teamHeading(page);
  await yesToAccount(page, 'Ada Lovelace', 'Ship notes');
}

async function teamHeading(page: Page): Promise<string> {
  const heading = page.locator('h1').filter({ hasText: /has one slot left\.$/ });
  await heading.waitFor();
  return (await heading.textContent()) ?? '';
}

/** A visitor outside the browser (its own session cookie) holding a seat through the site API. */
/** A hold on the team's seat by someone else, or null when the tracker says the team is full. */
async function tryHoldSeatElsewhere(teamId: string): Promise<(() => Promise<void>) | null> {
  const headers = { origin: site.url, 'content-type': 'application/json' };
  const answer = await fetch(`${site.url}/api/holds`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ teamId }),
  });
  if (answer.status === 409) return null;
  expect(answer.status, await answer.clone().text()).toBe(201);
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { hold } = (await answer.json()) as { hold: { id: string } };
  return async () => {
    await fetch(`${site.url}/api/holds/${hold.id}`, {
      method: 'DELETE',
      headers: { origin: site.url, cookie },
    });
  };
}

/**
 * Holds every open seat of the team from elsewhere, until the tracker refuses one: the seat
 * counts of the teams list may be a moment old (it is cached), the tracker's refusal is not.
 */
async function fillTeam(teamId: string): Promise<(() => Promise<void>)[]> {
  const releases: (() => Promise<void>)[] = [];
  for (;;) {
    const round = await Promise.all(Array.from({ length: 10 }, () => tryHoldSeatElsewhere(teamId)));
    for (const release of round) if (release !== null) releases.push(release);
    if (round.includes(null)) return releases;
  }
}

interface TeamSeats {
  id: string | number;
  name: string;
  openSeats?: number;
}

async function seatsOf(name: string): Promise<TeamSeats> {
  const teams = (await (await fetch(`${site.url}/api/proxy/teams`)).json()) as TeamSeats[];
  const team = teams.find((candidate) => candidate.name === name);
  if (team === undefined) throw new Error(`no team ${name}`);
  return team;
}

/** The number of text lines an element's content takes on screen. */
function lineCount(page: Page, name: string): Promise<number> {
  return page.getByRole('button', { name }).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines: { top: number; bottom: number }[] = [];
    for (const rect of range.getClientRects()) {
      if (rect.width === 0) continue;
      const line = lines.find((seen) => rect.top < seen.bottom && rect.bottom > seen.top);
      if (line === undefined) lines.push({ top: rect.top, bottom: rect.bottom });
    }
    return lines.length;
  });
}

test.describe('the held slot', () => {
  test('gives the last seat of a team to one of two racing visitors; the other is matched elsewhere', async () => {
    const team = await seatsOf(TEAM);
    expect(team.openSeats).toBeGreaterThan(0);
    const fillers: (() => Promise<void>)[] = [];
    const first = await site.visitor(1280);
    const second = await site.visitor(1280);
    try {
      // Others hold every seat but one.
      fillers.push(...(await fillTeam(String(team.id))));
      await fillers.pop()?.();
      await expect.poll(async () => (await seatsOf(TEAM)).openSeats).toBe(1);

      await Promise.all([
        first.page.goto(`${site.url}/onboarding/work/role`),
        second.page.goto(`${site.url}/onboarding/work/role`),
      ]);
      for (const { page } of [first, second]) {
        await page.getByLabel('Employee', { exact: true }).check();
      }
      await Promise.all(
        [first, second].map(({ page }) => page.getByRole('button', { name: 'Continue' }).click()),
      );
      const headings = await Promise.all([teamHeading(first.page), teamHeading(second.page)]);
      const winners = headings.filter((heading) => heading.includes(`"${TEAM}"`));
      expect(winners, headings.join(' / ')).toHaveLength(1);
      // The other visitor holds a seat on a real team, not the example.
      const other = headings.find((heading) => !heading.includes(`"${TEAM}"`)) ?? '';
      expect(other).not.toContain('Momentum Makers');
      for (const { page } of [first, second]) {
        await expect.poll(() => page.getByText(MESSAGES.sampleTeamUnreachable).count()).toBe(0);
      }
      await expect.poll(async () => (await seatsOf(TEAM)).openSeats).toBe(0);

      // No thanks gives the seat back.
      const winner = headings[0]?.includes(`"${TEAM}"`) ? first : second;
      await winner.page.getByRole('button', { name: 'No thanks' }).click();
      await expect.poll(async () => (await seatsOf(TEAM)).openSeats).toBe(1);
      // The browser logs the refused hold (409) of the visitor who lost the race; nothing else.
      for (const { page, problems } of [first, second]) {
        const others = problems.filter((problem) => !/status of 409/.test(problem));
        expect(others, `${page.url()}: ${problems.join(' | ')}`).toEqual([]);
      }
    } finally {
      await Promise.all(fillers.map((release) => release()));
      await first.context.close();
      await second.context.close();
    }
  });

  test('shows the hold on the account step, warns at one minute and extends it in one step', async () => {
    const { page, context, problems } = await site.visitor(360, 740);
    try {
      await page.clock.install();
      await toAccountStep(page);

      const line = page.getByText(/^Slot held\u00a0·\u00a0\d+:\d\d$/);
      await expect.poll(() => line.count()).toBe(1);
      await page.getByLabel('Email').fill('ada@example.com');
      await page.clock.runFor('09:05');
      // One minute left: a warning with the extension, on this step; typed answers stay.
      await expect.poll(() => page.getByText('Your slot hold is ending.').count()).toBe(1);
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      const live = page.getByRole('status').filter({ hasText: MESSAGES.holdAnnounceEnding });
      await expect.poll(() => live.count()).toBe(1);
      expect(await page.getByLabel('Email').inputValue()).toBe('ada@example.com');
      await screenshot(page, 360, 'account-hold-ending');

      await page.getByRole('button', { name: MESSAGES.holdExtend }).click();
      const done = page.getByText(MESSAGES.holdExtended);
      await expect.poll(() => done.evaluate((note) => note === document.activeElement)).toBe(true);
      // The server's answer: ten minutes from now again.
      await expect
        .poll(async () => (await line.textContent()) ?? '')
        .toMatch(/^Slot held\u00a0·\u00a0(10:00|9:5\d)$/);
      expect(await page.getByRole('button', { name: MESSAGES.holdExtend }).count()).toBe(0);
      await screenshot(page, 360, 'account-hold-extended');
      expect(problems).toEqual([]);
      await page.getByRole('button', { name: 'Go back' }).click();
    } finally {
      await context.close();
    }
  });

  // What this checks does not depend on the width, and filling every Work team takes hundreds of
  // holds: at 360 px, the screen held to 1280 px too.
  {
    const [width, height] = WINDOWS[0];
    test(`tells a Work prospect whose teams are all full so, at ${width} x ${height}, and never offers a team of another area`, async () => {
      const teams = (await (await fetch(`${site.url}/api/proxy/teams`)).json()) as (TeamSeats & {
        focusAreaId: string | number | null;
      })[];
      const work = teams.filter((team) => String(team.focusAreaId) === '1');
      expect(work.length).toBeGreaterThan(0);
      // Other areas keep their open seats: only the prospect's own are taken.
      expect(
        teams.some((team) => String(team.focusAreaId) !== '1' && (team.openSeats ?? 0) > 0),
      ).toBe(true);
      const fillers: (() => Promise<void>)[] = [];
      const { page, context, problems } = await site.visitor(width, height);
      try {
        for (const team of work) fillers.push(...(await fillTeam(String(team.id))));
        await chooseEmployee(page);
        await expectScreen(page, '/onboarding/work/team', MESSAGES.areaFullHeading('Work'));
        await page.getByText(MESSAGES.sampleTeamFull).waitFor();
        expect(await page.getByText(/in luck/).count()).toBe(0);
        for (const team of teams.filter((team) => String(team.focusAreaId) !== '1')) {
          expect(await page.getByText(team.name).count(), team.name).toBe(0);
        }
        // Both ways on are offered: the join request we place, and the info call.
        expect(await page.getByRole('button', { name: YES }).isEnabled()).toBe(true);
        expect(await page.getByRole('button', { name: 'Maybe', exact: true }).isEnabled()).toBe(
          true,
        );
        await screenshotEach(page, 'team-area-full');
        expect(problems).toEqual([]);
      } finally {
        await Promise.all(fillers.map((release) => release()));
        await context.close();
      }
    });
  }

  // What this checks does not depend on the width: at 360 px, the screen held to 1280 px too.
  {
    const [width, height] = WINDOWS[0];
    test(`after the slot was released, Look for another team finds another team at ${width} x ${height}`, async () => {
      const { page, context, problems } = await site.visitor(width, height);
      try {
        await page.clock.install();
        await chooseEmployee(page);
        expect(await teamHeading(page)).toContain(`"${TEAM}"`);
        await page.clock.runFor('10:05');
        await page.getByRole('button', { name: MESSAGES.holdRetry }).click();
        await expect
          .poll(() => page.getByText('Finding the perfect team for you...').count())
          .toBe(0);
        // Another Work team with room is offered, not the one just left, nor the example team.
        const second = await teamHeading(page);
        expect(second).not.toContain(`"${TEAM}"`);
        expect(second).not.toContain('Momentum Makers');
        await screenshotEach(page, 'team-another-after-release');
        expect(problems).toEqual([]);
        await page.getByRole('button', { name: 'No thanks' }).click();
      } finally {
        await context.close();
      }
    });
  }

  test('after the slot was released, Submit explains, moves focus to the notice, and taking it again confirms', async () => {
    const { page, context, problems } = await site.visitor(360, 740);
    try {
      await page.clock.install();
      await toAccountStep(page);
      await page.getByLabel('Email').fill('released@example.com');
      await page.getByLabel('Password').fill('engine-1843');
      await page.clock.runFor('10:05');
      await expect.poll(() => page.getByText(MESSAGES.holdExpired).count()).toBe(1);
      const signUps: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/users')) signUps.push(request.method());
      });
      await page.getByRole('button', { name: /^Submit join request/ }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toContain(MESSAGES.holdSubmitReleased);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('hold-notice');
      expect(signUps).toEqual([]);
      await screenshot(page, 360, 'account-submit-released');

      await page.getByRole('button', { name: MESSAGES.holdRetake }).click();
      const done = page.getByText(MESSAGES.holdRetaken);
      await expect.poll(() => done.evaluate((note) => note === document.activeElement)).toBe(true);
      await screenshot(page, 360, 'account-slot-retaken');
      expect(problems).toEqual([]);
      await page.getByRole('button', { name: 'Go back' }).click();
    } finally {
      await context.close();
    }
  });

  for (const [width, height] of WINDOWS) {
    test(`puts the team, the countdown and the three answers above the fold at ${width} x ${height}`, async () => {
      const { page, context, problems } = await site.visitor(width, height);
      try {
        await chooseEmployee(page);
        await teamHeading(page);
        const fold = height;
        const countdown = page.getByText(
          /^We're holding this slot on this team for \d+:\d\d more minutes\.$/,
        );
        const parts = [
          page.locator('h1'),
          countdown,
          page.getByRole('button', { name: YES }),
          page.getByRole('button', { name: 'Maybe' }),
          page.getByRole('button', { name: 'No thanks' }),
        ];
        for (const part of parts) {
          const box = await part.boundingBox();
          expect(box, String(part)).not.toBeNull();
          expect((box?.y ?? fold) + (box?.height ?? 0), String(part)).toBeLessThanOrEqual(fold);
        }
        expect(await lineCount(page, YES)).toBeLessThanOrEqual(2);
        // Each member shows photo, name, about and goal without opening anything (spec 2).
        const firstMember = page
          .getByRole('list', { name: /^Members of Team/ })
          .locator('li')
          .first();
        expect(await firstMember.getByRole('heading', { level: 2 }).isVisible()).toBe(true);
        expect(await firstMember.locator('p').count()).toBe(2);
        await screenshot(page, width, 'team-hold');
        expect(problems).toEqual([]);
        await page.getByRole('button', { name: 'No thanks' }).click();
      } finally {
        await context.close();
      }
    });
  }
});
