import { afterEach, describe, expect, it } from 'vitest';
import boot from './boot.js?raw';

/**
 * Runs the boot script as a page's <head> does, in this test's window: no scripts are listed, and
 * it waits for no paint here.
 */
function runBoot() {
  new Function('requestAnimationFrame', 'PerformanceObserver', boot)(() => 0, {
    supportedEntryTypes: [],
  });
}

describe('the boot script, on an address with an empty query', () => {
  afterEach(() => {
    history.replaceState(null, '', '/');
  });

  it('gives the address back without its "?", keeping the path and the fragment', () => {
    history.replaceState(null, '', '/onboarding/work/role?#main');
    expect(location.href).toMatch(/role\?#main$/);
    runBoot();
    expect(location.pathname).toBe('/onboarding/work/role');
    expect(location.href).toMatch(/\/onboarding\/work\/role#main$/);
  });

  it('leaves a query with something in it as it is', () => {
    history.replaceState(null, '', '/onboarding/work/role?role=employee');
    runBoot();
    expect(location.search).toBe('?role=employee');
  });
});
