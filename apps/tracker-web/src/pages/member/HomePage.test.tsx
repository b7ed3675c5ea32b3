import { UPLOADS_PATH } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, noContent, refusal } from '../../../test/fakeFetch.ts';
import { account, home, request, standing, teammates } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

async function openHome(data = home()) {
  const tracker = fakeTracker({ 'GET /api/me': () => json(data) });
  const app = await renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' });
  return { ...app, tracker };
}

function joinRequestCard() {
  return within(screen.getByRole('region', { name: 'Your join request' }));
}

describe("the member's home", () => {
  it('has its title, one h1 and its regions', async () => {
    const { tracker } = await openHome();
    expect(document.title).toBe('Home | Accountability Partners Tracker');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByRole('navigation', { name: 'Your pages' })).toBeInTheDocument();
    expect(tracker.to('GET /api/me/home')[0]?.credentials).toBe('same-origin');
  });

  it('shows a pending request with its team, the day it was sent and the day of the answer', async () => {
    await openHome(home({ joinRequest: request({ status: 'pending' }) }));
    const card = joinRequestCard();
    expect(card.getByText('Morning Writers')).toBeVisible();
    expect(card.getByText('June 4, 2025')).toHaveAttribute('datetime', '2025-06-04T12:00:00.000Z');
    expect(card.getByText('Pending: we answer within 5 days, by Monday, June 9.')).toBeVisible();
  });

  it('says a team is being found for an unmatched request', async () => {
    await openHome(home({ joinRequest: request({ status: 'unmatched', team: null }) }));
    const card = joinRequestCard();
    expect(card.getByText('We are finding you a team.')).toBeVisible();
    expect(card.getByText('Not chosen yet')).toBeVisible();
  });

  it('shows an approved request while the member is on the team', async () => {
    await openHome(
      home({
        joinRequest: request({ status: 'approved', decidedAt: '2025-06-05T12:00:00.000Z' }),
        team: { id: 3, name: 'Morning Writers', members: teammates },
      }),
    );
    expect(joinRequestCard().getByText('Approved')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Find/ })).toBeNull();
  });

  it('offers an unmatched applicant to choose a team themselves', async () => {
    await openHome(home({ joinRequest: request({ status: 'unmatched', team: null }) }));
    expect(joinRequestCard().getByRole('link', { name: 'Choose a team yourself' })).toHaveAttribute(
      'href',
      '/find-a-team',
    );
  });

  it.each([
    ['left', 'You left Team Morning Writers', null],
    [
      'seatFreed.settled',
      'Your seat on Team Morning Writers was freed',
      'We had not heard from you for a while, so your seat went to someone waiting for one.',
    ],
    ['seatFreed.undoable', 'Your seat on Team Morning Writers was freed', null],
  ] as const)(
    'after %s, says where they stand and how to find a team, not the old request',
    async (state, title, why) => {
      await openHome(
        home({
          standing: standing(state),
          joinRequest: request({ status: 'approved', decidedAt: '2025-06-05T12:00:00.000Z' }),
        }),
      );
      const card = within(screen.getByRole('region', { name: title }));
      if (why !== null) expect(card.getByText(why)).toBeVisible();
      expect(
        card.getByText(
          'Your account and your profile stay. Whenever you are ready, choose a team again.',
        ),
      ).toBeVisible();
      expect(card.getByRole('link', { name: 'Find a team' })).toHaveAttribute(
        'href',
        '/find-a-team',
      );
      expect(screen.queryByRole('region', { name: 'Your join request' })).toBeNull();
      expect(screen.queryByText('Approved')).toBeNull();
    },
  );

  it('offers a person who never had a team to find one', async () => {
    await openHome(home({ joinRequest: null }));
    const card = within(screen.getByRole('region', { name: 'You are not on a team yet' }));
    expect(card.getByRole('link', { name: 'Find a team' })).toHaveAttribute('href', '/find-a-team');
  });

  it("shows a declined request with the operator's reason and a way to find another team", async () => {
    await openHome(
      home({
        joinRequest: request({
          status: 'declined',
          decidedAt: '2025-06-05T12:00:00.000Z',
          declineReason: 'This team meets at 6 am, which your time zone makes 3 am.',
        }),
      }),
    );
    const card = joinRequestCard();
    expect(card.getByText('Declined')).toBeVisible();
    expect(
      card.getByText('This team meets at 6 am, which your time zone makes 3 am.'),
    ).toBeVisible();
    expect(card.getByRole('link', { name: 'Find another team' })).toHaveAttribute(
      'href',
      '/find-a-team',
    );
  });

  it('shows no team section until the member is on a team', async () => {
    await openHome(home({ team: null }));
    expect(screen.queryByRole('region', { name: /Your team/ })).not.toBeInTheDocument();
  });

  it("shows the team's members, with photos or initials, and marks the member's own card", async () => {
    await openHome(
      home({
        joinRequest: request({ status: 'approved' }),
        team: { id: 3, name: 'Morning Writers', members: teammates },
      }),
    );
    const team = within(screen.getByRole('region', { name: 'Your team: Morning Writers' }));
    const cards = team.getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const [own, other] = cards.map((card) => within(card));
    expect(own?.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'src',
      `${UPLOADS_PATH}/seed/ada.svg`,
    );
    expect(own?.getByRole('heading', { name: 'Ada Lovelace You' })).toBeVisible();

    expect(other?.queryByRole('img')).toBeNull();
    expect(other?.getByTestId('initials')).toHaveTextContent('GH');
    expect(other?.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    expect(other?.getByText('Run three times a week.')).toBeVisible();
    expect(other?.getByText('Navy officer; I like compilers.')).toBeVisible();
    expect(other?.queryByText('You')).toBeNull();
  });

  it('summarises the profile with the email and whether it is confirmed', async () => {
    await openHome();
    const profile = within(screen.getByRole('region', { name: 'Your profile' }));
    expect(profile.getByText('Write one page of my book every day.')).toBeVisible();
    expect(profile.getByText('Mathematician and writer.')).toBeVisible();
    expect(profile.getByText('ada@example.com')).toBeVisible();
    expect(profile.getByText('(Confirmed)')).toBeVisible();
    // A stored upload key is served from this origin's uploads.
    expect(profile.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'src',
      `${UPLOADS_PATH}/uploads-key/ada.webp`,
    );
    expect(profile.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile');
  });

  it('says when the email is not confirmed yet', async () => {
    await openHome(home({ account: { ...account, emailConfirmed: false, photo: null } }));
    const profile = within(screen.getByRole('region', { name: 'Your profile' }));
    expect(profile.getByText('(Not confirmed yet)')).toBeVisible();
    expect(profile.getByTestId('initials')).toHaveTextContent('AL');
  });

  it('offers a retry, and no internals, when the home cannot be read', async () => {
    let calls = 0;
    fakeTracker({
      'GET /api/me': () => {
        calls += 1;
        return calls === 1
          ? refusal(500, 'INTERNAL_ERROR', 'relation "users" does not exist')
          : json(home());
      },
    });
    await renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load your page' }),
    ).toBeVisible();
    expect(document.body).not.toHaveTextContent('relation');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }),
    ).toBeVisible();
  });

  it('signs out and goes to sign-in', async () => {
    const { router, tracker } = await openHome();
    tracker.fetch.mockClear();
    const signOut = fakeTracker({ 'DELETE /api/session': () => noContent() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(signOut.to('DELETE /api/session')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('offers the confirmation email again while the address is not confirmed', async () => {
    const data = home({ account: { ...account, emailConfirmed: false } });
    const tracker = fakeTracker({
      'GET /api/me': () => json(data),
      'POST /api/me/confirmation-email': () =>
        json(
          { message: 'If that address is waiting for confirmation, a new link is on its way.' },
          202,
        ),
    });
    await renderApp('/');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Resend confirmation email' }));
    expect(
      await screen.findByText(
        'If that address is waiting for confirmation, a new link is on its way.',
        {
          selector: 'div',
        },
      ),
    ).toBeVisible();
    expect(tracker.to('POST /api/me/confirmation-email')).toHaveLength(1);
  });

  it('does not offer it once the address is confirmed', async () => {
    await openHome(home({ account: { ...account, emailConfirmed: true } }));
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).toBeNull();
  });

  it('leaves the team after confirming, and shows the home without it', async () => {
    const onTeam = home({
      joinRequest: request({ status: 'approved', team: { id: 2, name: 'Deep Work Crew' } }),
      team: { id: 2, name: 'Deep Work Crew', members: teammates },
    });
    let current = onTeam;
    const tracker = fakeTracker({
      'GET /api/me': () => json(current),
      'POST /api/me/team-departure': () => {
        current = { ...onTeam, team: null, standing: standing('left') };
        return noContent();
      },
    });
    await renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Leave the team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Team Deep Work Crew?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, stay' }));
    expect(tracker.to('POST /api/me/team-departure')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Leave the team' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Yes, leave the team',
      }),
    );
    expect(
      await screen.findByText('You left Team Deep Work Crew.', { selector: 'div' }),
    ).toBeVisible();
    expect(tracker.to('POST /api/me/team-departure')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: /Your team/ })).toBeNull());
    const left = within(screen.getByRole('region', { name: 'You left Team Deep Work Crew' }));
    expect(left.getByRole('link', { name: 'Find a team' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your join request' })).toBeNull();
  });
});
