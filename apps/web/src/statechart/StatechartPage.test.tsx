import {
  initialContext,
  onboardingMachine,
  SNAPSHOT_STORAGE_KEY,
  serialiseSnapshot,
} from '@app/onboarding';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import { StatechartPage } from './StatechartPage.tsx';

const NOW = Date.UTC(2025, 0, 6, 9, 0, 0);

/** The JSON the onboarding tab stores for a machine in `value`, as the app writes it. */
function storedSnapshot(value: StateValue, holdSecondsLeft: number | null): string {
  const snapshot = onboardingMachine.resolveState({
    value,
    context: {
      ...initialContext({ now: NOW }),
      category: 'work',
      holdExpiresAt: holdSecondsLeft === null ? null : NOW + holdSecondsLeft * 1000,
    },
  });
  const json = serialiseSnapshot(snapshot, onboardingMachine.getPersistedSnapshot(snapshot));
  if (json === null) throw new Error('the app would not store this snapshot');
  return json;
}

/** What another tab's write looks like to this one: storage changes, then a `storage` event. */
function otherTabWrites(value: string | null) {
  act(() => {
    if (value === null) localStorage.removeItem(SNAPSHOT_STORAGE_KEY);
    else localStorage.setItem(SNAPSHOT_STORAGE_KEY, value);
    window.dispatchEvent(
      new StorageEvent('storage', { key: SNAPSHOT_STORAGE_KEY, newValue: value }),
    );
  });
}

function stateItem(id: string): HTMLElement {
  const name = screen.getAllByText(id, { selector: 'span' })[0];
  const item = name?.closest('li');
  if (!item) throw new Error(`no list item for ${id}`);
  return item;
}

function drawnState(container: HTMLElement, id: string): Element {
  const group = container.querySelector(`svg g[data-state="${id}"]`);
  if (group === null) throw new Error(`no drawing of ${id}`);
  return group;
}

afterEach(() => localStorage.clear());

describe('statechart page', () => {
  it('has a title, a heading, an accessible drawing and every state in the text list', () => {
    const { container } = render(<StatechartPage />);
    expect(document.title).toBe('Onboarding statechart | Accountability Partners');
    expect(screen.getByRole('heading', { level: 1, name: 'Onboarding statechart' })).toBeVisible();
    const drawing = screen.getByRole('img', { name: 'Onboarding statechart' });
    expect(drawing).toHaveAccessibleDescription(/states .* transitions/);
    for (const id of ['category', 'matched.step.intro', 'matched.hold.expired', 'thankYou']) {
      expect(stateItem(id)).toBeInTheDocument();
      expect(drawnState(container, id)).toBeInTheDocument();
    }
    expect(
      within(stateItem('matched.step.intro')).getByText(
        'on intro.submit [validName]: to matched.step.goal',
      ),
    ).toBeInTheDocument();
  });

  it('says plainly when no onboarding is running and highlights nothing', () => {
    const { container } = render(<StatechartPage />);
    expect(screen.getByRole('status')).toHaveTextContent('No onboarding is running.');
    expect(container.querySelectorAll('[data-active]')).toHaveLength(0);
    expect(container.querySelectorAll('[aria-current]')).toHaveLength(0);
  });

  it('highlights the states of the onboarding stored by another tab, with its step, route and hold', () => {
    localStorage.setItem(
      SNAPSHOT_STORAGE_KEY,
      storedSnapshot({ matched: { step: 'intro', hold: 'counting' } }, 312),
    );
    const { container } = render(<StatechartPage />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'An onboarding is running in another tab, on “Your name”.',
    );
    expect(screen.getByText('/onboarding/work/intro')).toBeInTheDocument();
    expect(screen.getByText('Held, 5:12 left')).toBeInTheDocument();
    expect(drawnState(container, 'matched.step.intro')).toHaveAttribute('data-active', 'true');
    expect(drawnState(container, 'matched.hold.counting')).toHaveAttribute('data-active', 'true');
    expect(drawnState(container, 'matched.step.goal')).not.toHaveAttribute('data-active');
    expect(stateItem('matched.step.intro')).toHaveAttribute('aria-current', 'true');
    expect(within(stateItem('matched.step.intro')).getAllByText('active')[0]).toBeVisible();
    expect(stateItem('matched.step.goal')).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('img', { name: 'Onboarding statechart' })).toHaveAccessibleDescription(
      /Highlighted: matched\.step\.intro, matched\.hold\.counting\./,
    );
  });

  it('follows the other tab on storage events, and says so when its onboarding ends', () => {
    localStorage.setItem(
      SNAPSHOT_STORAGE_KEY,
      storedSnapshot({ matched: { step: 'intro', hold: 'counting' } }, 312),
    );
    const { container } = render(<StatechartPage />);

    otherTabWrites(storedSnapshot({ matched: { step: 'goal', hold: 'ending' } }, 42));
    expect(screen.getByRole('status')).toHaveTextContent('on “Your goal”');
    expect(screen.getByText('Ending, 0:42 left (more time is offered)')).toBeInTheDocument();
    expect(drawnState(container, 'matched.step.goal')).toHaveAttribute('data-active', 'true');
    expect(drawnState(container, 'matched.step.intro')).not.toHaveAttribute('data-active');
    expect(stateItem('matched.step.goal')).toHaveAttribute('aria-current', 'true');

    otherTabWrites(null);
    expect(screen.getByRole('status')).toHaveTextContent('No onboarding is running.');
    expect(container.querySelectorAll('[data-active]')).toHaveLength(0);
  });

  it('treats an unreadable stored entry as no onboarding', () => {
    localStorage.setItem(
      SNAPSHOT_STORAGE_KEY,
      '{"status":"active","value":{"nowhere":"x"},"context":{}}',
    );
    render(<StatechartPage />);
    expect(screen.getByRole('status')).toHaveTextContent('No onboarding is running.');
  });
});
