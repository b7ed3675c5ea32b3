import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { expectFocusAfter, focusWithoutRing } from './focus.ts';
import { mailTo } from './mail.ts';
import { screenshot, uniqueEmail } from './onboarding.ts';
import { heading, OPERATOR_PASSWORD, setUpOperator } from './operator.ts';
import { SUITE_OPERATOR, signInToTracker, testSite } from './site.ts';

/**
 * The operators' console in Chromium against the real site and its embedded tracker: the suite's
 * operator (made as the command line makes one) sets the password from the mailed link, sets up
 * the authenticator app (its QR code read from the screen's picture, the recovery codes
 * downloaded), approves a request sent through the site (the member's home then shows
 * the team and the approval mail is sent), declines one with a message, places an unmatched one,
 * sees the booked info call and the feedback, makes new recovery codes with the keyboard only (a
 * wrong password refused first), and finds every action in the audit log. Then at 360 px:
 * signing in with one of the new recovery codes, the same search, approve, undo and keyboard
 * decline on two more applicants, their lines in the audit log found by name, and every console
 * page with axe and a keyboard pass; an operator invited at 1280 px sets up on a phone (QR code,
 * recovery codes downloaded). axe after every step.
 */

const site = testSite();

/** A write through the site's API, as its pages make it. */
async function post(path: string, body: object): Promise<Response> {
  return fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify(body),
  });
}

async function signUp(name: string, teamId: number | string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '.'));
  const answer = await post('/api/users', {
    email,
    password: 'member-password-1',
    name,
    goalSummary: `${name} wants to finish one thing a week`,
    teamId,
  });
  expect(answer.status).toBe(201);
  return { email, name };
}

/**
 * Opens the page of a paged console list that shows `name`'s card: the other browser tests sign
 * up people too, so it need not be the first.
 */
async function openPageWith(page: Page, path: string, title: string, name: string) {
  for (let number = 1; number <= 50; number += 1) {
    await page.goto(`${site.tracker.url}${path}${number > 1 ? `?page=${number}` : ''}`);
    await heading(page, title);
    await page.locator('main').waitFor();
    if ((await page.getByRole('heading', { name, exact: true }).count()) > 0) return;
    if ((await page.getByRole('link', { name: 'Next page' }).count()) === 0) break;
  }
  throw new Error(`${name} is on no page of ${path}`);
}

async function teamWithRoom(): Promise<number> {
  const teams = (await (await fetch(`${site.url}/api/proxy/teams`)).json()) as {
    id: number;
    openSeats?: number;
  }[];
  const team = teams.find((row) => (row.openSeats ?? 0) > 3);
  if (team === undefined) throw new Error('no team with room');
  return team.id;
}

/**
 * On the audit log: the lines about `name`, found through the page's search by their name: two
 * approvals with the undo between them; none about `other`.
 */
async function auditLinesOf(page: Page, name: string, other: string) {
  await page.getByLabel('Find by operator or by whom it was about').fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const entries = page.getByRole('list', { name: 'Audit log entries' });
  await expect
    .poll(() => entries.getByRole('heading', { name: 'Approved a join request' }).count())
    .toBe(2);
  await expect
    .poll(() =>
      entries.getByRole('heading', { name: 'Undid a decision on a join request' }).count(),
    )
    .toBe(1);
  await expect.poll(() => entries.getByText(name).count()).toBeGreaterThan(0);
  await expect.poll(() => entries.getByText(other).count()).toBe(0);
}

/**
 * On the queue at `width`: finds `approve` by name, approves, undoes it (the request waits
 * again, its mail unsent) and approves for good; then declines `decline` with the keyboard only
 * (focus into the dialog's message, Escape gives focus back to the card, then the decline). axe
 * at each step.
 */
async function decideFoundByName(
  page: Page,
  width: number,
  { approve, decline }: { approve: string; decline: string },
) {
  const query = approve.toLowerCase().slice(0, 8);
  // Found by name, whatever page of the queue it is on.
  await page.getByLabel('Find by name or email').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect
    .poll(() => page.getByText(`1 waiting matches “${query}”, oldest first.`).count())
    .toBe(1);
  if (width === 1280) await screenshot(page, 1280, 'console-queue');
  // Approve, undo (the request waits again, its mail unsent), approve for good.
  await page.getByRole('button', { name: `Approve ${approve}` }).click();
  await expect.poll(() => page.getByText(`${approve} approved`).count()).toBeGreaterThan(0);
  const justDecided = page.getByRole('region', { name: 'Just decided' });
  await expect.poll(() => justDecided.getByText(`${approve} approved.`).count()).toBe(1);
  // The card is gone with the decision, the strip with its Undo came: focus is on the strip.
  await expectFocusAfter(
    `Approve ${approve}`,
    justDecided.getByRole('heading', { name: 'Just decided' }),
  );
  await expectAccessible(page, `a decision that can be undone at ${width}`);
  await justDecided.getByRole('button', { name: `Undo approval of ${approve}` }).click();
  await expect.poll(() => page.getByRole('article', { name: approve }).count()).toBe(1);
  await page.getByRole('button', { name: `Approve ${approve}` }).click();
  await expect.poll(() => page.getByRole('article', { name: approve }).count()).toBe(0);
  await page.getByRole('link', { name: 'Show everyone' }).click();

  // Decline with the keyboard only: focus into the dialog's message, Escape gives focus back
  // to the card, then the decline itself.
  await openPageWith(page, '/console', 'Join requests', decline);
  const opener = page.getByRole('button', { name: `Decline ${decline}` });
  await opener.focus();
  await page.keyboard.press('Enter');
  const declining = page.getByRole('form', { name: `Decline ${decline}` });
  const message = declining.getByLabel('Message to the applicant');
  const messageFocused = () => message.evaluate((el) => el === document.activeElement);
  await expect.poll(messageFocused).toBe(true);
  await expectAccessible(page, `decline dialog at ${width}`);
  await page.keyboard.press('Escape');
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  // The dialog opens again with the message focused; typing before then would go elsewhere.
  await expect.poll(messageFocused).toBe(true);
  await page.keyboard.type('This team meets at 6 AM.');
  await expect(message).toHaveValue('This team meets at 6 AM.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('heading', { name: decline }).count()).toBe(0);
}

test.describe('the operators console', () => {
  test('approves, declines and places join requests, shows info calls and feedback, and logs it all', async () => {
    test.setTimeout(300_000);
    const teamId = await teamWithRoom();
    const approved = await signUp('Pat Pending', teamId);
    await signUp('Dan Declined', teamId);
    // Decided at 360 px.
    await signUp('Pia Phone', teamId);
    await signUp('Dora Phone', teamId);
    // A team id that names no team: the request waits unmatched, for an operator to place it.
    await signUp('Una Unmatched', 'sample');
    expect(
      (
        await post('/api/booking', {
          name: 'Carl Caller',
          email: uniqueEmail('carl'),
          phone: '+1 303 555 0100',
          category: 'work',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post('/api/feedback', {
          name: 'Nora No',
          email: uniqueEmail('nora'),
          feedback: 'Not the right time for me; maybe next term.',
          category: 'school',
        })
      ).status,
    ).toBe(201);

    const welcome = await mailTo(site.tracker.dataDir, 'operator-added', SUITE_OPERATOR.email);
    const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(welcome)?.[1] ?? '';
    expect(token).not.toBe('');

    // 1280 px: the password from the link, the authenticator, then the work.
    const wide = await site.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await wide.newPage();
    let recoveryCodes: string[] = [];
    const oscar = uniqueEmail('oscar.phone');
    try {
      recoveryCodes = await setUpOperator(
        page,
        site.tracker.url,
        1280,
        SUITE_OPERATOR.email,
        token,
      );

      await heading(page, 'Join requests');
      await expectAccessible(page, 'queue');
      await decideFoundByName(page, 1280, { approve: 'Pat Pending', decline: 'Dan Declined' });

      await openPageWith(page, '/console', 'Join requests', 'Una Unmatched');
      const placing = page.getByRole('form', { name: 'Place Una Unmatched' });
      await placing.getByLabel('Team').selectOption(String(teamId));
      await placing.getByRole('button', { name: 'Place on team' }).click();
      await expect.poll(() => placing.count()).toBe(0);
      // Placed, it waits for the decision on the same list, and the operator is told so.
      await expect
        .poll(() => page.getByText('The request now waits for Approve or Decline below.').count())
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.getByRole('button', { name: 'Approve Una Unmatched' }).count())
        .toBe(1);
      await expectAccessible(page, 'queue after the decisions');

      await page.getByRole('link', { name: 'Info calls' }).click();
      await heading(page, 'Info calls');
      await openPageWith(page, '/console/info-calls', 'Info calls', 'Carl Caller');
      await expectAccessible(page, 'info calls');
      // The day's calls as a calendar file, downloaded with the operator's session.
      const carlsDay = page
        .getByRole('region')
        .filter({ has: page.getByRole('heading', { name: 'Carl Caller', exact: true }) });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        carlsDay.getByRole('link', { name: /^Download the day’s calls \(\.ics\)/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^info-calls-\d{4}-\d{2}-\d{2}\.ics$/);
      const ics = readFileSync(await download.path(), 'utf8');
      expect(ics).toContain('SUMMARY:Info call: Carl Caller');
      await screenshot(page, 1280, 'console-info-calls');
      await page.getByRole('link', { name: 'Feedback' }).click();
      await heading(page, 'Feedback');
      await expect
        .poll(() => page.getByText('Not the right time for me; maybe next term.').count())
        .toBe(1);
      await expectAccessible(page, 'feedback');

      // Teams: a capacity below the members is refused at its field, then a new team is made
      // and its capacity changed.
      await page.getByRole('link', { name: 'Teams' }).click();
      await heading(page, 'Teams');
      await expectAccessible(page, 'teams');
      // Each team is one closed line; the jump list opens one.
      const jump = page.getByRole('navigation', { name: 'Jump to a team' });
      await jump.getByRole('link', { name: 'Deep Work Crew', exact: true }).click();
      const crew = page.getByRole('form', { name: 'Capacity of Deep Work Crew' });
      await crew.getByLabel('Capacity', { exact: true }).fill('1');
      await crew.getByRole('button', { name: 'Save capacity of Deep Work Crew' }).click();
      await expect.poll(() => crew.getByText(/^Capacity must be at least \d+$/).count()).toBe(2);
      await expectAccessible(page, 'capacity refused');
      await page.getByRole('button', { name: 'Create a team' }).click();
      const creating = page.getByRole('form', { name: 'Create a team' });
      await creating.getByRole('button', { name: 'Create team' }).click();
      await expect.poll(() => creating.getByText('Please enter the team name').count()).toBe(2);
      await expectAccessible(page, 'new team refused');
      const teamName = `Evening Runners ${uniqueEmail('t').slice(2, 10)}`;
      await creating.getByLabel('Team name').fill(teamName);
      await creating.getByLabel('Focus area').selectOption({ label: 'Other' });
      await creating.getByLabel('Capacity', { exact: true }).fill('3');
      await expectAccessible(page, 'new team');
      await creating.getByRole('button', { name: 'Create team' }).click();
      await expect
        .poll(() => page.getByText(`Team ${teamName} created`).count())
        .toBeGreaterThan(0);
      // Focus on the new team's line when it is on this page, else on the button to make another.
      await expectFocusAfter(
        'Create team',
        page.locator(':focus'),
        new RegExp(`^(${teamName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|Create a team)`),
      );
      // Found by its name through the page's search, then opened.
      await page.getByRole('searchbox', { name: /^Find a team/ }).fill(teamName);
      await page
        .getByRole('search', { name: 'Teams' })
        .getByRole('button', { name: 'Search' })
        .click();
      await expect.poll(() => page.getByRole('article').count()).toBe(1);
      const card = page.getByRole('article', { name: teamName });
      // Opened by its one line, as a person taps it.
      await card.getByRole('heading', { name: teamName }).click();
      await card.getByLabel('Capacity', { exact: true }).fill('4');
      await card.getByRole('button', { name: `Save capacity of ${teamName}` }).click();
      // Its one line says so too: nobody on it yet, so all four are open.
      await expect.poll(() => card.getByText('4 of 4 seats open', { exact: true }).count()).toBe(1);
      await expectAccessible(page, 'capacity changed');
      await screenshot(page, 1280, 'console-teams');

      // Operators: invite one (mailed the link to set a password), then remove them.
      await page.getByRole('link', { name: 'Operators' }).click();
      await heading(page, 'Operators');
      await expectAccessible(page, 'operators');
      const inviting = page.getByRole('form', { name: 'Invite an operator' });
      await inviting.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => inviting.getByText('Please enter your email').count()).toBe(2);
      await expectAccessible(page, 'invitation refused');
      const ivy = uniqueEmail('ivy.invited');
      await inviting.getByLabel('Email address').fill(ivy);
      await inviting.getByLabel('Name', { exact: true }).fill('Ivy Invited');
      await inviting.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => page.getByRole('article', { name: 'Ivy Invited' }).count()).toBe(1);
      expect(await mailTo(site.tracker.dataDir, 'operator-added', ivy)).toMatch(
        /reset-password\?token=/,
      );
      await expectAccessible(page, 'operator invited');
      await screenshot(page, 1280, 'console-operators');
      await page.getByRole('button', { name: 'Remove Ivy Invited' }).click();
      await expectAccessible(page, 'remove operator dialog');
      await page.getByRole('button', { name: 'Yes, remove' }).click();
      await expect.poll(() => page.getByRole('article', { name: 'Ivy Invited' }).count()).toBe(0);
      await expectFocusAfter(
        'Remove Ivy Invited',
        page.getByRole('heading', { level: 1, name: 'Operators' }),
      );
      // Another operator, invited here, sets up on a phone below.
      await inviting.getByLabel('Email address').fill(oscar);
      await inviting.getByLabel('Name', { exact: true }).fill('Oscar Phone');
      await inviting.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => page.getByRole('article', { name: 'Oscar Phone' }).count()).toBe(1);

      // New recovery codes, with the keyboard only: the dialog takes focus into its password,
      // Escape gives it back to the button; a wrong password is refused at its field; the new
      // codes replace the old ones (the 360 px sign-in below uses one of them).
      const renewButton = page.getByRole('button', { name: 'Make new recovery codes…' });
      await renewButton.focus();
      await page.keyboard.press('Enter');
      const renewing = page.getByRole('dialog', { name: 'Make new recovery codes?' });
      // Polled as what has focus, so a failure says where focus went instead (and whether the
      // dialog is open at all).
      const passwordFocused = () =>
        expect
          .poll(() =>
            page.evaluate(() => {
              const focused = document.activeElement;
              const dialog = focused?.closest('dialog');
              const label = focused?.id
                ? document.querySelector(`label[for="${focused.id}"]`)
                : null;
              const where = dialog
                ? `in the ${dialog.open ? 'open' : 'closed'} dialog`
                : 'outside any dialog';
              const open = [...document.querySelectorAll('dialog[open]')].length;
              return `${focused?.tagName ?? 'nothing'} "${label?.textContent ?? focused?.textContent?.slice(0, 40) ?? ''}" ${where}; ${open} dialog(s) open`;
            }),
          )
          .toBe('INPUT "Your password" in the open dialog; 1 dialog(s) open');
      await passwordFocused();
      await expectAccessible(page, 'new recovery codes dialog');
      await page.keyboard.press('Escape');
      await expect.poll(() => renewing.count()).toBe(0);
      await expect
        .poll(() => renewButton.evaluate((el) => el === document.activeElement))
        .toBe(true);
      await page.keyboard.press('Enter');
      // Typed once the dialog has put the focus in its field (on a busy machine that is not at
      // once, and keys before it would go elsewhere).
      await passwordFocused();
      await page.keyboard.type('not my password');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => renewing.getByText('The password is not right.').count())
        .toBeGreaterThan(0);
      await expectAccessible(page, 'new recovery codes refused');
      await renewing.getByLabel('Your password').fill(OPERATOR_PASSWORD);
      await page.keyboard.press('Enter');
      await expect
        .poll(() =>
          page.getByText('New recovery codes are made. Your old ones no longer work.').count(),
        )
        .toBe(1);
      const renewed = await page
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allTextContents();
      expect(renewed).toHaveLength(10);
      expect(renewed).not.toContain(recoveryCodes[0]);
      recoveryCodes = renewed;
      await expectAccessible(page, 'new recovery codes');
      await page.getByLabel('I have saved my recovery codes somewhere safe').check();
      await page.getByRole('button', { name: 'Back to the operators' }).click();
      await heading(page, 'Operators');

      await page.getByRole('link', { name: 'Audit log' }).click();
      await heading(page, 'Audit log');
      // Pat Pending was approved twice: before and after the undo.
      await expect
        .poll(() => page.getByRole('heading', { name: 'Approved a join request' }).count())
        .toBe(2);
      for (const action of [
        'Undid a decision on a join request',
        'Declined a join request',
        'Placed a join request on a team',
        'Set up an authenticator app',
        'Created a team',
        "Changed a team's capacity",
        'Removed an operator',
      ]) {
        await expect.poll(() => page.getByRole('heading', { name: action }).count()).toBe(1);
      }
      await expect
        .poll(() => page.getByRole('heading', { name: 'Invited an operator' }).count())
        .toBe(2);
      await expectAccessible(page, 'audit log');
      await screenshot(page, 1280, 'console-audit');
      await auditLinesOf(page, 'Pat Pending', 'Dan Declined');
      await expectAccessible(page, 'audit log found by name');
    } finally {
      await wide.close();
    }

    // The approved member: the approval mail, and the team on their home.
    const approval = await mailTo(site.tracker.dataDir, 'join-approved', approved.email);
    expect(approval).toContain('See your team: ');
    const member = await site.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const home = await member.newPage();
      await signInToTracker(home, site.tracker.url, approved.email, 'member-password-1');
      await heading(home, 'Hello, Pat Pending');
      await expect.poll(() => home.getByRole('region', { name: /^Your team: / }).count()).toBe(1);
    } finally {
      await member.close();
    }

    // 360 px: signing in again with a recovery code instead of the app.
    const narrow = await site.newContext({ viewport: { width: 360, height: 740 } });
    const phone = await narrow.newPage();
    try {
      await phone.goto(`${site.tracker.url}/sign-in`);
      await phone.getByLabel('Email address').fill(SUITE_OPERATOR.email);
      await phone.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
      await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
      await heading(phone, 'Authentication code');
      await expectAccessible(phone, 'code step at 360');
      await phone.getByLabel('Authentication code').fill(recoveryCodes[0] ?? '');
      await phone.getByRole('button', { name: 'Continue' }).click();
      await heading(phone, 'Join requests');
      await expectAccessible(phone, 'queue at 360');
      await decideFoundByName(phone, 360, { approve: 'Pia Phone', decline: 'Dora Phone' });
      // Their lines in the audit log, found by name.
      await phone.goto(`${site.tracker.url}/console/audit`);
      await heading(phone, 'Audit log');
      await auditLinesOf(phone, 'Pia Phone', 'Dora Phone');
      await expectAccessible(phone, 'audit log found by name at 360');
      await phone.goto(`${site.tracker.url}/console`);
      await heading(phone, 'Join requests');
      // One bar high on a phone (it was 205 px): the links wait behind Menu.
      expect((await phone.getByRole('banner').boundingBox())?.height).toBeLessThan(100);
      const menu = phone.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(phone, 'console menu open at 360');
      await screenshot(phone, 360, 'console-menu');
      await phone.keyboard.press('Escape');
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      await expect
        .poll(() => menu.evaluate((button) => button === document.activeElement))
        .toBe(true);
      await menu.click();
      await phone.getByRole('link', { name: 'Feedback' }).click();
      await heading(phone, 'Feedback');
      // Every console page: axe, and a keyboard pass (each control Tab reaches shows its ring).
      const noRing: string[] = [];
      for (const [path, title] of [
        ['/console', 'Join requests'],
        ['/console/info-calls', 'Info calls'],
        ['/console/feedback', 'Feedback'],
        ['/console/audit', 'Audit log'],
        ['/console/teams', 'Teams'],
        ['/console/quiet', 'Quiet members'],
        ['/console/operators', 'Operators'],
      ] as const) {
        await phone.goto(`${site.tracker.url}${path}`);
        await heading(phone, title);
        await expectAccessible(phone, `${title} at 360`);
        noRing.push(...(await focusWithoutRing(phone, `${title} at 360`)));
      }
      expect(noRing).toEqual([]);
      await phone.goto(`${site.tracker.url}/console/info-calls`);
      await heading(phone, 'Info calls');
      await screenshot(phone, 360, 'console-info-calls');
      await phone.goto(`${site.tracker.url}/console/teams`);
      await heading(phone, 'Teams');
      await phone.getByRole('button', { name: 'Create a team' }).click();
      await expectAccessible(phone, 'new team at 360');
      await screenshot(phone, 360, 'console-teams');
      await phone.goto(`${site.tracker.url}/console/operators`);
      await heading(phone, 'Operators');
      await screenshot(phone, 360, 'console-operators');
      await screenshot(phone, 360, 'console-audit');
    } finally {
      await narrow.close();
    }

    // 360 px: the operator invited above sets up on a phone, from the mailed link.
    const oscarPhone = await site.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const invitation = await mailTo(site.tracker.dataDir, 'operator-added', oscar);
      const oscarToken = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(invitation)?.[1] ?? '';
      expect(oscarToken).not.toBe('');
      const codes = await setUpOperator(
        await oscarPhone.newPage(),
        site.tracker.url,
        360,
        oscar,
        oscarToken,
      );
      expect(codes).toHaveLength(10);
    } finally {
      await oscarPhone.close();
    }
  });
});
