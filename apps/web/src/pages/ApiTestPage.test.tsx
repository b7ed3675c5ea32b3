import { API_KEY_PREFIX, UPLOADS_PATH } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSiteApi, json } from '../../test/fakeFetch.ts';
import { renderApp } from '../../test/renderApp.tsx';

const ada = {
  id: 11,
  name: 'Ada Lovelace',
  image: 'seed/ada.webp',
  about: 'Mathematician',
  goalSummary: 'Write the first program',
  status: 'Active',
};

const teams = [
  {
    id: 1,
    name: 'Early Risers',
    focusAreaId: 1,
    focusRoleId: 7,
    members: [{ id: 100, status: 'Active', user: ada }],
  },
  { id: 2, name: 'Night Owls', focusAreaId: 2, focusRoleId: 4, members: [] },
];

const focusAreas = {
  focusAreas: [
    {
      id: 1,
      name: 'Work',
      description: 'Career goals',
      focusRoles: [{ id: 7, name: 'Professional' }],
    },
    { id: 2, name: 'School', description: null, roles: [{ id: 4, name: 'Student' }] },
  ],
};

const roleAreas = [
  { id: 7, name: 'Professional', description: 'People at work' },
  { id: 4, name: 'Student', description: null },
];

function status(overrides: Record<string, unknown> = {}) {
  return {
    apiBaseUrl: 'http://127.0.0.1:4000',
    apiKeyExists: true,
    apiKeyLength: 28,
    apiKeyPrefix: API_KEY_PREFIX,
    environment: 'test',
    testConnection: { success: true, status: 200, statusText: 'OK', error: null },
    serverTime: '2026-01-02T03:04:05.000Z',
    nodeVersion: 'v24.21.0',
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/api-test', () => {
  it('lists teams with focus and role area ids and names, members, focus areas with roles and role areas', async () => {
    fakeSiteApi({
      'GET /api/proxy/teams': () => json(teams),
      'GET /api/proxy/focus-areas': () => json(focusAreas),
      'GET /api/proxy/role-areas': () => json(roleAreas),
    });
    await renderApp('/api-test');
    expect(screen.getByRole('tab', { name: 'API Test' })).toHaveAttribute('aria-selected', 'true');

    const teamsSection = await screen.findByRole('region', { name: 'Teams (2)' });
    const first = within(teamsSection).getAllByRole('article')[0];
    if (!first) throw new Error('no team card');
    expect(within(first).getByRole('heading', { name: 'Early Risers' })).toBeInTheDocument();
    expect(first).toHaveTextContent('ID1');
    expect(first).toHaveTextContent('Focus area1 (Work)');
    expect(first).toHaveTextContent('Role area7 (Professional)');
    const member = within(first).getByRole('listitem');
    expect(member).toHaveTextContent('Ada Lovelace');
    expect(member).toHaveTextContent('“Write the first program”');
    expect(within(member).getByRole('presentation')).toHaveAttribute(
      'src',
      `${UPLOADS_PATH}/seed/ada.webp`,
    );

    const focus = screen.getByRole('region', { name: 'Focus areas (2)' });
    expect(within(focus).getByText('Professional')).toBeInTheDocument();
    expect(within(focus).getByText('Student')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Role areas (2)' })).toHaveTextContent(
      'People at work',
    );
  });

  it('loads the lists again on Refresh', async () => {
    const user = userEvent.setup();
    let answers = 0;
    fakeSiteApi({
      'GET /api/proxy/teams': () => {
        answers += 1;
        return json(answers === 1 ? teams.slice(0, 1) : teams);
      },
      'GET /api/proxy/focus-areas': () => json(focusAreas),
      'GET /api/proxy/role-areas': () => json(roleAreas),
    });
    await renderApp('/api-test');
    expect(await screen.findByRole('region', { name: 'Teams (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('region', { name: 'Teams (2)' })).toBeInTheDocument();
  });

  it('loads the team picked in the selector, and shows "Error: {message}" when that fails', async () => {
    const user = userEvent.setup();
    fakeSiteApi({
      'GET /api/proxy/teams': () => json(teams),
      'GET /api/proxy/focus-areas': () => json(focusAreas),
      'GET /api/proxy/role-areas': () => json(roleAreas),
      'GET /api/proxy/teams/1': () => json(teams[0]),
      'GET /api/proxy/teams/2': () => new Response('tracker down', { status: 502 }),
    });
    await renderApp('/api-test');
    const select = await screen.findByRole('combobox', { name: 'Choose a team' });

    await user.selectOptions(select, '1');
    const detail = await screen.findByRole('article', { name: 'Team Early Risers' });
    expect(detail).toHaveTextContent('Ada Lovelace');

    await user.selectOptions(select, '2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: 502: tracker down');
  });

  it('shows the status fields, a healthy connection and the last-checked time', async () => {
    const user = userEvent.setup();
    fakeSiteApi({
      'GET /api/proxy/teams': () => json([]),
      'GET /api/proxy/focus-areas': () => json([]),
      'GET /api/proxy/role-areas': () => json([]),
      'GET /api/status': () => json(status()),
    });
    await renderApp('/api-test');
    await user.click(screen.getByRole('tab', { name: 'API Status' }));
    const panel = screen.getByRole('tabpanel', { name: 'API Status' });
    expect(await within(panel).findByText('Connection Successful')).toBeInTheDocument();
    expect(panel).toHaveTextContent('API keyPresent');
    expect(panel).toHaveTextContent('Key length28 (expected 28)');
    expect(panel).toHaveTextContent(`Key prefix${API_KEY_PREFIX}`);
    expect(panel).toHaveTextContent('Environmenttest');
    expect(panel).toHaveTextContent('Node.jsv24.21.0');
    expect(
      within(panel).getByText('Last checked').nextElementSibling?.querySelector('time'),
    ).toHaveAttribute('datetime');
    expect(within(panel).queryByText('Unexpected API key length')).not.toBeInTheDocument();
  });

  it('warns about a key whose length is not 28, and shows Connection Failed with the error', async () => {
    const user = userEvent.setup();
    fakeSiteApi({
      'GET /api/proxy/teams': () => json([]),
      'GET /api/proxy/focus-areas': () => json([]),
      'GET /api/proxy/role-areas': () => json([]),
      'GET /api/status': () =>
        json(
          status({
            apiKeyLength: 12,
            testConnection: {
              success: false,
              status: null,
              statusText: null,
              error: 'connect ECONNREFUSED',
            },
          }),
        ),
    });
    await renderApp('/api-test');
    await user.click(screen.getByRole('tab', { name: 'API Status' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Unexpected API key lengthThe API key is 12 characters long; expected 28.',
      'Connection Failedconnect ECONNREFUSED',
    ]);
  });

  it('does not warn about the length of a missing key (length 0)', async () => {
    const user = userEvent.setup();
    fakeSiteApi({
      'GET /api/proxy/teams': () => json([]),
      'GET /api/proxy/focus-areas': () => json([]),
      'GET /api/proxy/role-areas': () => json([]),
      'GET /api/status': () =>
        json(status({ apiKeyExists: false, apiKeyLength: 0, apiKeyPrefix: '' })),
    });
    await renderApp('/api-test');
    await user.click(screen.getByRole('tab', { name: 'API Status' }));
    const panel = screen.getByRole('tabpanel', { name: 'API Status' });
    expect(await within(panel).findByText('Missing')).toBeInTheDocument();
    expect(within(panel).queryByText('Unexpected API key length')).not.toBeInTheDocument();
  });

  it('says "Error checking API status" when the status call fails', async () => {
    const user = userEvent.setup();
    fakeSiteApi({
      'GET /api/proxy/teams': () => json([]),
      'GET /api/proxy/focus-areas': () => json([]),
      'GET /api/proxy/role-areas': () => json([]),
      'GET /api/status': () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });
    await renderApp('/api-test');
    await user.click(screen.getByRole('tab', { name: 'API Status' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error checking API status');
    expect(alert).toHaveTextContent('503: Service Unavailable');
  });

  it('moves between the tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    fakeSiteApi({
      'GET /api/proxy/teams': () => json([]),
      'GET /api/proxy/focus-areas': () => json([]),
      'GET /api/proxy/role-areas': () => json([]),
      'GET /api/status': () => json(status()),
    });
    await renderApp('/api-test');
    screen.getByRole('tab', { name: 'API Test' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'API Status' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'API Status' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
