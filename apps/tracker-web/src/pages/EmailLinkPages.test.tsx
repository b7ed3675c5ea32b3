import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, refusal } from '../../test/fakeFetch.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe("a reminder's check-in link", () => {
  it('records nothing until pressed, and keeps the button after a failed press', async () => {
    let presses = 0;
    const tracker = fakeTracker({
      'GET /api/email-links/check-in': () =>
        json({ answer: 'yes', date: '2026-06-09', state: 'ready' }),
      'POST /api/email-links/check-in': () => {
        presses += 1;
        return presses === 1
          ? json({ message: 'internal' }, 503)
          : json({ message: 'Yes is recorded for Tuesday, June 9.' });
      },
    });
    await renderApp('/check-in?token=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Did you do that thing?' }),
    ).toBeVisible();
    expect(document.title).toMatch(/^Check in/);
    expect(screen.getByText(/for Tuesday, June 9\?/)).toBeVisible();
    expect(tracker.to('POST /api/email-links/check-in')).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again in a moment.',
    );
    await user.click(screen.getByRole('button', { name: 'Record Yes' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Yes is recorded for Tuesday, June 9.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record Yes' })).toBeNull();
    expect(await tracker.to('POST /api/email-links/check-in')[1]?.json()).toEqual({
      token: 'abc',
    });
  });

  it.each([
    ['used', 'This link was used already. You can change your answer on your home page.'],
    ['expired', 'This link has expired. Check in on your home page instead.'],
  ] as const)('says when a link was %s, and offers nothing', async (state, message) => {
    fakeTracker({
      'GET /api/email-links/check-in': () => json({ answer: 'no', date: '2026-06-09', state }),
    });
    await renderApp('/check-in?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Record Not today' })).toBeNull();
  });

  it('says a link without its token is not valid', async () => {
    fakeTracker({});
    await renderApp('/check-in');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. Open the newest reminder email.',
    );
  });
});

describe("a mail's unsubscribe link", () => {
  it('says which kind it stops, changes nothing until pressed, and stops it with one press', async () => {
    const tracker = fakeTracker({
      'GET /api/email-links/unsubscribe': () => json({ kind: 'recaps' }),
      'POST /api/email-links/unsubscribe': () =>
        json({
          message:
            'You will get no more weekly recaps. Turn them on again any time on your Reminders page.',
        }),
    });
    await renderApp('/unsubscribe?token=good');
    const button = await screen.findByRole('button', { name: 'Stop weekly recaps' });
    expect(screen.getByText(/We will stop emailing you the Sunday email/)).toBeVisible();
    expect(tracker.to('POST /api/email-links/unsubscribe')).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(button);
    const answer = await screen.findByText(/You will get no more weekly recaps\./);
    await waitFor(() => expect(answer).toHaveFocus());
    expect(tracker.to('POST /api/email-links/unsubscribe')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Turn emails on or off' })).toBeVisible();
  });

  it('shows why an unknown token cannot be used, with no button', async () => {
    fakeTracker({
      'GET /api/email-links/unsubscribe': () =>
        refusal(404, 'TOKEN_NOT_FOUND', 'This link is not valid. Open the newest email from us.'),
    });
    await renderApp('/unsubscribe?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. Open the newest email from us.',
    );
    expect(screen.queryByRole('button', { name: /^Stop/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Turn emails on or off' })).toBeVisible();
  });
});
