import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { AFTERNOON, zoneWhereTheHourIs } from './clock.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { expectFocusAfter } from './focus.ts';
import { mailTo } from './mail.ts';
import { uniqueEmail } from './onboarding.ts';
import { heading, operatorAtConsole } from './operator.ts';
import {
  approvedMemberAtHome,
  BACK_SEAT,
  createAccount,
  declineJoinRequest,
  QUIET_DESK_OPERATOR,
  QUIET_SEAT,
  signInToTracker,
  testSite,
  WAY_BACK_OPERATOR,
} from './site.ts';

/**
 * Team life in Chromium against the real site and its tracker: two new members of one team, one
 * on a phone (360 px) and one at a desk (1280 px). The first checks in with a note; the second
 * cheers that Yes on the team board and replies to the note; the first sees the cheer, the reply
 * and their streak on their home; the second pauses, comes back and leaves the team, focus
 * going each time to the card that changed. axe after every step, at the
 * width of the member who took it. Both are in their afternoon (the zone is picked by the hour it
 * is there now), so today's question is the only one open whatever the machine's clock says.
 *
 * Then a Yes changed to Not today and back: the cheer a teammate gave it is not shown meanwhile
 * (only a Yes is cheered) and is there again, on the member's home and on the board.
 *
 * Then the quiet members' side: the worker's tracker runs on the real clock, so the member quiet
 * for weeks is made in the data directory before it starts (`QUIET_SEAT`). An operator enrols at
 * 1280 px, finds them on the Quiet members page, and at 360 px frees the seat after a dialog that
 * names who gets it (the request waiting for the team's area and role, not an older one of another
 * area), focus going to the card that says who got it; undoes it there, then frees it again at
 * 1280 px: the member is mailed and the placed request waits on the queue, to be placed again.
 *
 * Then the ways back to a team: a declined person (360 px), a member who left (1280 px) and that
 * quiet member, whose seat was freed (360 px), each sign in, find a team of the work area with a
 * seat held, and send a request, which an operator approves in the console; and a quiet member
 * who answers "I'm back" from the "we miss you" mail finds today unanswered on their home.
 */

const site = testSite();
const PASSWORD = 'kepler-1609';

test('a teammate cheers and replies to a check-in, the member sees it and their streak; a member pauses and comes back', async () => {
  test.setTimeout(180_000);
  const zone = zoneWhereTheHourIs(...AFTERNOON);
  const phone = await site.visitor(360, 740, zone);
  const desk = await site.visitor(1280, 800, zone);
  try {
    const ada = { name: 'Ada Reyes', email: uniqueEmail('team-life.ada') };
    const ben = { name: 'Ben Ortiz', email: uniqueEmail('team-life.ben') };
    await approvedMemberAtHome(phone.page, site, {
      ...ada,
      password: PASSWORD,
      goal: 'Write 500 words a day',
    });
    await approvedMemberAtHome(desk.page, site, {
      ...ben,
      password: PASSWORD,
      goal: 'Run before work',
    });

    // Ada checks in Yes with a note: a streak of one day.
    const card = phone.page.getByRole('region', { name: 'Did you do that thing today?' });
    const today = card.getByRole('form', { name: /^Today, / });
    await today.getByLabel('Note (optional)').fill('Finished the first chapter');
    await today.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect
      .poll(() => today.getByText(/^Your answer: Yes \(“Finished the first chapter”\)/).count())
      .toBe(1);
    await expect
      .poll(() =>
        card
          .getByText(/^Streak: 1 check-in day in a row \(longest 1 check-in day\); Yes 1 time/)
          .count(),
      )
      .toBe(1);
    await expectAccessible(phone.page, 'home after a Yes, 360 px');

    // Ben cheers Ada's Yes on the board and replies to her note.
    await desk.page.goto(`${site.tracker.url}/team`);
    const adaItem = desk.page.getByRole('listitem').filter({ hasText: ada.name });
    const cheer = adaItem.getByRole('button', { name: `Cheer ${ada.name}’s Yes` });
    await expect.poll(() => cheer.getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(desk.page, 'team board before the cheer, 1280 px');
    await cheer.click();
    await expect
      .poll(() =>
        adaItem
          .getByRole('button', { name: `Cheered ${ada.name}’s Yes` })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await expect
      .poll(() =>
        adaItem
          .getByRole('status')
          .filter({ hasText: `1 cheer, from ${ben.name}` })
          .count(),
      )
      .toBe(1);
    await adaItem.getByLabel(`Reply to ${ada.name}’s note`).fill('Well done, on to chapter two!');
    await adaItem.getByRole('button', { name: 'Send reply' }).click();
    const replies = adaItem.getByRole('list', { name: `Replies to ${ada.name}’s note` });
    await expect.poll(() => replies.getByText('Well done, on to chapter two!').count()).toBe(1);
    await expectAccessible(desk.page, 'team board after the cheer and reply, 1280 px');

    // Ada's home shows both, under "From your team".
    await phone.page.reload();
    const fromTeam = phone.page.getByRole('region', { name: 'From your team' });
    await expect.poll(() => fromTeam.getByText(`1 cheer, from ${ben.name}.`).count()).toBe(1);
    await expect
      .poll(() => fromTeam.getByText(`${ben.name}: Well done, on to chapter two!`).count())
      .toBe(1);
    await expect
      .poll(() => phone.page.getByText(/^Streak: 1 check-in day in a row/).count())
      .toBe(1);
    await expectAccessible(phone.page, 'home with a cheer and a reply, 360 px');

    // Ben pauses for a week, and comes back.
    await desk.page.goto(site.tracker.url);
    const pause = desk.page.getByRole('region', { name: 'Taking a break?' });
    await pause.getByRole('button', { name: 'Pause check-ins' }).click();
    const paused = desk.page.getByRole('region', { name: 'You are paused' });
    await expect.poll(() => paused.getByText(/^Paused until /).count()).toBe(1);
    await expectFocusAfter('Pause', paused.getByRole('heading', { name: 'You are paused' }));
    // The toast that says so too, whose code loads on the first toast: axe measures it settled.
    await expect.poll(() => desk.page.getByText(/^Paused until [^.]+\.$/).count()).toBe(1);
    await expectAccessible(desk.page, 'home while paused, 1280 px');
    // The board says so to the team.
    await phone.page.goto(`${site.tracker.url}/team`);
    const benItem = phone.page.getByRole('listitem').filter({ hasText: ben.name });
    await expect.poll(() => benItem.getByText(/^Paused until /).count()).toBe(1);
    await expectAccessible(phone.page, 'team board with a paused teammate, 360 px');

    await paused.getByRole('button', { name: 'Come back now' }).click();
    await expect
      .poll(() => desk.page.getByRole('region', { name: 'Taking a break?' }).count())
      .toBe(1);
    await expectFocusAfter(
      'Come back now',
      desk.page.getByRole('heading', { name: 'Taking a break?' }),
    );
    await expectAccessible(desk.page, 'home after coming back, 1280 px');
    await phone.page.reload();
    await expect.poll(() => benItem.getByText(/^Paused until /).count()).toBe(0);

    // Ben leaves the team: its card goes, and focus goes on to the card that says where he stands.
    await desk.page.getByRole('button', { name: 'Leave the team' }).click();
    await desk.page.getByRole('button', { name: 'Yes, leave the team' }).click();
    await expect
      .poll(() => desk.page.getByText(/^You left Team .+\.$/, { exact: true }).count())
      .toBeGreaterThan(0);
    await expectFocusAfter(
      'Leave the team',
      desk.page.getByRole('heading', { name: /^You left Team / }),
    );
    await expectAccessible(desk.page, 'home after leaving the team, 1280 px');
  } finally {
    await phone.context.close();
    await desk.context.close();
  }
});

test('a Yes changed to Not today and back to Yes keeps the cheer a teammate gave it', async () => {
  test.setTimeout(240_000);
  const zone = zoneWhereTheHourIs(...AFTERNOON);
  const phone = await site.visitor(360, 740, zone);
  const desk = await site.visitor(1280, 800, zone);
  try {
    const cleo = { name: 'Cleo Marsh', email: uniqueEmail('team-life.cleo') };
    const dev = { name: 'Dev Patel', email: uniqueEmail('team-life.dev') };
    await approvedMemberAtHome(phone.page, site, {
      ...cleo,
      password: PASSWORD,
      goal: 'Practise scales every day',
    });
    await approvedMemberAtHome(desk.page, site, {
      ...dev,
      password: PASSWORD,
      goal: 'Stretch after lunch',
    });

    // Cleo answers Yes; Dev cheers it on the board.
    const today = phone.page
      .getByRole('region', { name: 'Did you do that thing today?' })
      .getByRole('form', { name: /^Today, / });
    await today.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => today.getByText(/^Your answer: Yes/).count()).toBe(1);
    await desk.page.goto(`${site.tracker.url}/team`);
    const cleoItem = desk.page.getByRole('listitem').filter({ hasText: cleo.name });
    await cleoItem.getByRole('button', { name: `Cheer ${cleo.name}’s Yes` }).click();
    const cheered = cleoItem.getByRole('button', { name: `Cheered ${cleo.name}’s Yes` });
    await expect.poll(() => cheered.getAttribute('aria-pressed')).toBe('true');
    const boardCheer = cleoItem
      .getByRole('status')
      .filter({ hasText: `1 cheer, from ${dev.name}` });
    await expect.poll(() => boardCheer.count()).toBe(1);
    const homeCheer = phone.page
      .getByRole('region', { name: 'From your team' })
      .getByText(`1 cheer, from ${dev.name}.`);
    await phone.page.reload();
    await expect.poll(() => homeCheer.count()).toBe(1);

    // Not today: only a Yes is cheered, so neither her home nor the board shows the cheer.
    await today.getByRole('button', { name: 'Not today', exact: true }).click();
    await expect.poll(() => today.getByText(/^Your answer: Not today/).count()).toBe(1);
    await phone.page.reload();
    await expect.poll(() => today.getByText(/^Your answer: Not today/).count()).toBe(1);
    await expect.poll(() => homeCheer.count()).toBe(0);
    await expectAccessible(phone.page, 'home after changing to Not today, 360 px');
    await desk.page.reload();
    await expect.poll(() => cleoItem.getByText('Today: Not today').count()).toBe(1);
    await expect.poll(() => boardCheer.count()).toBe(0);

    // Back to Yes: Dev's cheer is there again, on both, without Dev cheering again.
    await today.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => today.getByText(/^Your answer: Yes/).count()).toBe(1);
    await phone.page.reload();
    await expect.poll(() => homeCheer.count()).toBe(1);
    await desk.page.reload();
    await expect.poll(() => boardCheer.count()).toBe(1);
    await expect.poll(() => cheered.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(desk.page, 'team board with the cheer kept, 1280 px');
  } finally {
    await phone.context.close();
    await desk.context.close();
  }
});

test("an operator frees a quiet member's seat for the request of its area and role, named before and after, undoes it and frees it again", async () => {
  test.setTimeout(150_000);
  const { member, waiting, other, team } = QUIET_SEAT;
  const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await operatorAtConsole(page, site.tracker, QUIET_DESK_OPERATOR.email);

    // 1280 px: the menu leads to the page; the quiet member's card says how long and since when.
    await page.getByRole('link', { name: 'Quiet members' }).click();
    await heading(page, 'Quiet members');
    const card = page.getByRole('article', { name: `${member.name} (Team ${team})` });
    await expect.poll(() => card.getByText(/^\d+ check-in days, since /).count()).toBe(1);
    const days = Number(
      /^(\d+)/.exec((await card.getByText(/check-in days, since/).textContent()) ?? '')?.[1],
    );
    expect(days).toBeGreaterThanOrEqual(10);
    await expect.poll(() => card.getByText('Never', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'Quiet members at 1280');

    const went = `${member.name}'s seat on Team ${team} went to ${waiting.name}, whose request now waits for approval.`;
    const freedCard = page.getByRole('region', { name: 'Seat freed' });
    /** Frees the seat after the dialog names who gets it: Wanda (Work / Entrepreneur), not Oscar. */
    async function freeTheSeat(width: number) {
      await card.getByRole('button', { name: 'Free the seat' }).click();
      const dialog = page.getByRole('dialog', { name: `Free ${member.name}'s seat?` });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expect
        .poll(() =>
          dialog
            .getByText(`The seat goes to ${waiting.name}, whose request then waits for approval.`, {
              exact: false,
            })
            .count(),
        )
        .toBe(1);
      expect(await dialog.getByText(other.name).count()).toBe(0);
      await expectAccessible(page, `free the seat, the dialog, at ${width}`);
      await dialog.getByRole('button', { name: 'Yes, free the seat' }).click();
      await expect.poll(() => freedCard.getByText(went).count()).toBe(1);
      await expect.poll(() => card.count()).toBe(0);
      await expectFocusAfter(
        'Free the seat',
        page.getByRole('heading', { level: 2, name: 'Seat freed' }),
        'Seat freed',
      );
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Seat freed');
      await expectAccessible(page, `Quiet members after freeing a seat, at ${width}`);
    }

    // 360 px: freed, then taken back within the window: Quincy is back, Wanda waits again.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(page, 'Quiet members at 360');
    await freeTheSeat(360);
    await freedCard.getByRole('button', { name: `Undo freeing ${member.name}'s seat` }).click();
    const back = page.getByRole('region', { name: 'Seat given back' });
    await expect
      .poll(() =>
        back
          .getByText(
            `${member.name} is back on Team ${team}; ${waiting.name}'s request waits for a team again. No email was sent.`,
          )
          .count(),
      )
      .toBe(1);
    await expectFocusAfter(
      'Undo of Free the seat',
      page.getByRole('heading', { level: 2, name: 'Seat given back' }),
      'Seat given back',
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Seat given back');
    await expect.poll(() => card.count()).toBe(1);
    await expectAccessible(page, 'Quiet members after the undo, at 360');

    // 1280 px: freed again, for good this time.
    await page.setViewportSize({ width: 1280, height: 900 });
    await freeTheSeat(1280);
    // The member is told once the window has passed; the placed request waits on the queue, where
    // it can be approved, declined, moved to another team or put back to waiting.
    expect(await mailTo(site.tracker.dataDir, 'seat-freed', member.email)).toContain(
      `so we have given your seat on Team ${team} to someone who is waiting for one`,
    );
    await page.goto(`${site.tracker.url}/console`);
    await heading(page, 'Join requests');
    await page.getByLabel('Find by name or email').fill('wanda waiting');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.getByText('1 waiting matches “wanda waiting”, oldest first.').count())
      .toBe(1);
    const wanda = page.getByRole('article', { name: waiting.name });
    await expect
      .poll(() => wanda.getByRole('button', { name: `Approve ${waiting.name}` }).count())
      .toBe(1);
    await expect
      .poll(() => wanda.getByRole('button', { name: `Back to waiting ${waiting.name}` }).count())
      .toBe(1);
    await expect.poll(() => wanda.getByRole('button', { name: 'Move to team' }).count()).toBe(1);
    await expectAccessible(page, 'a placed request on the queue, at 1280');
  } finally {
    await context.close();
  }
});

/** The operator's one-use link to set a password, from the mail that added them. */
/**
 * From the home of a person without a team: the way back (`link`) to Find a team, the work area
 * and the Employee role, a real team shown with a seat held and its countdown, the request sent.
 * Returns the team's name.
 */
async function findTeamAgain(page: Page, link: string, screen: string): Promise<string> {
  await page.getByRole('link', { name: link }).click();
  await page.waitForURL(`${site.tracker.url}/find-a-team`);
  await heading(page, 'Find a team');
  await page.getByRole('radio', { name: /^Work: / }).check();
  await page.getByRole('radio', { name: 'Employee', exact: true }).check();
  await expectAccessible(page, `${screen}: Find a team`);
  await page.getByRole('button', { name: 'Find my team' }).click();
  const shown = page.getByRole('heading', { level: 1, name: /^You're in luck! Team "/ });
  await shown.waitFor();
  const team = /Team "(.+)" has/.exec((await shown.textContent()) ?? '')?.[1] ?? '';
  expect(team).not.toBe('');
  await expect
    .poll(() =>
      page.getByText(/^We're holding this slot on this team for \d+:\d\d more minutes\.$/).count(),
    )
    .toBe(1);
  await expectAccessible(page, `${screen}: a team with a held seat`);
  await page.getByRole('button', { name: `Send my join request to Team ${team}` }).click();
  await page.waitForURL(`${site.tracker.url}/`);
  const request = page.getByRole('region', { name: 'Your join request' });
  await expect.poll(() => request.getByText(team, { exact: true }).count()).toBe(1);
  await expect.poll(() => request.getByText(/^Pending: /).count()).toBe(1);
  await expectAccessible(page, `${screen}: home with the new request`);
  return team;
}

test('a declined person, a member who left and one whose seat was freed each find a team with a held seat, and an operator approves their requests', async () => {
  test.setTimeout(240_000);
  const zone = zoneWhereTheHourIs(...AFTERNOON);
  // After the test above: Quincy's seat has been freed.
  const { member: quincy, team: oldTeam } = QUIET_SEAT;
  const declined = await site.visitor(360, 740, zone);
  const left = await site.visitor(1280, 800, zone);
  const freed = await site.visitor(360, 740, zone);
  const desk = await site.visitor(1280, 900);
  try {
    const dee = {
      name: 'Dee Clined',
      email: uniqueEmail('way-back.dee'),
      password: PASSWORD,
      goal: 'Ship the side project',
    };
    await createAccount(site.url, dee);
    await declineJoinRequest(site.tracker, dee.email);
    await signInToTracker(declined.page, site.tracker.url, dee.email, PASSWORD);
    const deeTeam = await findTeamAgain(declined.page, 'Find another team', 'declined, 360 px');

    const leo = {
      name: 'Leo Left',
      email: uniqueEmail('way-back.leo'),
      password: PASSWORD,
      goal: 'Finish the course',
    };
    await approvedMemberAtHome(left.page, site, leo);
    await left.page.getByRole('button', { name: 'Leave the team' }).click();
    await left.page.getByRole('button', { name: 'Yes, leave the team' }).click();
    await left.page.getByRole('heading', { name: /^You left Team / }).waitFor();
    const leoTeam = await findTeamAgain(left.page, 'Find a team', 'left, 1280 px');

    await signInToTracker(freed.page, site.tracker.url, quincy.email, quincy.password);
    await freed.page
      .getByRole('heading', { name: `Your seat on Team ${oldTeam} was freed` })
      .or(freed.page.getByRole('heading', { name: 'Your seat was freed' }))
      .waitFor();
    const quincyTeam = await findTeamAgain(freed.page, 'Find a team', 'seat freed, 360 px');

    // The operator approves the three in the console.
    await operatorAtConsole(desk.page, site.tracker, WAY_BACK_OPERATOR.email);
    for (const person of [dee.name, leo.name, quincy.name]) {
      const query = person.toLowerCase();
      await desk.page.getByLabel('Find by name or email').fill(query);
      await desk.page.getByRole('button', { name: 'Search' }).click();
      await expect
        .poll(() => desk.page.getByText(`1 waiting matches “${query}”, oldest first.`).count())
        .toBe(1);
      await desk.page.getByRole('button', { name: `Approve ${person}` }).click();
      await expect.poll(() => desk.page.getByText(`${person} approved`).count()).toBeGreaterThan(0);
    }
    await expectAccessible(desk.page, 'the queue after the three approvals, 1280 px');

    // Each is on their new team.
    for (const [who, team] of [
      [declined, deeTeam],
      [left, leoTeam],
      [freed, quincyTeam],
    ] as const) {
      await who.page.reload();
      await expect
        .poll(() => who.page.getByRole('heading', { name: `Your team: ${team}` }).count())
        .toBe(1);
    }
  } finally {
    for (const who of [declined, left, freed, desk]) await who.context.close();
  }
});

test("I'm back from the we-miss-you mail leaves today unanswered: the home asks as usual", async () => {
  test.setTimeout(150_000);
  const { member } = BACK_SEAT;
  // The schedule's pass comes a minute after the tracker starts, then every minute.
  const mail = await mailTo(site.tracker.dataDir, 'quiet-member', member.email, 90_000);
  const link = /I'm back: (\S+)/.exec(mail)?.[1] ?? '';
  expect(link).toContain('/we-miss-you?token=');
  const { page, context } = await site.visitor(360, 740, zoneWhereTheHourIs(...AFTERNOON));
  try {
    await page.goto(link);
    await heading(page, 'We miss you');
    await expectAccessible(page, "we miss you, I'm back, 360 px");
    await page.getByRole('button', { name: "I'm back" }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            "Welcome back! Answer today's check-in on your home page whenever you are ready.",
          )
          .count(),
      )
      .toBeGreaterThan(0);
    await signInToTracker(page, site.tracker.url, member.email, member.password);
    const today = page
      .getByRole('region', { name: 'Did you do that thing today?' })
      .getByRole('form', { name: /^Today, / });
    await expect(today.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(today.getByRole('button', { name: 'Not today', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect.poll(() => today.getByText(/^Your answer: /).count()).toBe(0);
    await expectAccessible(page, "home after I'm back, 360 px");
  } finally {
    await context.close();
  }
});
