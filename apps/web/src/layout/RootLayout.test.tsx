import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';

describe('the site shell', () => {
  it('shows the logo link home, the four page links and Sign In opening the tracker in a new tab', async () => {
    await renderApp('/pricing');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Accountability Partners' })).toHaveAttribute(
      'href',
      '/',
    );
    for (const [name, href] of [
      ['How It Works', '/how-it-works'],
      ['Success Stories', '/success-stories'],
      ['About Us', '/about-us'],
      ['Pricing', '/pricing'],
    ] as const) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const signIn = within(nav).getByRole('link', { name: /Sign In/ });
    expect(signIn).toHaveAttribute('href', '/sign-in');
    expect(signIn).toHaveAttribute('target', '_blank');
    expect(signIn).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has a footer with quick links, resources, two social links and this year', async () => {
    await renderApp('/');
    const footer = screen.getByRole('contentinfo');
    const resources = within(footer).getByRole('navigation', { name: 'Resources' });
    for (const name of ['Blog', 'FAQ', 'Privacy Policy', 'Terms of Service']) {
      expect(within(resources).getByRole('link', { name })).toBeInTheDocument();
    }
    const social = within(footer).getByRole('navigation', { name: 'Follow Us' });
    expect(within(social).getAllByRole('link')).toHaveLength(2);
    expect(within(footer).getByRole('navigation', { name: 'Quick Links' })).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });

  it('opens and closes the small-screen menu with the toggle and closes it with Escape', async () => {
    const user = userEvent.setup();
    await renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menuId = toggle.getAttribute('aria-controls');
    expect(menuId && document.getElementById(menuId)).toBeTruthy();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the open menu when a link is followed', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Pricing' }));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the not-found page with a developer hint for an unknown path', async () => {
    await renderApp('/no-such-page');
    expect(
      screen.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Developer hint/)).toBeInTheDocument();
  });

  it('sends an unknown onboarding category to the home page and a bare category to its role step', async () => {
    const bad = await renderApp('/onboarding/bogus');
    expect(bad.router.state.location.pathname).toBe('/');
    bad.unmount();
    const good = await renderApp('/onboarding/school');
    expect(good.router.state.location.pathname).toBe('/onboarding/school/role');
  });

  it('shows the not-found page for a step the onboarding does not have', async () => {
    await renderApp('/onboarding/work/bogus');
    expect(
      screen.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('focus after navigation', () => {
  it('moves focus to the main region when a marketing page link is followed', async () => {
    const user = userEvent.setup();
    await renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'About Us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
