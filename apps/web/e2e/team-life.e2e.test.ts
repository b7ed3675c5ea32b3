import { expectAccessible } from './axe.ts';
import { AFTERNOON, zoneWhereTheHourIs } from './clock.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { expectFocusAfter } from './focus.ts';
import { mailTo } from './mail.ts';
import { uniqueEmail } from './onboarding.ts';
import { heading, setUpOperator } from './operator.ts';
import { approvedMemberAtHome, QUIET_DESK_OPERATOR, QUIET_SEAT, testSite } from './site.ts';

/**
 * Team life in Chromium against the real site and its tracker: two new members of one team, one
 * on a phone (360 px) and one at a desk (1280 px). The first checks in with a note; the second
 * cheers that Yes on the team board and replies to the note; the first sees the cheer, the reply
 * and their streak on their home; the second pauses, comes back and leaves the team, focus
 * going each time to the card that changed. axe after every step, at the
 * width of the member who took it. Both are in their afternoon (the zone is picked by the hour it
 * is there now), so today's question is the only one open whatever the machine's clock says.
 *
 * Then the quiet members' side: the worker's tracker runs on the real clock, so the member quiet
 * for weeks is made in the data directory before it starts (`QUIET_SEAT`). An operator enrols at
 * 1280 px, finds them on the Quiet members page, and at 360 px frees the seat, which goes to the
 * join request waiting for a team; the member is mailed and the placed request waits on the queue.
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

test('an operator finds a quiet member on the Quiet members page and frees the seat for someone waiting', async () => {
  test.setTimeout(120_000);
  const { member, waiting, team } = QUIET_SEAT;
  const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    const invitation = await mailTo(
      site.tracker.dataDir,
      'operator-added',
      QUIET_DESK_OPERATOR.email,
    );
    const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(invitation)?.[1] ?? '';
    expect(token).not.toBe('');
    await setUpOperator(page, site.tracker.url, 1280, QUIET_DESK_OPERATOR.email, token);

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

    // 360 px: free the seat, confirmed first; it goes to the request waiting for a team.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(page, 'Quiet members at 360');
    await card.getByRole('button', { name: 'Free the seat' }).click();
    await expect
      .poll(() => card.getByText(`Free ${member.name}'s seat on Team ${team}?`).count())
      .toBe(1);
    await expectAccessible(page, 'free the seat, confirming, at 360');
    await card.getByRole('button', { name: 'Yes, free the seat' }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            `${member.name}'s seat on Team ${team} went to ${waiting.name}, whose request now waits for approval.`,
          )
          .count(),
      )
      .toBeGreaterThan(0);
    await expect.poll(() => card.count()).toBe(0);
    await expectFocusAfter(
      'Free the seat',
      page.getByRole('heading', { level: 1, name: 'Quiet members' }),
    );
    await expectAccessible(page, 'Quiet members after freeing a seat, at 360');
    // The member is told; the placed request now waits on the queue for that team's approval.
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
    await expect
      .poll(() => page.getByRole('button', { name: `Approve ${waiting.name}` }).count())
      .toBe(1);
  } finally {
    await context.close();
  }
});
