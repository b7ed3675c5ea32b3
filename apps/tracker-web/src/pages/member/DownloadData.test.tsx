import type { MemberExport } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTracker, json, refusal } from '../../../test/fakeFetch.ts';
import { account, home } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const exported: MemberExport = {
  format: 'member-export/1',
  exportedAt: '2026-11-02T18:00:00.000Z',
  profile: {
    id: account.id,
    name: account.name,
    email: account.email,
    emailConfirmedAt: null,
    goalSummary: account.goalSummary,
    aboutMe: account.aboutMe,
    timeZone: null,
    role: 'member',
    status: 'Active',
    createdAt: '2026-10-01T10:00:00.000Z',
  },
  photo: null,
  joinRequests: [],
  memberships: [],
  checkIns: [],
  cheers: { given: [], received: [] },
  replies: { given: [], received: [] },
  nudges: { sent: [], received: [] },
  reminders: { settings: null, sentOn: [] },
  mailSettings: { weeklyRecap: null, dailyDigest: null },
  pauses: [],
  sessions: [],
  devices: [],
  passkeys: [],
  mails: [],
};

afterEach(() => vi.restoreAllMocks());

async function press(routes: Parameters<typeof fakeTracker>[0]) {
  // jsdom makes no object URLs: the file handed to the browser is caught here.
  const made: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    made.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  const tracker = fakeTracker({ 'GET /api/me': () => json(home()), ...routes });
  await renderApp('/profile');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Download my data' }));
  return { tracker, made };
}

describe("the profile's Download my data", () => {
  it('reads the export and hands it to the browser as a JSON file', async () => {
    const { tracker, made } = await press({ 'GET /api/me/export': () => json(exported) });
    expect(
      await screen.findByText('Your data is downloading.', { selector: 'div' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(tracker.to('GET /api/me/export')).toHaveLength(1);
    expect(made).toHaveLength(1);
    const [file] = made;
    expect(file?.type).toBe('application/json');
    expect(JSON.parse((await file?.text()) ?? '')).toEqual(exported);
  });

  it("shows the tracker's refusal and hands over no file", async () => {
    const { made } = await press({
      'GET /api/me/export': () =>
        refusal(429, 'RATE_LIMITED', 'Too many requests. Try again soon.'),
    });
    expect(
      await screen.findByText('Too many requests. Try again soon.', {}, { timeout: 5000 }),
    ).toBeVisible();
    await waitFor(() => expect(made).toHaveLength(0));
  });
});
