import { readFile } from 'node:fs/promises';
import { MEMBER_EXPORT_FORMAT, MemberExport } from '@app/contracts';
import type { Download, Page } from '@playwright/test';
import { expectAccessibleEach } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { WINDOWS } from './onboarding.ts';
import { heading, operatorAtConsole } from './operator.ts';
import { EXPORT_SEAT, signInToTracker, testSite } from './site.ts';

/**
 * A member's own data, in Chromium against the real site and its embedded tracker: a member
 * downloads everything the tracker holds about them from their profile page, and the file parses with the published schema (`MemberExport` in the
 * contracts, `apps/tracker/docs/member-export.md`); an operator exports the same member from the
 * console's Quiet members page. The member then deletes their account, and the operator's next
 * export of them, from the card still on their screen, is refused and saves no file; the page
 * read again no longer lists them. None of it depends on the width: at 360 px (the console's
 * links behind its Menu), each screen held to 1280 px too with axe at both.
 *
 * The member is quiet for weeks (made in the data directory before the tracker starts,
 * `EXPORT_SEAT`), since the console offers a member's export on their quiet member card.
 */

const site = testSite();

/** Clicks `button` and returns the downloaded file's name and its text parsed as JSON. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const text = await readFile(await (file as Download).path(), 'utf8');
  return { name: file.suggestedFilename(), json: JSON.parse(text) as unknown };
}

const [width, height] = WINDOWS[0];

test(`at ${width} px a member downloads their data from the profile, which the schema accepts, and once they delete their account an operator's export no longer holds them`, async () => {
  test.setTimeout(240_000);
  const { seat, operator } = EXPORT_SEAT;
  const { member, team } = seat;
  const deskContext = await site.newContext({ viewport: { width, height } });
  const phone = await site.visitor(width, height);
  try {
    // The operator, set up through the API, finds the member on the Quiet members page.
    const desk = await deskContext.newPage();
    await operatorAtConsole(desk, site.tracker, operator.email);
    // At 360 px the console's links are behind its Menu button.
    await desk.getByRole('button', { name: 'Menu' }).click();
    await desk.getByRole('link', { name: 'Quiet members' }).click();
    await heading(desk, 'Quiet members');
    const card = desk.getByRole('article', { name: `${member.name} (Team ${team})` });
    const exportButton = card.getByRole('button', { name: 'Export data' });
    await expect.poll(() => exportButton.count()).toBe(1);
    await expectAccessibleEach(desk, 'Quiet members');

    // The member downloads their data from their profile.
    const { page } = phone;
    await signInToTracker(page, site.tracker.url, member.email, member.password);
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await heading(page, 'Your profile');
    await expectAccessibleEach(page, 'profile');
    const own = await download(page, () =>
      page.getByRole('button', { name: 'Download my data' }).click(),
    );
    expect(own.name).toMatch(/^member-\d+-data-\d{4}-\d{2}-\d{2}\.json$/);
    const mine = MemberExport.safeParse(own.json);
    expect(mine.error?.issues ?? []).toEqual([]);
    const data = mine.data;
    if (data === undefined) throw new Error('the export did not parse');
    expect(data.format).toBe(MEMBER_EXPORT_FORMAT);
    expect(data.profile).toMatchObject({ name: member.name, email: member.email });
    expect(data.memberships.map((each) => each.team.name)).toEqual([team]);
    // The session this browser signed in with is there, by its times only.
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByText('Your data is downloading.').count()).toBeGreaterThan(0);
    await expectAccessibleEach(page, 'profile after the download');

    // The operator's export of the same member is the same member's file.
    const theirs = await download(desk, () => exportButton.click());
    const exported = MemberExport.parse(theirs.json);
    expect(exported.profile).toEqual(data.profile);
    await expect
      .poll(() => desk.getByText(`${member.name}'s data is downloading.`, { exact: false }).count())
      .toBeGreaterThan(0);
    await expectAccessibleEach(desk, 'Quiet members after an export');

    // The member deletes their account.
    const deletion = page.getByRole('region', { name: 'Delete account' });
    await deletion.getByLabel('Your password').fill(member.password);
    await deletion.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessibleEach(page, 'delete the account, the dialog');
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL(/\/sign-in/);
    await expect.poll(() => page.getByText('Your account was deleted.').count()).toBeGreaterThan(0);
    await expectAccessibleEach(page, 'sign-in after the deletion');

    // The operator's next export, from the card still on their screen, is refused: no file.
    const files: Download[] = [];
    desk.on('download', (file) => files.push(file));
    await exportButton.click();
    await expect
      .poll(() => desk.getByText(`${member.name}'s data was not exported`).count())
      .toBeGreaterThan(0);
    await expectAccessibleEach(desk, 'a refused export');
    expect(files).toEqual([]);
    // Read again, the page no longer lists them.
    await desk.reload();
    await heading(desk, 'Quiet members');
    await expect
      .poll(
        async () =>
          (await desk.getByRole('article').count()) +
          (await desk.getByText('Nobody is quiet right now.').count()),
      )
      .toBeGreaterThan(0);
    expect(await card.count()).toBe(0);
    expect(await desk.getByText(member.name).count()).toBe(0);
  } finally {
    await phone.context.close();
    await deskContext.close();
  }
});
