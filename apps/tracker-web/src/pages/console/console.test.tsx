import type { AuditPage, JoinRequestQueue, QueuedJoinRequest } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { operator, queued } from '../../../test/console.ts';
import { fakeTracker, json, refusal, signInRequired } from '../../../test/fakeFetch.ts';
import { currentHref, renderApp } from '../../../test/renderApp.tsx';

const item = queued;

const queueOf = (items: QueuedJoinRequest[], total = items.length): JoinRequestQueue => ({
  items,
  total,
  limit: 20,
  offset: 0,
  recent: [],
});

const teams = () =>
  json({
    teams: [
      { id: 2, name: 'Morning Writers', openSeats: 3 },
      { id: 4, name: 'Night Owls', openSeats: 0 },
      { id: 6, name: 'Runners', openSeats: 1 },
    ],
  });

const operators = () =>
  json({
    operators: [
      { id: 1, name: 'Olive Operator', email: 'olive@example.com', authenticator: true, you: true },
      { id: 2, name: 'Nina New', email: 'nina@example.com', authenticator: true, you: false },
    ],
  });

const secondFactorRequired = () =>
  refusal(403, 'SECOND_FACTOR_REQUIRED', 'Enter the code from your authenticator app first.');

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), 'olive@example.com');
  await user.type(screen.getByLabelText('Password'), 'operators own password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('an operator signing in', () => {
  it('gives the authenticator code after the password; a wrong code shows at the field', async () => {
    let passed = false;
    const tracker = fakeTracker({
      'POST /api/session': () => json({ member: operator, secondFactor: 'required' }),
      'POST /api/session/second-factor': async (request) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456') {
          return refusal(401, 'INVALID_CODE', 'The code is not right.', [
            { path: 'code', message: 'The code is not right' },
          ]);
        }
        passed = true;
        return json({ member: operator, secondFactor: 'passed' });
      },
      'GET /api/console/join-requests': () =>
        passed ? json(queueOf([item()])) : secondFactorRequired(),
      'GET /api/console/teams': teams,
    });
    const { router } = await renderApp('/sign-in');
    const user = await signIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authentication code' }),
    ).toBeVisible();
    // Straight to the code step: the console is not asked first.
    expect(currentHref(router)).toBe('/second-factor');
    expect(tracker.to('GET /api/console/join-requests')).toHaveLength(0);
    expect(document.title).toBe('Authentication code | Accountability Partners Tracker');
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the code');
    expect(tracker.to('POST /api/session/second-factor')).toHaveLength(0);

    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/The code is not right/));
    expect(screen.getByRole('alert')).toHaveFocus();

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Join requests' })).toBeVisible();
    expect(currentHref(router)).toBe('/console');
  });

  it('sets the authenticator up when none is yet, and shows the 10 recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mn${i}0`);
    const tracker = fakeTracker({
      'POST /api/session': () => json({ member: operator, secondFactor: 'enrol' }),
      'GET /api/console/second-factor': () =>
        json({
          uri: 'otpauth://totp/Accountability%20Partners:olive%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Accountability%20Partners',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        }),
      'POST /api/console/second-factor': async (request) => {
        const { code } = (await request.json()) as { code: string };
        return code === '111111'
          ? json({ recoveryCodes: codes })
          : refusal(401, 'INVALID_CODE', 'The code is not right.', [
              { path: 'code', message: 'The code is not right' },
            ]);
      },
    });
    const { router } = await renderApp('/sign-in');
    const user = await signIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator app' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/console/second-factor');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    expect(screen.getByText(/^otpauth:\/\/totp\//)).toBeVisible();
    // The QR code beside the key: drawn on the page from the same URI.
    const qr = screen.getByRole('img', {
      name: 'QR code that adds this tracker to an authenticator app',
    });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);

    const field = screen.getByLabelText('Code from the app');
    await user.type(field, '222222');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/The code is not right/));
    await user.clear(field);
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your recovery codes' }),
    ).toBeVisible();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(tracker.to('POST /api/console/second-factor')).toHaveLength(2);
    // Copy, download and print are offered; the console opens once the codes are said saved.
    for (const name of ['Copy the codes', 'Download as a text file', 'Print']) {
      expect(screen.getByRole('button', { name })).toBeVisible();
    }
    expect(screen.queryByRole('link', { name: 'Go to the join requests' })).toBeNull();
    await user.click(screen.getByLabelText('I have saved my recovery codes somewhere safe'));
    expect(screen.getByRole('link', { name: 'Go to the join requests' })).toHaveAttribute(
      'href',
      '/console',
    );
  });

  it('opens the console after the password when the session needs nothing more', async () => {
    fakeTracker({
      'POST /api/session': () => json({ member: operator, secondFactor: 'passed' }),
      'GET /api/console/join-requests': () => json(queueOf([])),
      'GET /api/console/teams': teams,
    });
    const { router } = await renderApp('/sign-in');
    await signIn();
    expect(await screen.findByText('Nobody is waiting for an answer.')).toBeVisible();
    expect(currentHref(router)).toBe('/console');
  });
});

describe('the console', () => {
  it('sends a visitor to sign in, and an operator without the code to give it', async () => {
    fakeTracker({
      'GET /api/console/join-requests': signInRequired,
      'GET /api/console/teams': teams,
    });
    const first = await renderApp('/console');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/sign-in'));
    expect(first.router.state.location.search).toEqual({ next: '/console' });
    first.unmount();

    fakeTracker({
      'GET /api/console/audit': secondFactorRequired,
      'GET /api/session': () => json({ member: operator, secondFactor: 'required' }),
    });
    const second = await renderApp('/console/audit');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/second-factor'));
    second.unmount();

    fakeTracker({
      'GET /api/console/join-requests': () =>
        refusal(403, 'OPERATOR_REQUIRED', 'Only operators can use the console.'),
      'GET /api/console/teams': teams,
    });
    await renderApp('/console');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only operators can use the console.',
    );
  });

  it('finds someone by name or address: the search is sent, kept in the URL and cleared again', async () => {
    const tracker = fakeTracker({
      'GET /api/console/join-requests': (request) => {
        const q = new URL(request.url).searchParams.get('q');
        return json(q === 'ada' ? queueOf([item()]) : queueOf([item(), item({ id: 6 })], 2));
      },
      'GET /api/console/teams': teams,
    });
    const { router } = await renderApp('/console');
    expect(screen.getByText('2 waiting for an answer, oldest first.')).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Find by name or email'), '  ada ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 waiting matches “ada”, oldest first.')).toBeVisible();
    expect(currentHref(router)).toBe('/console?q=ada');
    const [, searched] = tracker.to('GET /api/console/join-requests');
    expect(new URL(searched?.url ?? '').searchParams.get('q')).toBe('ada');
    await user.click(screen.getByRole('link', { name: 'Show everyone' }));
    expect(await screen.findByText('2 waiting for an answer, oldest first.')).toBeVisible();
    expect(currentHref(router)).toBe('/console');
    expect(screen.getByLabelText('Find by name or email')).toHaveValue('');
  });

  it('narrows the queue to an area and the overdue requests, kept in the URL and across pages', async () => {
    const tracker = fakeTracker({
      'GET /api/console/join-requests': (request) => {
        const params = new URL(request.url).searchParams;
        const narrowed = params.get('area') === 'school' && params.get('overdue') === 'true';
        return json(
          narrowed
            ? { ...queueOf([item({ overdue: true, daysLeft: 0 })], 21) }
            : queueOf([item(), item({ id: 6 })], 2),
        );
      },
      'GET /api/console/teams': teams,
    });
    const { router } = await renderApp('/console');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Area'), 'School');
    await user.click(screen.getByLabelText('Overdue only'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('21 waiting and overdue on School teams, oldest first.'),
    ).toBeVisible();
    expect(currentHref(router)).toBe('/console?area=school&overdue=true');
    const [, sent] = tracker.to('GET /api/console/join-requests');
    const params = new URL(sent?.url ?? '').searchParams;
    expect([params.get('area'), params.get('overdue')]).toEqual(['school', 'true']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus());
    expect(screen.getByLabelText('Area')).toHaveDisplayValue('School');
    expect(screen.getByLabelText('Overdue only')).toBeChecked();
    // The next page is of the same requests.
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/console?area=school&overdue=true&page=2',
    );
    await user.click(screen.getByRole('link', { name: 'Show everyone' }));
    expect(await screen.findByText('2 waiting for an answer, oldest first.')).toBeVisible();
    expect(screen.getByLabelText('Area')).toHaveDisplayValue('Any area');
    expect(screen.getByLabelText('Overdue only')).not.toBeChecked();
  });

  it('refuses an unknown area or a search too long in a URL, in words, without asking', async () => {
    const tracker = fakeTracker({
      'GET /api/console/join-requests': () => json(queueOf([])),
      'GET /api/console/teams': teams,
    });
    const first = await renderApp('/console?area=sports');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose one of the areas: work, school, god, other',
    );
    first.unmount();
    await renderApp(`/console?q=${'x'.repeat(101)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Search for at most 100 characters');
    expect(tracker.to('GET /api/console/join-requests')).toHaveLength(0);
  });

  it('lists the queue with each request’s team, seats and days left, and pages through it', async () => {
    const tracker = fakeTracker({
      'GET /api/console/join-requests': (request) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return json({
          ...queueOf(
            offset === 0
              ? [
                  item(),
                  item({
                    id: 6,
                    overdue: true,
                    daysLeft: 0,
                    applicant: { id: 10, name: 'Late Larry', goal: null },
                  }),
                ]
              : [item({ id: 7, applicant: { id: 11, name: 'Page Two', goal: 'More' } })],
            25,
          ),
          offset,
        });
      },
      'GET /api/console/teams': teams,
    });
    const { router } = await renderApp('/console');
    expect(document.title).toBe('Join requests | Accountability Partners Tracker');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('25 waiting for an answer, oldest first.')).toBeVisible();
    const ada = screen.getByRole('article', { name: 'Ada Applicant' });
    expect(ada).toHaveTextContent('Ship the book');
    expect(ada).toHaveTextContent('Morning Writers (3 open seats)');
    expect(ada).toHaveTextContent('2 days left');
    const larry = screen.getByRole('article', { name: 'Late Larry' });
    expect(larry).toHaveTextContent('Overdue');
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeVisible();
    expect(screen.getByText('Page 1 of 2')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: 'Page Two' })).toBeVisible();
    expect(currentHref(router)).toBe('/console?page=2');
    const [, second] = tracker.to('GET /api/console/join-requests');
    expect(new URL(second?.url ?? '').search).toBe('?limit=20&offset=20');
  });

  it('approves, declines with a message and places a request on a team', async () => {
    let items = [
      item(),
      item({ id: 6, applicant: { id: 10, name: 'Dan Decline', goal: 'x' } }),
      item({
        id: 8,
        status: 'unmatched',
        team: null,
        applicant: { id: 12, name: 'Pat Place', goal: 'y' },
      }),
    ];
    const tracker = fakeTracker({
      'GET /api/console/join-requests': () => json(queueOf(items)),
      'GET /api/console/teams': teams,
      'POST /api/console/join-requests/5/approval': () => {
        items = items.filter((i) => i.id !== 5);
        return json({ id: 5, status: 'approved' });
      },
      'POST /api/console/join-requests/6/decline': () => {
        items = items.filter((i) => i.id !== 6);
        return json({ id: 6, status: 'declined' });
      },
      'POST /api/console/join-requests/8/placement': () =>
        refusal(409, 'TEAM_FULL', 'Team "Runners" is full.'),
    });
    await renderApp('/console');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Approve Ada Applicant' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Ada Applicant' })).not.toBeInTheDocument(),
    );
    expect(tracker.to('POST /api/console/join-requests/5/approval')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Decline Dan Decline' }));
    const message = screen.getByLabelText('Message to the applicant');
    await user.type(message, 'This team meets at night.');
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Dan Decline' })).not.toBeInTheDocument(),
    );
    const [declined] = tracker.to('POST /api/console/join-requests/6/decline');
    expect(await declined?.json()).toEqual({ message: 'This team meets at night.' });

    const pat = screen.getByRole('article', { name: 'Pat Place' });
    await user.click(within(pat).getByRole('button', { name: 'Place on team' }));
    const summary = await within(pat).findByRole('alert');
    expect(summary).toHaveTextContent('Please choose a team');
    expect(summary).toHaveFocus();
    const select = within(pat).getByLabelText('Team');
    expect(select).toHaveAccessibleDescription('Please choose a team');
    expect(
      within(select).getByRole('option', { name: 'Night Owls (0 open seats)' }),
    ).toBeDisabled();
    await user.selectOptions(select, 'Runners (1 open seat)');
    await user.click(within(pat).getByRole('button', { name: 'Place on team' }));
    await waitFor(() =>
      expect(within(pat).getByRole('alert')).toHaveTextContent('Team "Runners" is full.'),
    );
    const [placed] = tracker.to('POST /api/console/join-requests/8/placement');
    expect(await placed?.json()).toEqual({ teamId: 6 });
  });

  it('declines in a dialog (focus in the message, Escape and Cancel give focus back) and undoes a decision', async () => {
    let items = [item({ id: 6, applicant: { id: 10, name: 'Dan Decline', goal: 'x' } })];
    let recent: JoinRequestQueue['recent'] = [];
    const tracker = fakeTracker({
      'GET /api/console/join-requests': () => json({ ...queueOf(items), recent }),
      'GET /api/console/teams': teams,
      'POST /api/console/join-requests/6/decline': () => {
        items = [];
        recent = [
          { id: 6, name: 'Dan Decline', status: 'declined', undoUntil: '2030-01-01T12:01:00.000Z' },
        ];
        return json({ id: 6, status: 'declined' });
      },
      'POST /api/console/join-requests/6/undo': () => {
        items = [item({ id: 6, applicant: { id: 10, name: 'Dan Decline', goal: 'x' } })];
        recent = [];
        return json({ id: 6, status: 'pending' });
      },
    });
    await renderApp('/console');
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Decline Dan Decline' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Decline Dan Decline?' });
    expect(within(dialog).getByLabelText('Message to the applicant')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Closed and opened again within one frame, as a quick keyboard user can: focus stays in the
    // message, frames later too.
    await user.click(opener);
    fireEvent.keyDown(
      within(screen.getByRole('dialog')).getByLabelText('Message to the applicant'),
      {
        key: 'Escape',
      },
    );
    fireEvent.click(opener);
    const again = screen.getByRole('dialog', { name: 'Decline Dan Decline?' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(within(again).getByLabelText('Message to the applicant')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Decline Dan Decline?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(opener).toHaveFocus();
    expect(tracker.to('POST /api/console/join-requests/6/decline')).toHaveLength(0);

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    const strip = await screen.findByRole('region', { name: 'Just decided' });
    expect(strip).toHaveTextContent('Dan Decline declined.');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Just decided' })).toHaveFocus(),
    );
    await user.click(within(strip).getByRole('button', { name: 'Undo decline of Dan Decline' }));
    expect(await screen.findByRole('article', { name: 'Dan Decline' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Just decided' })).not.toBeInTheDocument();
    // The request is back in the queue: focus is on its card, where the next decision is made.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Dan Decline' })).toHaveFocus(),
    );
    expect(tracker.to('POST /api/console/join-requests/6/undo')).toHaveLength(1);
  });

  it('shows the audit log newest first, with what changed', async () => {
    const audit: AuditPage = {
      items: [
        {
          id: 2,
          operator: { id: 1, name: 'Olive Operator' },
          action: 'join-request.declined',
          target: 'join-request:6',
          targetName: 'Dan Decline',
          before: { status: 'pending', teamId: 2, declineReason: null },
          after: { status: 'declined', teamId: 2, declineReason: 'Night meetings' },
          at: '2025-06-05T12:00:00.000Z',
        },
        {
          id: 1,
          operator: { id: 1, name: 'Olive Operator' },
          action: 'join-request.approved',
          target: 'join-request:5',
          targetName: null,
          before: { status: 'pending', teamId: 2, declineReason: null },
          after: { status: 'approved', teamId: 2, declineReason: null },
          at: '2025-06-04T12:00:00.000Z',
        },
      ],
      total: 2,
      limit: 20,
      offset: 0,
    };
    fakeTracker({
      'GET /api/console/audit': () => json(audit),
      'GET /api/console/operators': operators,
    });
    await renderApp('/console/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const entries = within(screen.getByRole('list', { name: 'Audit log entries' })).getAllByRole(
      'article',
    );
    expect(
      entries.map((e) => e.getAttribute('aria-labelledby') && e.querySelector('h2')?.textContent),
    ).toEqual(['Declined a join request', 'Approved a join request']);
    expect(entries[0]).toHaveTextContent('declineReason: Night meetings');
    expect(entries[0]).toHaveTextContent('Olive Operator');
    // Who it was about, by name; the raw record is one click away.
    expect(entries[0]).toHaveTextContent('AboutDan Decline');
    expect(
      within(entries[0] as HTMLElement).getByText('Before and after (the record)'),
    ).toBeVisible();
    expect(entries[0]).toHaveTextContent('join-request:6');
    // A target that is gone reads by its record.
    expect(entries[1]).toHaveTextContent('Aboutjoin-request:5');
  });

  it('finds audit entries by name and by action, kept in the URL; an unknown action is refused', async () => {
    const entry = {
      id: 3,
      operator: { id: 1, name: 'Olive Operator' },
      action: 'team.created',
      target: 'team:4',
      targetName: 'Team Night Owls',
      before: null,
      after: { name: 'Night Owls' },
      at: '2025-06-05T12:00:00.000Z',
    };
    const tracker = fakeTracker({
      'GET /api/console/operators': operators,
      'GET /api/console/audit': (request) => {
        const params = new URL(request.url).searchParams;
        if (params.get('operator') === '2') {
          return json({
            items: [{ ...entry, operator: { id: 2, name: 'Nina New' } }],
            total: 1,
            limit: 20,
            offset: 0,
          });
        }
        if (params.get('q') === 'owls' && params.get('action') === 'team.created') {
          return json({ items: [entry], total: 1, limit: 20, offset: 0 });
        }
        if (params.has('q')) return json({ items: [], total: 0, limit: 20, offset: 0 });
        return json({ items: [entry], total: 1, limit: 20, offset: 0 });
      },
    });
    const { router, unmount } = await renderApp('/console/audit');
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('Find by operator or by whom it was about'),
      'owls',
    );
    await user.selectOptions(screen.getByLabelText('Action'), 'Created a team');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('1 entry naming “owls” for “Created a team”, newest first.'),
    ).toBeVisible();
    expect(currentHref(router)).toBe('/console/audit?q=owls&action=team.created');
    const [, searched] = tracker.to('GET /api/console/audit');
    const sent = new URL(searched?.url ?? '').searchParams;
    expect([sent.get('q'), sent.get('action')]).toEqual(['owls', 'team.created']);
    expect(screen.getByLabelText('Action')).toHaveDisplayValue('Created a team');

    await user.clear(screen.getByLabelText('Find by operator or by whom it was about'));
    await user.type(screen.getByLabelText('Find by operator or by whom it was about'), 'zed');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No entry naming “zed” for “Created a team”.')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Show every entry' }));
    expect(await screen.findByText('What operators did, newest first.')).toBeVisible();
    expect(currentHref(router)).toBe('/console/audit');
    expect(screen.getByLabelText('Action')).toHaveDisplayValue('Any action');
    unmount();

    const before = tracker.to('GET /api/console/audit').length;
    const refused = await renderApp('/console/audit?action=team.deleted');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose one of the actions the audit log records',
    );
    expect(tracker.to('GET /api/console/audit')).toHaveLength(before);
    refused.unmount();

    await renderApp('/console/audit?operator=nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one of the operators');
    expect(tracker.to('GET /api/console/audit')).toHaveLength(before);
  });

  it('keeps one operator’s audit entries, named in the status line and kept in the URL', async () => {
    const tracker = fakeTracker({
      'GET /api/console/operators': operators,
      'GET /api/console/audit': () => json({ items: [], total: 0, limit: 20, offset: 0 }),
    });
    const { router } = await renderApp('/console/audit');
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Operator');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any operator', 'Olive Operator', 'Nina New']);
    await user.selectOptions(select, 'Nina New');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No entry by Nina New.')).toBeVisible();
    expect(currentHref(router)).toBe('/console/audit?operator=2');
    const [, sent] = tracker.to('GET /api/console/audit');
    expect(new URL(sent?.url ?? '').searchParams.get('operator')).toBe('2');
    // The new form keeps the operator's place: focus is back on Search.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus());
    expect(screen.getByLabelText('Operator')).toHaveDisplayValue('Nina New');
  });

  it('lists the info calls with both times, and records one as held', async () => {
    let outcome: 'held' | null = null;
    const call = () => ({
      id: 3,
      name: 'Carl Caller',
      email: 'carl@example.org',
      phone: '+1 303 555 0100',
      category: 'work',
      at: '2025-06-09T19:00:00.000Z',
      outcome,
    });
    const tracker = fakeTracker({
      'GET /api/console/info-calls': () =>
        json({ items: [call()], total: 1, limit: 20, offset: 0 }),
      'POST /api/console/info-calls/3/outcome': () => {
        outcome = 'held';
        return json(call());
      },
    });
    await renderApp('/console/info-calls');
    expect(await screen.findByRole('heading', { level: 1, name: 'Info calls' })).toBeVisible();
    expect(screen.getByText(/Monday, June 9 at 1:00 PM MDT/)).toBeVisible();
    // Under its day, with that day's calls as a calendar file.
    expect(screen.getByRole('heading', { level: 2, name: 'Monday, June 9, 2025' })).toBeVisible();
    const file = screen.getByRole('link', {
      name: 'Download the day’s calls (.ics): Monday, June 9, 2025',
    });
    expect(file).toHaveAttribute('href', '/api/console/info-calls/calendar?date=2025-06-09');
    expect(file).toHaveAttribute('download', 'info-calls-2025-06-09.ics');
    expect(screen.getByRole('link', { name: '+1 303 555 0100' })).toHaveAttribute(
      'href',
      'tel:+13035550100',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /^Held/ }));
    expect(await screen.findByText('Carl Caller: Held', { selector: 'div' })).toBeVisible();
    expect(tracker.to('POST /api/console/info-calls/3/outcome')).toHaveLength(1);
    expect(await tracker.to('POST /api/console/info-calls/3/outcome')[0]?.json()).toEqual({
      outcome: 'held',
    });
  });

  it('lists the feedback by area and marks an entry read', async () => {
    let readAt: string | null = null;
    const entry = () => ({
      id: 8,
      name: 'Nora No',
      email: 'nora@example.org',
      feedback: 'Not the right time for me.',
      category: 'school',
      sentAt: '2025-06-05T12:00:00.000Z',
      readAt,
    });
    const tracker = fakeTracker({
      'GET /api/console/feedback': () => json({ items: [entry()], total: 1, limit: 20, offset: 0 }),
      'POST /api/console/feedback/8/read': () => {
        readAt = '2025-06-06T12:00:00.000Z';
        return json(entry());
      },
    });
    await renderApp('/console/feedback?category=school');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    expect(screen.getByText('Not the right time for me.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'school' })).toHaveAttribute('aria-current', 'page');
    const asked = tracker.to('GET /api/console/feedback')[0];
    expect(new URL(asked?.url ?? 'http://x').searchParams.get('category')).toBe('school');
    await userEvent.setup().click(screen.getByRole('button', { name: /^Mark read/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark read/ })).toBeNull());
    expect(tracker.to('POST /api/console/feedback/8/read')).toHaveLength(1);
  });
});
