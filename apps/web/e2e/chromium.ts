import { existsSync } from 'node:fs';

/**
 * Debian's headless shell of Chromium (package `chromium-headless-shell`): the same engine as
 * `/usr/bin/chromium` without the browser's own window layer. Over the browser tests it used about
 * 100 s less processor time (the browser process 124 s to 50 s), and `pnpm visual` drew all 36
 * states to the same pixels. It cannot open a window: for a headed run (`PATHS_HEADED=1`), set
 * `CHROMIUM_PATH=/usr/bin/chromium`.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The Chromium every browser test drives: Debian's, its headless shell when installed, else
 * `/usr/bin/chromium`, or `CHROMIUM_PATH`; no tool downloads a browser of its own. Both Playwright
 * configurations and `pnpm visual` launch it this way.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Chromium does not run under libfaketime (pages never finish loading), which the suite is run
 * under to check that it passes at any hour of the machine's clock: the browser keeps the real
 * clock, the servers and the tests take the shifted one. Without libfaketime this changes nothing.
 */
const browserEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name, value]) =>
      value !== undefined &&
      !(name === 'LD_PRELOAD' && value.includes('faketime')) &&
      !name.startsWith('FAKETIME'),
  ),
) as Record<string, string>;

export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  env: browserEnv,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
