import { type CheckInStatus, localDay, openDays } from '@app/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, noContent } from '../../../test/fakeFetch.ts';
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
  const held = new Map<string, { day: string; answer: string; note: string }>();
  const line = { up: true, puts: 0 };
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const at = '2025-06-10T17:05:00.000Z';
  fakeTracker({
    'GET /api/me': () => (line.up ? json(onTeam) : offline()),
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
      held.set(body.day, body);
      return json({ ...body, note: body.note || null, createdAt: at, updatedAt: at });
    },
  });
  return { held, line };
}

const today = () => localDay(new Date(), ZONE);
const todayForm = async () => within(await screen.findByRole('form', { name: /^Today, / }));

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
    expect([...held.values()]).toEqual([{ day: today(), answer: 'yes', note: 'On the train' }]);
    const sent = await todayForm();
    await waitFor(() => expect(sent.getByText(/saved at/)).toBeVisible());
    expect(sent.queryByText(/kept on this device/)).toBeNull();
  });

  it('shows the kept home after a reload offline, and sends the answer at the next visit online', async () => {
    const { held, line } = network();
    await renderApp('/');
    await todayForm();
    cleanup();

    // The tab is opened again without a connection: the home as it was, and the card.
    line.up = false;
    await renderApp('/');
    expect(await screen.findByText(/^You are offline\./)).toHaveTextContent(
      /This is your home as it was on .+ at .+\. A check-in you answer now is sent when the connection is back\./,
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
    expect([...held.values()]).toEqual([{ day: today(), answer: 'not-today', note: '' }]);
    expect(screen.queryByText(/^You are offline\./)).toBeNull();
  });

  it('reads the home again when the connection is back, with no answer waiting', async () => {
    const { line } = network();
    await renderApp('/');
    await todayForm();
    cleanup();

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
});
