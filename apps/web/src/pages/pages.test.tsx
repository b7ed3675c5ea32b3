import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';

function linkTo(name: string | RegExp, href: string) {
  const links = screen.getAllByRole('link', { name });
  expect(links.map((link) => link.getAttribute('href'))).toContain(href);
}

describe('marketing pages', () => {
  it.each(['/', '/how-it-works', '/success-stories', '/about-us', '/pricing', '/nope'])(
    '%s has exactly one h1',
    async (path) => {
      await renderApp(path);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );

  it('home: hero, the four areas, features, testimonials, process and scripture sections', async () => {
    await renderApp('/');
    linkTo('Get Started', '/onboarding');
    const hero = screen.getByRole('img', { name: /teammates/ });
    expect(hero).toHaveAttribute('width', '640');
    // The largest thing on a phone's first screen comes with the page, not a second request.
    expect(decodeURIComponent(hero.getAttribute('src') ?? '')).toMatch(
      /^data:image\/svg\+xml,<svg [^>]*viewBox="0 0 640 480"/,
    );

    const areas = screen.getByRole('region', { name: 'Around which area would you like support?' });
    for (const [area, description] of [
      ['work', 'Professional goals, projects and career.'],
      ['school', 'Academics, studying and assignments.'],
      ['god', 'Spiritual practices, devotions and faith-based commitments.'],
      ['other', 'Personal projects, health goals and habits.'],
    ] as const) {
      const card = within(areas).getByText(description).closest('a');
      expect(card).toHaveAttribute('href', `/onboarding/${area}/role`);
    }

    const features = screen.getByRole('region', { name: 'How We Help You Achieve Your Goals' });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(3);

    const people = screen.getByRole('region', { name: 'What People Are Saying' });
    expect(within(people).getAllByRole('img', { name: /Portrait of/ })).toHaveLength(2);
    expect(within(people).getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(2);
    expect(within(people).getAllByRole('blockquote')).toHaveLength(2);

    const process = screen.getByRole('region', { name: 'Our Process for Your Success' });
    expect(within(process).getByRole('img', { name: /formula/ })).toBeInTheDocument();
    expect(within(process).getByRole('link', { name: 'Get Success - Try It Out' })).toHaveAttribute(
      'href',
      '/onboarding',
    );

    expect(screen.getByText(/spur one another on/)).toBeInTheDocument();
    expect(screen.getByText('Hebrews 10:24')).toBeInTheDocument();
    linkTo('How It Works', '/how-it-works');
  });

  it('how it works: the seven ingredients, numbered and in order, and Get Started', async () => {
    await renderApp('/how-it-works');
    const section = screen.getByRole('region', { name: 'The 7 Ingredients' });
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading').textContent);
    expect(items).toEqual([
      '1. Goal Setting',
      '2. Accountability',
      '3. Tracking Progress',
      '4. Pre-Commitment Devices and Pre-Planning',
      '5. Social Expectations',
      '6. Timely Dose-Sized Productivity Content',
      '7. Top Coaches',
    ]);
    linkTo('Get Started', '/onboarding');
  });

  it('success stories: six cards with name, role, photo, quote, achievement and a 1-5 rating', async () => {
    await renderApp('/success-stories');
    const cards = screen.getAllByRole('figure');
    expect(cards).toHaveLength(6);
    for (const card of cards) {
      expect(within(card).getByRole('img', { name: /Portrait of/ })).toHaveAttribute('height');
      expect(within(card).getByRole('img', { name: /Rated [1-5] out of 5/ })).toBeInTheDocument();
      expect(within(card).getByText(/Achievement:/)).toBeInTheDocument();
      expect(within(card).getByRole('blockquote')).toBeInTheDocument();
    }
    linkTo('Get Started', '/onboarding');
  });

  it('about us: mission, vision, three bios and six news items with their badges', async () => {
    await renderApp('/about-us');
    expect(screen.getByRole('heading', { name: 'Our Mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Vision' })).toBeInTheDocument();
    const team = screen.getByRole('region', { name: 'Our Team' });
    expect(within(team).getAllByRole('article')).toHaveLength(3);
    const news = screen.getByRole('region', { name: 'In the News' });
    expect(within(news).getAllByRole('article')).toHaveLength(6);
    for (const badge of ['Award', 'Feature', 'Funding', 'Research', 'Interview', 'Partnership']) {
      expect(within(news).getByText(badge, { exact: true })).toBeInTheDocument();
    }
  });

  it('pricing: $0 for all users, freemium in 30-60 days, and a button to onboarding', async () => {
    await renderApp('/pricing');
    expect(screen.getByText('$0')).toBeInTheDocument();
    expect(screen.getByText('for all users')).toBeInTheDocument();
    expect(screen.getByText(/freemium model is planned in 30-60 days/)).toBeInTheDocument();
    linkTo('Get Started', '/onboarding');
  });

  it('sets a page title per page', async () => {
    await renderApp('/about-us');
    expect(document.title).toBe('About Us | Accountability Partners');
  });
});
