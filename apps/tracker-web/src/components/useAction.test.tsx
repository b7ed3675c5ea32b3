import { getToasts } from '@app/ui/toast-store';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { type Action, focusWhenDrawn, useAction } from './useAction.ts';

type Send = (weeks: number) => Promise<{ until: string }>;

/**
 * A card the way the pages draw theirs: a button that runs the action, its refusal shown at the
 * button when it has no toast, and a new state drawn afresh after the reload (a new key, so the
 * button pressed is taken away, as a check-in's form is).
 */
function Card({ options }: { options: Omit<Action<[number], { until: string }>, 'done'> }) {
  const [until, setUntil] = useState<string | null>(null);
  const action = useAction({ ...options, done: (answer) => setUntil(answer.until) });
  return (
    <section key={until ?? 'none'} aria-label="Pause">
      <h2 id="pause-title" tabIndex={-1}>
        {until ? `Paused until ${until}` : 'Taking a break?'}
      </h2>
      {action.error ? <p role="alert">{action.error}</p> : null}
      <button
        type="button"
        aria-disabled={action.pending || undefined}
        onClick={() => void action.run(2)}
      >
        Pause
      </button>
    </section>
  );
}

async function renderCard(options: Omit<Action<[number], { until: string }>, 'done'>) {
  let loads = 0;
  const rootRoute = createRootRoute();
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <Card options={options} />,
    loader: () => {
      loads += 1;
    },
  });
  const signIn = createRoute({
    getParentRoute: () => rootRoute,
    path: '/sign-in',
    component: () => <h1>Sign in</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, signIn]),
    history: createMemoryHistory({ initialEntries: ['/?from=mail'] }),
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  await screen.findByRole('button', { name: 'Pause' });
  return { router, loads: () => loads, user: userEvent.setup() };
}

const pause = () => screen.getByRole('button', { name: 'Pause' });

describe('useAction', () => {
  it('once done: the toast, the reload, and focus on what changed, drawn afresh', async () => {
    const send = vi.fn<Send>().mockResolvedValue({ until: 'May 9' });
    const { loads, user } = await renderCard({
      send,
      toast: (answer, weeks) => ({ title: `Paused ${weeks} weeks, until ${answer.until}.` }),
      failure: 'You are not paused',
      reload: true,
      focus: ['no-such-element', 'pause-title'],
    });
    await user.click(pause());

    const heading = await screen.findByRole('heading', { name: 'Paused until May 9' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(send).toHaveBeenCalledExactlyOnceWith(2);
    expect(getToasts().map((t) => t.title)).toEqual(['Paused 2 weeks, until May 9.']);
    expect(loads()).toBe(2);
  });

  it('does nothing on a second tap while the first is being sent', async () => {
    let answer: (value: { until: string }) => void = () => undefined;
    const send = vi.fn<Send>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = await renderCard({ send, failure: 'You are not paused' });
    await user.click(pause());
    expect(pause()).toHaveAttribute('aria-disabled', 'true');
    await user.click(pause());
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => answer({ until: 'May 9' }));
    expect(pause()).not.toHaveAttribute('aria-disabled');
  });

  it("toasts a refusal with the action's title and the tracker's reason, and keeps focus", async () => {
    const send = vi
      .fn<Send>()
      .mockRejectedValue(new ApiError('You are paused already.', { kind: 'http', status: 409 }));
    const { loads, user } = await renderCard({
      send,
      failure: 'You are not paused',
      reload: true,
      focus: 'pause-title',
    });
    await user.click(pause());

    await vi.waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({
      title: 'You are not paused',
      description: 'You are paused already.',
      variant: 'destructive',
    });
    expect(pause()).toHaveFocus();
    expect(loads()).toBe(1);
  });

  it('without a toast title, keeps the reason for the page to show at its field', async () => {
    const send = vi.fn<Send>().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = await renderCard({ send, otherwise: 'The pause could not be set.' });
    await user.click(pause());

    expect(await screen.findByRole('alert')).toHaveTextContent('The pause could not be set.');
    expect(getToasts()).toHaveLength(0);

    send.mockResolvedValue({ until: 'May 9' });
    await user.click(pause());
    await screen.findByRole('heading', { name: 'Paused until May 9' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets the page deal with a refusal itself (kept offline) and shows nothing', async () => {
    const offline = new ApiError('We could not reach the tracker.', { kind: 'network' });
    const send = vi.fn<Send>().mockRejectedValue(offline);
    const recover = vi.fn((error: unknown) => error === offline);
    const { user } = await renderCard({ send, failure: 'You are not paused', recover });
    await user.click(pause());

    await vi.waitFor(() => expect(recover).toHaveBeenCalledWith(offline, 2));
    expect(getToasts()).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a member whose session has ended to sign in, and back here after', async () => {
    const send = vi
      .fn<Send>()
      .mockRejectedValue(
        new ApiError('Please sign in.', { kind: 'http', status: 401, code: 'SIGN_IN_REQUIRED' }),
      );
    const { router, user } = await renderCard({ send, failure: 'You are not paused' });
    await user.click(pause());

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toEqual({ next: '/?from=mail' });
    expect(getToasts()).toHaveLength(0);
  });
});

describe('focus after an action', () => {
  // These tests draw on the page themselves: the files share one jsdom, and a heading left here
  // (with its id) would be another file's.
  afterEach(() => {
    document.body.innerHTML = '';
  });

  /** The page's changes reach the observer after the current task's microtasks. */
  const changesSeen = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  function heading() {
    const element = document.createElement('h2');
    element.id = 'pause-title';
    element.tabIndex = -1;
    element.textContent = 'Paused until May 9';
    return element;
  }

  it('goes to the target however late the redraw draws it, and to each new self of it', async () => {
    document.body.innerHTML = '<button id="pressed">Pause</button>';
    document.getElementById('pressed')?.focus();
    const stop = focusWhenDrawn('pause-title');
    try {
      // The redraw takes the button pressed away at once, and draws what changed much later
      // (a busy phone): longer than any fixed wait would have been.
      document.getElementById('pressed')?.remove();
      vi.useFakeTimers();
      await vi.advanceTimersByTimeAsync(10_000);
      vi.useRealTimers();
      const first = heading();
      document.body.append(first);
      await changesSeen();
      expect(document.activeElement).toBe(first);
      // Drawn afresh again (the reload's answer): focus follows.
      first.remove();
      const second = heading();
      document.body.append(second);
      await changesSeen();
      expect(document.activeElement).toBe(second);
    } finally {
      vi.useRealTimers();
      stop();
    }
  });

  it('stops once the person acts, and when stopped', async () => {
    document.body.innerHTML = '';
    const first = heading();
    document.body.append(first);
    const stop = focusWhenDrawn('pause-title');
    expect(document.activeElement).toBe(first);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    first.remove();
    document.body.append(heading());
    await changesSeen();
    expect(document.activeElement).toBe(document.body);
    stop();
  });
});
