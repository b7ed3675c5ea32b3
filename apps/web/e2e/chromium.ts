/**
 * The Chromium every browser test drives: Debian's (`/usr/bin/chromium`, or `CHROMIUM_PATH`);
 * no tool downloads a browser of its own. Both Playwright configurations launch it this way.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
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
