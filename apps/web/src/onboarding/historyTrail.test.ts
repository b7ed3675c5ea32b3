import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { historyTrail } from './historyTrail.ts';

describe('historyTrail', () => {
  it('knows nothing before the entry the page opened on', () => {
    const history = createMemoryHistory({ initialEntries: ['/onboarding/work/goal'] });
    expect(historyTrail(history).previous()).toBeNull();
  });

  it('follows pushes, Back, Forward and replaced entries', () => {
    const history = createMemoryHistory({ initialEntries: ['/onboarding/work/team'] });
    const trail = historyTrail(history);
    history.push('/onboarding/work/intro');
    history.push('/onboarding/work/goal');
    expect(trail.previous()).toBe('/onboarding/work/intro');
    trail.back();
    expect(history.location.pathname).toBe('/onboarding/work/intro');
    expect(trail.travelling).toBe(false);
    expect(trail.previous()).toBe('/onboarding/work/team');
    history.forward();
    expect(trail.previous()).toBe('/onboarding/work/intro');
    history.back();
    history.replace('/onboarding/work/commit');
    history.forward();
    expect(trail.previous()).toBe('/onboarding/work/commit');
  });

  it('after Back, a new entry follows the one it was pushed from', () => {
    const history = createMemoryHistory({ initialEntries: ['/onboarding/work/team'] });
    const trail = historyTrail(history);
    history.push('/onboarding/work/intro');
    history.push('/onboarding/work/goal');
    history.back();
    history.back();
    history.push('/onboarding/work/maybe');
    expect(trail.previous()).toBe('/onboarding/work/team');
    history.push('/onboarding/work/no');
    expect(trail.previous()).toBe('/onboarding/work/maybe');
  });
});
