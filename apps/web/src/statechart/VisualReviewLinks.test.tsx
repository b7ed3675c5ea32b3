import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathsToStates } from './sandbox.ts';
import { useChangedStates, VisualReviewLinks } from './VisualReviewLinks.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function snapshotAt(state: string) {
  const snapshot = pathsToStates().get(state)?.snapshot;
  if (snapshot === undefined) throw new Error(`no path to ${state}`);
  return snapshot;
}

describe('links from the studio to the visual review', () => {
  it("links each of the snapshot's states the review found changed to its report entry", () => {
    render(
      <VisualReviewLinks
        snapshot={snapshotAt('matched.hold.live.counting')}
        changed={['matched.step.team', 'matched.hold.live.counting', 'category']}
      />,
    );
    expect(screen.getByText(/Changed in the visual review/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'matched.step.team' })).toHaveAttribute(
      'href',
      '/reports/visual/index.html#matched.step.team',
    );
    expect(screen.getByRole('link', { name: 'matched.hold.live.counting' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'category' })).toBeNull();
  });

  it('says nothing when none of its states changed', () => {
    const { container } = render(
      <VisualReviewLinks snapshot={snapshotAt('category')} changed={['matched.step.goal']} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('reads the changed states from the served report, and asks for nothing when it is off', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ changedStates: ['role.choosing'], unchangedStates: ['category'] }),
    );
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useChangedStates(true));
    await waitFor(() => expect(result.current).toEqual(['role.choosing']));
    expect(fetch).toHaveBeenCalledWith('/reports/visual/report.json');

    fetch.mockClear();
    const off = renderHook(() => useChangedStates());
    expect(off.result.current).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
