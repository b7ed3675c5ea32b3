import {
  initialContext,
  onboardingMachine,
  SNAPSHOT_STORAGE_KEY,
  serialiseSnapshot,
} from '@app/onboarding';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import { LIVE_CHANNEL, type LiveMessage } from '../onboarding/liveChannel.ts';
import { StatechartPage } from './StatechartPage.tsx';
import { MACHINE_GRAPH } from './views.ts';

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

function panel(name: string) {
  fireEvent.click(screen.getByRole('button', { name, pressed: false }));
  return screen.getByRole('region', { name });
}

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('statechart studio', () => {
  it('has its title and heading, the screens view drawn on a canvas, and zoom controls', () => {
    const { container } = render(<StatechartPage />);
    expect(document.title).toBe('Onboarding statechart | Accountability Partners');
    expect(screen.getByRole('heading', { level: 1, name: 'Onboarding statechart' })).toBeVisible();
    const canvas = screen.getByRole('region', { name: /Diagram canvas/ });
    expect(within(canvas).getByRole('img', { name: 'Onboarding screens' })).toBeVisible();
    expect(container.querySelector('g[data-state="matched.step.account"]')).not.toBeNull();
    // Folded away in the screens view.
    expect(container.querySelector('g[data-state="matched.step.account.submitting"]')).toBeNull();
    for (const name of ['Zoom in', 'Zoom out', 'Fit', 'Go to current', 'Export SVG']) {
      expect(screen.getByRole('button', { name })).toBeVisible();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Full machine' }));
    expect(within(canvas).getByRole('img', { name: 'Onboarding statechart' })).toBeVisible();
    expect(
      container.querySelector('g[data-state="matched.step.account.submitting"]'),
    ).not.toBeNull();
  });

  it('lists every state and its transitions in words, for screen readers', () => {
    render(<StatechartPage />);
    const list = panel('List');
    const linked = [...list.querySelectorAll('a')].map((link) => link.textContent);
    expect(linked.sort()).toEqual(
      MACHINE_GRAPH.states
        .filter((state) => state.id !== MACHINE_GRAPH.root)
        .map((state) => state.id)
        .sort(),
    );
    expect(
      within(list).getByText(/on submit name \[name filled in\]: to matched\.step\.goal/),
    ).toBeVisible();
    expect(within(list).getAllByText(/on after 10 min \[slot released\]/).length).toBeGreaterThan(
      0,
    );
  });

  it('finds a screen by search, selects it and links to it', async () => {
    const { container } = render(<StatechartPage />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Find a state or screen' }), {
      target: { value: 'account' },
    });
    const option = screen.getByRole('option', {
      name: /^matched\.step\.account · Create your account/,
    });
    fireEvent.click(option);
    expect(window.location.hash).toBe('#account');
    expect(container.querySelector('g[data-state="matched.step.account"]')).toHaveAttribute(
      'data-selected',
      'true',
    );
    expect(screen.getByTestId('sim-state')).toHaveTextContent('matched.step.account.editing');
  }, 30_000);

  it('steps the sandbox with event buttons, logs each step, and undoes it', () => {
    const { container } = render(<StatechartPage />);
    const sim = panel('Simulate');
    expect(within(sim).getByTestId('sim-state')).toHaveTextContent('category');
    fireEvent.click(within(sim).getByRole('button', { name: /^choose an area \(“work”\)/ }));
    expect(within(sim).getByTestId('sim-state')).toHaveTextContent('role.choosing');
    expect(container.querySelector('g[data-state="role"]')).toHaveAttribute('data-active', 'true');
    expect(container.querySelector('g[data-edge][data-taken="true"]')).not.toBeNull();
    const invalid = within(sim).getByRole('button', { name: /^submit role \(value blank\)/ });
    expect(invalid).toHaveTextContent('stays, shows an error');
    expect(invalid).toHaveTextContent('✗ answer given');
    expect(within(sim).getByRole('list', { name: 'Event log' })).toHaveTextContent(
      'choose an area (“work”) → role.choosing',
    );
    fireEvent.click(within(sim).getByRole('button', { name: 'Undo' }));
    expect(within(sim).getByTestId('sim-state')).toHaveTextContent('category');
  });

  it('follows an onboarding in another tab and says how recent the news is', () => {
    const { container } = render(<StatechartPage />);
    const live = panel('Live');
    expect(within(live).getByRole('status')).toHaveTextContent('No onboarding is running');
    otherTabWrites(storedSnapshot({ matched: { step: 'intro', hold: { live: 'counting' } } }, 300));
    expect(within(live).getByRole('status')).toHaveTextContent(
      'Following an onboarding in another tab, on “Your name”',
    );
    expect(within(live).getByText(/Updated \d+ s ago/)).toBeVisible();
    expect(container.querySelector('g[data-state="matched.step.intro"]')).toHaveAttribute(
      'data-active',
      'true',
    );
    // The flow ended: storage is cleared, and the last state heard of stays highlighted.
    otherTabWrites(null);
    expect(container.querySelector('g[data-state="matched.step.intro"]')).toHaveAttribute(
      'data-active',
      'true',
    );
  });

  it('keeps the final state of a flow that ended, and says when its tab closed', async () => {
    const { container } = render(<StatechartPage />);
    const live = panel('Live');
    otherTabWrites(
      storedSnapshot({ matched: { step: 'account', hold: { live: 'counting' } } }, 300),
    );
    const tab = new BroadcastChannel(LIVE_CHANNEL);
    const say = (message: LiveMessage) => act(() => tab.postMessage(message));
    say({ type: 'state', value: 'thankYou', status: 'done', route: '/thank-you', at: Date.now() });
    otherTabWrites(null);
    expect(await within(live).findByText(/ended at \/thank-you/)).toBeVisible();
    expect(container.querySelector('g[data-state="thankYou"]')).toHaveAttribute(
      'data-active',
      'true',
    );
    tab.close();
  });

  it('says when the followed tab went away', async () => {
    render(<StatechartPage />);
    const live = panel('Live');
    otherTabWrites(storedSnapshot({ matched: { step: 'goal', hold: { live: 'counting' } } }, 300));
    const tab = new BroadcastChannel(LIVE_CHANNEL);
    act(() => tab.postMessage({ type: 'closed', at: Date.now() } satisfies LiveMessage));
    expect(await within(live).findByText(/The onboarding tab was closed/)).toBeVisible();
    tab.close();
  });

  it('says how to produce the coverage file when none is loaded', () => {
    render(<StatechartPage />);
    const coverage = panel('Coverage');
    expect(within(coverage).getByRole('status')).toHaveTextContent(
      'No coverage loaded. Run pnpm test:paths',
    );
    expect(
      within(coverage).getByRole('checkbox', { name: 'Colour the arrows by coverage' }),
    ).toBeDisabled();
  });
});
