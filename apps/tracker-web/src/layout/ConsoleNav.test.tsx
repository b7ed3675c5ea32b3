import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json } from '../../test/fakeFetch.ts';
import { renderApp } from '../../test/renderApp.tsx';

const emptyPage = () => json({ items: [], total: 0, limit: 20, offset: 0 });

async function openConsole() {
  fakeTracker({
    'GET /api/console/audit': emptyPage,
    'GET /api/console/teams/overview': emptyPage,
    'GET /api/console/focus-areas': () => json({ focusAreas: [] }),
  });
  const app = await renderApp('/console/audit');
  const toggle = await screen.findByRole('button', { name: 'Menu' });
  return { ...app, toggle, user: userEvent.setup() };
}

describe('the console menu on a small screen', () => {
  it('is a button that shows and hides the console’s links', async () => {
    const { toggle, user } = await openConsole();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menuId = toggle.getAttribute('aria-controls') ?? '';
    const menu = document.getElementById(menuId);
    expect(menu).not.toBeNull();
    expect(
      within(menu as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Join requests',
      'Teams',
      'Info calls',
      'Feedback',
      'Quiet members',
      'Operators',
      'Audit log',
    ]);
    expect(within(menu as HTMLElement).getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(nav).toContainElement(menu);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens from the keyboard, leads on to the links with Tab, and Escape closes it with focus back on the button', async () => {
    const { toggle, user } = await openConsole();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Join requests' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    const { toggle, user, router } = await openConsole();
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Teams' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/teams'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
  });
});
