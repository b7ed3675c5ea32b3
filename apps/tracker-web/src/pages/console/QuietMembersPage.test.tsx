import type { QuietMember } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, refusal } from '../../../test/fakeFetch.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const sid = (overrides: Partial<QuietMember> = {}): QuietMember => ({
  id: 12,
  name: 'Sid Silent',
  email: 'sid@example.org',
  team: { id: 4, name: 'Night Owls' },
  quietDays: 11,
  since: '2025-06-02',
  lastAnswer: '2025-05-30',
  lastContact: { at: '2025-06-05T18:00:00.000Z', what: 'we-miss-you' },
  ...overrides,
});

describe('the console’s Quiet members page', () => {
  it('lists each quiet member with their days, last answer and last contact, and sends a note', async () => {
    let members = [sid()];
    const tracker = fakeTracker({
      'GET /api/session': () =>
        json({
          member: { id: 1, name: 'Olive Operator', role: 'operator' },
          secondFactor: 'passed',
        }),
      'GET /api/console/quiet-members': () =>
        json({ members, total: members.length, limit: 20, offset: 0 }),
      'POST /api/console/quiet-members/12/notes': () => {
        members = [sid({ lastContact: { at: '2025-06-16T15:00:00.000Z', what: 'note' } })];
        return json({ message: 'Your note to Sid Silent is on its way.' }, 201);
      },
    });
    await renderApp('/console/quiet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiet members' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Quiet members' })).toHaveAttribute(
      'href',
      '/console/quiet',
    );
    const card = screen.getByRole('article', { name: 'Sid Silent (Team Night Owls)' });
    expect(within(card).getByText('11 check-in days, since Monday, June 2')).toBeVisible();
    expect(within(card).getByText('Friday, May 30')).toBeVisible();
    expect(within(card).getByText(/"We miss you" email/)).toBeVisible();

    const user = userEvent.setup();
    // An empty note is refused at the field, and nothing is sent.
    await user.click(within(card).getByRole('button', { name: 'Send note' }));
    expect(within(card).getByLabelText('Write to Sid Silent')).toHaveAccessibleDescription(
      expect.stringContaining('Write a note first'),
    );
    expect(tracker.to('POST /api/console/quiet-members/12/notes')).toHaveLength(0);
    await user.type(within(card).getByLabelText('Write to Sid Silent'), 'How are you doing?');
    await user.click(within(card).getByRole('button', { name: 'Send note' }));
    expect(await screen.findByText('Your note to Sid Silent is on its way.')).toBeVisible();
    expect(await tracker.to('POST /api/console/quiet-members/12/notes')[0]?.json()).toEqual({
      message: 'How are you doing?',
    });
    expect(await within(card).findByText(/A note from us/)).toBeVisible();
  });

  it('frees a seat after a confirmation naming who gets it, says who got it, and undoes it; a refusal is shown in words', async () => {
    let members = [sid(), sid({ id: 13, name: 'Nell Noanswer', quietDays: 10 })];
    const tracker = fakeTracker({
      'GET /api/console/quiet-members': () =>
        json({ members, total: members.length, limit: 20, offset: 0 }),
      'GET /api/console/quiet-members/12/seat-release': () =>
        json({ heir: { joinRequestId: 40, name: 'Wanda Waiting' } }),
      'GET /api/console/quiet-members/13/seat-release': () => json({ heir: null }),
      'POST /api/console/quiet-members/12/seat-release': () => {
        members = members.filter((m) => m.id !== 12);
        return json({
          id: 12,
          placed: { joinRequestId: 40, name: 'Wanda Waiting' },
          undoUntil: new Date(Date.now() + 60_000).toISOString(),
        });
      },
      'POST /api/console/quiet-members/12/seat-release/undo': () => {
        members = [sid(), ...members];
        return json({
          id: 12,
          team: { id: 4, name: 'Night Owls' },
          waiting: { joinRequestId: 40, name: 'Wanda Waiting' },
        });
      },
      'POST /api/console/quiet-members/13/seat-release': () =>
        refusal(
          409,
          'NOT_QUIET',
          'Nell Noanswer is not a quiet member: fewer than 10 check-in days without an answer.',
        ),
    });
    await renderApp('/console/quiet');
    const card = await screen.findByRole('article', { name: 'Sid Silent (Team Night Owls)' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Free the seat' }));
    const dialog = await within(card).findByRole('dialog', { name: "Free Sid Silent's seat?" });
    expect(
      within(dialog).getByText(/The seat goes to Wanda Waiting, whose request then waits/),
    ).toBeVisible();
    expect(tracker.to('POST /api/console/quiet-members/12/seat-release')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(card).getByRole('button', { name: 'Free the seat' }));
    await user.click(
      within(await within(card).findByRole('dialog')).getByRole('button', {
        name: 'Yes, free the seat',
      }),
    );
    const said =
      "Sid Silent's seat on Team Night Owls went to Wanda Waiting, whose request now waits for approval.";
    const freed = await screen.findByRole('region', { name: 'Seat freed' });
    expect(within(freed).getByText(said)).toBeVisible();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Seat freed' })),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Sid Silent (Team Night Owls)' })).toBeNull(),
    );

    await user.click(within(freed).getByRole('button', { name: "Undo freeing Sid Silent's seat" }));
    const back = await screen.findByRole('region', { name: 'Seat given back' });
    expect(
      within(back).getByText(
        "Sid Silent is back on Team Night Owls; Wanda Waiting's request waits for a team again. No email was sent.",
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Seat given back' })),
    );
    expect(tracker.to('POST /api/console/quiet-members/12/seat-release/undo')).toHaveLength(1);

    const nell = screen.getByRole('article', { name: 'Nell Noanswer (Team Night Owls)' });
    await user.click(within(nell).getByRole('button', { name: 'Free the seat' }));
    const nobody = await within(nell).findByRole('dialog');
    expect(
      within(nobody).getByText(/Nobody is waiting for this team or its area and role/),
    ).toBeVisible();
    await user.click(within(nobody).getByRole('button', { name: 'Yes, free the seat' }));
    expect(
      await screen.findByText(
        'Nell Noanswer is not a quiet member: fewer than 10 check-in days without an answer.',
      ),
    ).toBeVisible();
    expect(tracker.to('POST /api/console/quiet-members/13/seat-release')).toHaveLength(1);
  });

  it('says so when nobody is quiet', async () => {
    fakeTracker({
      'GET /api/console/quiet-members': () => json({ members: [], total: 0, limit: 20, offset: 0 }),
    });
    await renderApp('/console/quiet');
    expect(await screen.findByText('Nobody is quiet right now.')).toBeVisible();
  });

  it('shows twenty at a time and pages through the rest', async () => {
    const tracker = fakeTracker({
      'GET /api/session': () =>
        json({
          member: { id: 1, name: 'Olive Operator', role: 'operator' },
          secondFactor: 'passed',
        }),
      'GET /api/console/quiet-members': (request) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        const members = [sid({ id: 100 + offset, name: `Quiet Number ${offset + 1}` })];
        return json({ members, total: 45, limit: 20, offset });
      },
    });
    await renderApp('/console/quiet');
    expect(await screen.findByText('Quiet Number 1')).toBeVisible();
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Quiet Number 21')).toBeVisible();
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    const asked = tracker
      .to('GET /api/console/quiet-members')
      .map((r) => new URL(r.url).searchParams.get('offset'));
    expect(asked).toEqual(['0', '20']);
  });
});
