import { useCallback, useSyncExternalStore } from 'react';

/**
 * The machines the studio draws, and which one the URL names (`/statechart?chart=membership`),
 * so that a reload or a shared link opens the same chart. The onboarding is the default and has no
 * parameter.
 */
export const CHARTS = [
  { key: 'onboarding', label: 'Onboarding' },
  { key: 'membership', label: 'Membership' },
] as const;

export type ChartKey = (typeof CHARTS)[number]['key'];

const PARAM = 'chart';
const CHANGED = 'studio:chart';

export function chartFromSearch(search: string): ChartKey {
  const wanted = new URLSearchParams(search).get(PARAM);
  return CHARTS.find((chart) => chart.key === wanted)?.key ?? 'onboarding';
}

/** The URL of the studio on `chart`, keeping the page's other parameters (the hash names a state of the other chart, so it goes). */
export function chartUrl(href: string, chart: ChartKey): string {
  const url = new URL(href);
  if (chart === 'onboarding') url.searchParams.delete(PARAM);
  else url.searchParams.set(PARAM, chart);
  url.hash = '';
  return `${url.pathname}${url.search}`;
}

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/**
 * The chart the URL names, and a way to choose another. The page's HTML is written for the
 * onboarding (the default): the chart named by the URL is drawn once the page has hydrated.
 */
export function useChart(): [ChartKey, (chart: ChartKey) => void] {
  const chart = useSyncExternalStore(
    subscribe,
    () => chartFromSearch(window.location.search),
    () => 'onboarding' as const,
  );
  const choose = useCallback((next: ChartKey) => {
    window.history.replaceState(window.history.state, '', chartUrl(window.location.href, next));
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [chart, choose];
}
