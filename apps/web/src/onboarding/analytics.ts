/**
 * A small seam for product analytics (spec 7: 'Onboard_success_page_loaded' on the confirm
 * screen). No third-party script is loaded by default: the default adapter forwards to a
 * `gtag` or `dataLayer` the site owner chose to add, and otherwise only raises a DOM event.
 */
export interface Analytics {
  track(event: string): void;
}

interface AnalyticsWindow {
  gtag?: (command: 'event', name: string) => void;
  dataLayer?: unknown[];
}

export const ANALYTICS_DOM_EVENT = 'app:analytics';

export function browserAnalytics(target: Window & AnalyticsWindow = window): Analytics {
  return {
    track(event) {
      if (typeof target.gtag === 'function') target.gtag('event', event);
      else if (Array.isArray(target.dataLayer)) target.dataLayer.push({ event });
      target.dispatchEvent(new CustomEvent(ANALYTICS_DOM_EVENT, { detail: { event } }));
    },
  };
}
