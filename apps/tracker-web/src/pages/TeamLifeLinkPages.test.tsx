import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, refusal } from '../../test/fakeFetch.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('the "we miss you" links', () => {
  it('show what the answer does and give it only when the button is pressed', async () => {
    const tracker = fakeTracker({
      'GET /api/email-links/quiet': () =>
        json({ action: 'pause', team: 'Night Owls', state: 'ready' }),
      'POST /api/email-links/quiet': () =>
        json({
          message:
            'Paused until Monday, June 16. Your seat is kept, and no reminders come until then.',
        }),
    });
    await renderApp('/we-miss-you?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'We miss you' })).toBeVisible();
    expect(screen.getByText(/pause for a week from today.*\(Team Night Owls\)/)).toBeVisible();
    expect(tracker.to('POST /api/email-links/quiet')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pause me for a week' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Paused until Monday, June 16. Your seat is kept, and no reminders come until then.',
    );
    expect(await tracker.to('POST /api/email-links/quiet')[0]?.json()).toEqual({ token: 'abc' });
    expect(screen.queryByRole('button', { name: 'Pause me for a week' })).toBeNull();
  });

  it.each([
    ['back', "I'm back"],
    ['leave', 'Leave the team'],
  ] as const)('label the %s answer "%s"', async (action, label) => {
    fakeTracker({
      'GET /api/email-links/quiet': () => json({ action, team: 'Night Owls', state: 'ready' }),
    });
    await renderApp('/we-miss-you?token=abc');
    expect(await screen.findByRole('button', { name: label })).toBeVisible();
  });

  it('say when a link was used, and when it is not known', async () => {
    fakeTracker({
      'GET /api/email-links/quiet': (request) =>
        new URL(request.url).searchParams.get('token') === 'used'
          ? json({ action: 'back', team: null, state: 'used' })
          : refusal(
              404,
              'TOKEN_NOT_FOUND',
              'This link is not valid. Open the newest email from us.',
            ),
    });
    await renderApp('/we-miss-you?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link was used already. Your home page shows where you stand.',
    );
    expect(screen.queryByRole('button', { name: "I'm back" })).toBeNull();
  });
});

describe('the weekly recap’s unsubscribe link', () => {
  it('stops the recaps with one press', async () => {
    const tracker = fakeTracker({
      'POST /api/email-links/recap-unsubscribe': () =>
        json({
          message:
            'You will get no more weekly recaps. Your team, check-ins and reminders stay as they are.',
        }),
    });
    await renderApp('/stop-recaps?token=xyz');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Stop weekly recaps' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will get no more weekly recaps.',
    );
    const sent = tracker.to('POST /api/email-links/recap-unsubscribe')[0];
    expect(new URL(sent?.url ?? 'http://x').searchParams.get('token')).toBe('xyz');
  });
});
