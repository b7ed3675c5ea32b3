import { type ConsoleTeam, SEARCH_MAX } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, refusal } from '../../../test/fakeFetch.ts';
import { currentHref, renderApp } from '../../../test/renderApp.tsx';

const team = (overrides: Partial<ConsoleTeam> = {}): ConsoleTeam => ({
  id: 2,
  name: 'Morning Writers',
  focusArea: { id: 1, name: 'Work' },
  role: { id: 10, name: 'Employee' },
  capacity: 5,
  active: 2,
  pending: 1,
  liveHolds: 1,
  openSeats: 1,
  members: [
    { id: 1, name: 'Ada Active', email: 'ada@example.com', status: 'Active' },
    { id: 2, name: 'Bo Active', email: 'bo@example.com', status: 'Active' },
    { id: 3, name: 'Pia Pending', email: 'pia@example.com', status: 'Pending' },
  ],
  ...overrides,
});

const areas = () =>
  json({
    focusAreas: [
      { id: 1, name: 'Work', roles: [{ id: 10, name: 'Employee' }] },
      { id: 4, name: 'Other', roles: [] },
    ],
  });

describe('the Teams page', () => {
  it('shows each team’s seats and members; a capacity below them is refused at its field', async () => {
    let current = team();
    const tracker = fakeTracker({
      'GET /api/console/teams/overview': () =>
        json({ items: [current], total: 1, limit: 20, offset: 0 }),
      'GET /api/console/focus-areas': areas,
      'PUT /api/console/teams/2/capacity': async (request) => {
        const { capacity } = (await request.json()) as { capacity: number };
        if (capacity < 3) {
          return refusal(
            409,
            'CAPACITY_BELOW_MEMBERS',
            'Team "Morning Writers" has 3 Active and Pending members: its capacity cannot be less than 3.',
            [{ path: 'capacity', message: 'Capacity must be at least 3' }],
          );
        }
        current = team({ capacity, openSeats: capacity - 4 });
        return json(current);
      },
    });
    await renderApp('/console/teams');
    const card = await screen.findByRole('article', { name: 'Morning Writers' });
    const user = userEvent.setup();
    // Closed at first: its name, area and seats in one line, the rest one click away.
    expect(within(card).getByText('Work, Employee')).toBeVisible();
    expect(within(card).getByText('1 of 5 seats open')).toBeVisible();
    expect(within(card).getByText('2 Active, 1 Pending, 1 held now')).not.toBeVisible();
    await user.click(within(card).getByText('Morning Writers'));
    expect(within(card).getByText('2 Active, 1 Pending, 1 held now')).toBeVisible();
    expect(within(card).getByText('1 seat')).toBeVisible();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Ada ActiveActiveada@example.com',
      'Bo ActiveActivebo@example.com',
      'Pia PendingPendingpia@example.com',
    ]);

    const field = within(card).getByLabelText('Capacity');
    await user.clear(field);
    await user.type(field, '2');
    await user.click(
      within(card).getByRole('button', { name: 'Save capacity of Morning Writers' }),
    );
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Capacity must be at least 3/));
    await user.clear(field);
    await user.click(
      within(card).getByRole('button', { name: 'Save capacity of Morning Writers' }),
    );
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Please enter the number of seats/),
    );
    expect(tracker.to('PUT /api/console/teams/2/capacity')).toHaveLength(1);
    await user.type(field, '8');
    await user.click(
      within(card).getByRole('button', { name: 'Save capacity of Morning Writers' }),
    );
    await waitFor(() => expect(within(card).getByText('8 seats')).toBeVisible());
    // The reload kept the team open where the operator was working.
    expect(within(card).getByText('4 of 8 seats open')).toBeVisible();
  });

  it('jumps to a team from the list at the top: it opens, with focus on it', async () => {
    fakeTracker({
      'GET /api/console/teams/overview': () =>
        json({
          items: [
            team(),
            team({ id: 3, name: 'Night Owls', openSeats: 0, members: [] }),
            team({ id: 4, name: 'Runners', focusArea: null, role: null }),
          ],
          total: 3,
          limit: 20,
          offset: 0,
        }),
      'GET /api/console/focus-areas': areas,
    });
    await renderApp('/console/teams');
    const jump = await screen.findByRole('navigation', { name: 'Jump to a team' });
    expect(
      within(jump)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Morning Writers', 'Night Owls', 'Runners']);
    const owls = screen.getByRole('article', { name: 'Night Owls' });
    expect(within(owls).getByText('Full (5 seats)')).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Runners' })).getByText('No focus area, any role'),
    ).toBeVisible();
    expect(within(owls).getByText('Nobody yet.')).not.toBeVisible();

    await userEvent.setup().click(within(jump).getByRole('link', { name: 'Night Owls' }));
    expect(within(owls).getByText('Nobody yet.')).toBeVisible();
    expect(
      within(owls).getByText('Night Owls', { selector: 'h2' }).closest('summary'),
    ).toHaveFocus();
    expect(
      within(screen.getByRole('article', { name: 'Morning Writers' })).getByText('Taken'),
    ).not.toBeVisible();
  });

  it('creates a team: the role list follows the area, and an area without roles takes none', async () => {
    const tracker = fakeTracker({
      'GET /api/console/teams/overview': () =>
        json({ items: [team()], total: 1, limit: 20, offset: 0 }),
      'GET /api/console/focus-areas': areas,
      'POST /api/console/teams': async (request) =>
        json(team({ id: 9, ...((await request.json()) as object) }), 201),
    });
    await renderApp('/console/teams');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create a team' }));
    const form = screen.getByRole('form', { name: 'Create a team' });
    await user.click(within(form).getByRole('button', { name: 'Create team' }));
    expect(await within(form).findAllByText('Please enter the team name')).toHaveLength(2);
    expect(tracker.to('POST /api/console/teams')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Team name'), 'Night Owls');
    await user.selectOptions(within(form).getByLabelText('Focus area'), 'Work');
    expect(
      within(within(form).getByLabelText('Role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a role', 'Employee']);
    await user.selectOptions(within(form).getByLabelText('Focus area'), 'Other');
    expect(within(form).getByLabelText('Role')).toHaveDisplayValue('Any role (this area has none)');
    await user.click(within(form).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(tracker.to('POST /api/console/teams')).toHaveLength(1));
    const [sent] = tracker.to('POST /api/console/teams');
    expect(await sent?.json()).toEqual({
      name: 'Night Owls',
      focusAreaId: 4,
      focusRoleId: null,
      capacity: 6,
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Create a team' })).not.toBeInTheDocument(),
    );
  });

  it('finds teams by name or by a member’s name or email: the search is sent, kept in the URL and cleared again', async () => {
    const tracker = fakeTracker({
      'GET /api/console/teams/overview': (request) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q === 'wren') return json({ items: [team()], total: 1, limit: 20, offset: 0 });
        if (q !== null) return json({ items: [], total: 0, limit: 20, offset: 0 });
        return json({
          items: [team(), team({ id: 3, name: 'Night Owls' })],
          total: 2,
          limit: 20,
          offset: 0,
        });
      },
      'GET /api/console/focus-areas': areas,
    });
    const { router } = await renderApp('/console/teams');
    const user = userEvent.setup();
    const box = await screen.findByLabelText(
      'Find a team by its name, or a member’s name or email',
    );
    await user.type(box, '  wren ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 team matches “wren”, oldest first.')).toBeVisible();
    expect(currentHref(router)).toBe('/console/teams?q=wren');
    const [, searched] = tracker.to('GET /api/console/teams/overview');
    expect(new URL(searched?.url ?? '').searchParams.get('q')).toBe('wren');
    expect(
      screen.getAllByRole('article').map((card) => card.querySelector('h2')?.textContent),
    ).toEqual(['Morning Writers']);

    await user.clear(screen.getByLabelText('Find a team by its name, or a member’s name or email'));
    await user.type(
      screen.getByLabelText('Find a team by its name, or a member’s name or email'),
      'nobody',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No team matches “nobody”.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Teams' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Show every team' }));
    expect(await screen.findByRole('article', { name: 'Night Owls' })).toBeInTheDocument();
    expect(currentHref(router)).toBe('/console/teams');
    expect(
      screen.getByLabelText('Find a team by its name, or a member’s name or email'),
    ).toHaveValue('');
  });

  it('keeps the teams of one area, with a search or without, in the URL and across pages', async () => {
    const tracker = fakeTracker({
      'GET /api/console/teams/overview': (request) => {
        const params = new URL(request.url).searchParams;
        if (params.get('area') === 'other') {
          const other = team({ id: 5, name: 'Makers', focusArea: { id: 4, name: 'Other' } });
          return json({ items: [other], total: 21, limit: 20, offset: 0 });
        }
        return json({ items: [team()], total: 1, limit: 20, offset: 0 });
      },
      'GET /api/console/focus-areas': areas,
    });
    const { router } = await renderApp('/console/teams');
    const user = userEvent.setup();
    const area = await screen.findByLabelText('Area');
    expect(
      within(area)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any area', 'Work', 'School', 'God', 'Other']);
    await user.selectOptions(area, 'Other');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('21 teams in Other, oldest first.')).toBeVisible();
    expect(currentHref(router)).toBe('/console/teams?area=other');
    const [, sent] = tracker.to('GET /api/console/teams/overview');
    expect(new URL(sent?.url ?? '').searchParams.get('area')).toBe('other');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/console/teams?area=other&page=2',
    );
    await user.click(screen.getByRole('link', { name: 'Show every team' }));
    expect(await screen.findByRole('article', { name: 'Morning Writers' })).toBeInTheDocument();
    expect(screen.getByLabelText('Area')).toHaveDisplayValue('Any area');
  });

  it('refuses an unknown area in the URL, in words, without asking the tracker', async () => {
    const tracker = fakeTracker({
      'GET /api/console/teams/overview': () => json({ items: [], total: 0, limit: 20, offset: 0 }),
      'GET /api/console/focus-areas': areas,
    });
    await renderApp('/console/teams?area=sports');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one of the areas');
    expect(tracker.to('GET /api/console/teams/overview')).toHaveLength(0);
  });

  it('refuses a search longer than the tracker takes, in words, without asking the tracker', async () => {
    const tracker = fakeTracker({
      'GET /api/console/teams/overview': () => json({ items: [], total: 0, limit: 20, offset: 0 }),
      'GET /api/console/focus-areas': areas,
    });
    await renderApp(`/console/teams?q=${'x'.repeat(SEARCH_MAX + 1)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Search for at most ${SEARCH_MAX} characters`,
    );
    expect(tracker.to('GET /api/console/teams/overview')).toHaveLength(0);
  });
});
