import { type CheckInStatus, localDay, openDays } from '@app/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fakeTracker,
  json,
  noContent,
  refusal,
  SESSION,
  signInRequired,
} from '../../../test/fakeFetch.ts';
import { home, request, teammates } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const ZONE = 'Europe/London';
const onTeam = home({
  joinRequest: request({ status: 'approved' }),
  team: { id: 2, name: 'Deep Work Crew', members: teammates },
});

/** Today's check-in as the tracker offers it now (the kept copy's days follow the clock). */
function status(): CheckInStatus {
  return {
    goal: 'Write one page of my book every day.',
    timeZone: ZONE,
    days: openDays(new Date(), ZONE).map(({ day, which, closesAt }) => ({
      day,
      which,
      closesAt: closesAt.toISOString(),
      checkIn: null,
    })),
    streaks: { current: 4, longest: 9, currentYes: 1 },
    pause: null,
    calendar: [],
    reactions: [],
  };
}

/**
 * The tracker, with a switch for the connection: without one every call fails as a browser's
 * fetch does. It holds the answers it was sent, one per day, as the PUT does.
 */
function network() {
  const held = new Map<string, { day: string; answer: string; note: string; givenAt?: string }>();
  const line = {
    up: true,
    puts: 0,
    /** The session the tracker names with the home (another one: the member signed in again). */
    session: SESSION,
    /** The member the session is of. */
    member: onTeam,
    /** A PUT's answer instead of the tracker's usual one. */
    answer: null as (() => Response) | null,
  };
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const at = '2025-06-10T17:05:00.000Z';
  fakeTracker({
    'GET /api/me': () => (line.up ? json({ ...line.member, session: line.session }) : offline()),
    'GET /api/me/check-ins': () => {
      if (!line.up) return offline();
      const now = status();
      return json({
        ...now,
        days: now.days.map((d) => {
          const answer = held.get(d.day);
          return answer ? { ...d, checkIn: { ...answer, createdAt: at, updatedAt: at } } : d;
        }),
      });
    },
    'PUT /api/me/check-ins': async (req) => {
      if (!line.up) return offline();
      const body = (await req.json()) as { day: string; answer: string; note: string };
      line.puts += 1;
      if (line.answer) return line.answer();
      held.set(body.day, body);
      return json({ ...body, note: body.note || null, createdAt: at, updatedAt: at });
    },
  });
  return { held, line };
}

const today = () => localDay(new Date(), ZONE);
const todayForm = async () => within(await screen.findByRole('form', { name: /^Today, / }));

/** The home read once with the connection up, and the tab closed: a kept copy on the device. */
async function homeKept() {
  const net = network();
  await renderApp('/');
  await todayForm();
  cleanup();
  return net;
}

/** The home read online, then `answer` given on today's card without a connection: kept, unsent. */
async function answeredOffline(answer: 'Yes' | 'Not today') {
  const net = network();
  await renderApp('/');
  const form = await todayForm();
  net.line.up = false;
  await userEvent.setup().click(form.getByRole('button', { name: answer }));
  await form.findByText(/kept on this device/);
  return net;
}

describe('the check-in without a connection', () => {
  it('keeps an answer given offline, says it will be sent, and sends it once when the connection is back', async () => {
    const { held, line } = network();
    await renderApp('/');
    const form = await todayForm();
    line.up = false;
    const user = userEvent.setup();
    await user.type(form.getByLabelText('Note (optional)'), 'On the train');
    await user.click(form.getByRole('button', { name: 'Yes' }));
    expect(await form.findByText(/kept on this device/)).toHaveTextContent(
      'Your answer: Yes (“On the train”), kept on this device. It will be sent when the connection is back.',
    );
    expect(form.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    expect(line.puts).toBe(0);

    line.up = true;
    // Browsers may say so more than once; the answer is sent once.
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Your check-in is sent: Yes')).toBeVisible();
    expect(line.puts).toBe(1);
    expect([...held.values()]).toEqual([
      { day: today(), answer: 'yes', note: 'On the train', givenAt: expect.any(String) },
    ]);
    const sent = await todayForm();
    await waitFor(() => expect(sent.getByText(/saved at/)).toBeVisible());
    expect(sent.queryByText(/kept on this device/)).toBeNull();
  });

  it('shows the kept home after a reload offline, and sends the answer at the next visit online', async () => {
    const { held, line } = await homeKept();

    // The tab is opened again without a connection: the home as it was, and the card.
    line.up = false;
    await renderApp('/');
    expect(await screen.findByText(/^You are offline\./)).toHaveTextContent(
      /This is the home of Ada Lovelace as it was on .+ at .+\. A check-in you answer now is sent for Ada Lovelace when the connection is back\./,
    );
    expect(screen.getByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeVisible();
    const form = await todayForm();
    await userEvent.setup().click(form.getByRole('button', { name: 'Not today' }));
    expect(await form.findByText(/kept on this device/)).toHaveTextContent(
      'Your answer: Not today, kept on this device. It will be sent when the connection is back.',
    );
    cleanup();

    // Closed and opened again with the connection back: the waiting answer goes out once.
    line.up = true;
    await renderApp('/');
    expect(await screen.findByText('Your check-in is sent: Not today')).toBeVisible();
    expect(line.puts).toBe(1);
    const [sent] = [...held.values()];
    expect(sent).toEqual({
      day: today(),
      answer: 'not-today',
      note: '',
      givenAt: expect.any(String),
    });
    expect(Date.parse(sent?.givenAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(screen.queryByText(/^You are offline\./)).toBeNull();
  });

  it('reads the home again when the connection is back, with no answer waiting', async () => {
    const { line } = await homeKept();

    line.up = false;
    await renderApp('/');
    expect(await screen.findByText(/^You are offline\./)).toBeVisible();
    line.up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/^You are offline\./)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeVisible();
    expect(line.puts).toBe(0);
  });

  it('keeps nothing of the member on the device once they sign out', async () => {
    const offline = () =>
      Object.keys(localStorage).filter((key) => key.startsWith('tracker.offline.'));
    network();
    await renderApp('/');
    await todayForm();
    expect(offline()).not.toEqual([]);
    const { to } = fakeTracker({ 'DELETE /api/session': () => noContent() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(to('DELETE /api/session')).toHaveLength(1));
    await waitFor(() => expect(offline()).toEqual([]));
  });

  it('shows what the tracker kept when a newer answer was given elsewhere, and drops its own', async () => {
    const { line } = await answeredOffline('Not today');
    // Meanwhile a Yes was given on another device, at 18:05 in London.
    const newer = {
      day: today(),
      answer: 'yes',
      note: 'Ran 5 km',
      createdAt: '2025-06-10T17:05:00.000Z',
      updatedAt: '2025-06-10T17:05:00.000Z',
    };
    line.answer = () =>
      refusal(412, 'CHECK_IN_NEWER', 'A newer answer was given after this one.', {
        checkIn: newer,
      });
    line.up = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Your newer answer is kept: Yes')).toBeVisible();
    expect(
      screen.getByText(
        /, you answered Yes at 6:05 PM, after the Not today kept on this device; that one was not sent\.$/,
      ),
    ).toBeVisible();
    expect(line.puts).toBe(1);
    expect(pendingKeys()).toEqual([]);
  });

  it("keeps nothing of one session for another: a home read in a new one removes the old one's answers unsent", async () => {
    const { line } = await answeredOffline('Yes');
    expect(pendingKeys()).toHaveLength(1);
    cleanup();

    // Another person signs in on this browser: the home of another session, another member.
    line.up = true;
    line.session = { ...SESSION, tag: 'session-two' };
    line.member = home({ ...onTeam, account: { ...onTeam.account, id: 99, name: 'Bo Other' } });
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Bo Other' })).toBeVisible();
    await todayForm();
    await waitFor(() => expect(pendingKeys()).toEqual([]));
    expect(line.puts).toBe(0);
    expect(kept()?.member).toBe(99);
  });

  it('shows no kept home once the browser was closed (its session went with it), and forgets it', async () => {
    const { line } = await homeKept();
    expect(kept()?.member).toBe(onTeam.account.id);
    // Closing the browser drops its session cookies: the page's mark, as the session's own.
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser dropping it
    document.cookie = 'tracker_kept=; Path=/; Max-Age=0';
    line.up = false;
    await renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load your page' }),
    ).toBeVisible();
    expect(screen.queryByText(/Ada Lovelace/)).toBeNull();
    expect(kept()).toBeNull();
  });

  it('shows no kept home past the end of its session', async () => {
    const { line } = network();
    line.session = { ...SESSION, endsAt: new Date(Date.now() + 60_000).toISOString() };
    await renderApp('/');
    await todayForm();
    cleanup();
    line.up = false;
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      await renderApp('/');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'We could not load your page' }),
      ).toBeVisible();
      expect(kept()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the answers waiting when the tracker says the session has ended', async () => {
    const { line } = await answeredOffline('Yes');
    cleanup();
    line.up = true;
    fakeTracker({ 'GET /api/me': () => signInRequired() });
    await renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(pendingKeys()).toEqual([]);
    expect(kept()).toBeNull();
    expect(line.puts).toBe(0);
  });
});

const pendingKeys = () =>
  Object.keys(localStorage).filter((key) => key.startsWith('tracker.offline.check-in.'));
const kept = () => {
  const text = localStorage.getItem('tracker.offline.home');
  return text === null ? null : (JSON.parse(text) as { member: number });
};
