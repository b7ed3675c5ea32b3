import type { Page } from 'playwright-core';

/**
 * A slow phone in Chromium, with DevTools' own throttling: what the bench times on (`early-taps.mjs`,
 * `member-home.mjs`) and what the site's browser test of early taps loads its pages on
 * (`apps/web/e2e/early-taps.e2e.test.ts`), so both speak of the same phone.
 */

/** A network in Chromium's terms: round trip in ms, bytes a second each way. */
export interface Network {
  name: string;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}

/** A slow phone network: 400 ms round trip, 400 kbit/s each way. */
export const SLOW_PHONE_NETWORK: Network = {
  name: '400 ms, 400 kbit/s',
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

/** Lighthouse's Slow 4G: 562.5 ms round trip, 1.4 Mbit/s down, 675 kbit/s up. */
export const SLOW_4G: Network = {
  name: 'Slow 4G',
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

/** How many times slower the phone's processor is than this machine's. */
export const SLOW_PHONE_CPU = 4;

/**
 * Throttles `page` to `network` with the processor slowed `cpu` times (`SLOW_PHONE_CPU` unless
 * given; 1 is Chromium's own "not slowed"). The slowing is not free: Chromium's processor time for
 * a throttled load grows with the rate (the site's six early-tap browser tests, measured: 52.6 s
 * at 4x, 12.6 s with the network alone throttled, in about the same wall time).
 */
export async function throttle(
  page: Page,
  network: Network = SLOW_PHONE_NETWORK,
  cpu: number = SLOW_PHONE_CPU,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const { latency, downloadThroughput, uploadThroughput } = network;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput,
    uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}
