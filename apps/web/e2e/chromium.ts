/**
 * The Chromium every browser test drives: Debian's (`/usr/bin/chromium`, or `CHROMIUM_PATH`);
 * no tool downloads a browser of its own. Both Playwright configurations launch it this way.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
