// Draws the installed app's icons (public/icons/*.png) from the SVG marks with the system's
// Chromium: `node scripts/icons.mjs` after changing public/logo.svg or icons/maskable.svg. The PNGs
// are committed, so a build needs no browser.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'public', 'icons');
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** [file, source mark, size]: "any" icons keep the logo's rounded corners, maskable ones fill the square. */
const ICONS = [
  ['icon-192.png', 'public/logo.svg', 192],
  ['icon-512.png', 'public/logo.svg', 512],
  ['maskable-512.png', 'icons/maskable.svg', 512],
  ['apple-touch-icon.png', 'icons/maskable.svg', 180],
];

mkdirSync(out, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'icons-'));
try {
  for (const [file, mark, size] of ICONS) {
    const page = path.join(work, `${file}.html`);
    writeFileSync(
      page,
      `<!doctype html><body style="margin:0"><img src="file://${path.join(root, mark)}" ` +
        `style="display:block;width:${size}px;height:${size}px"></body>`,
    );
    execFileSync(
      chromium,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--allow-file-access-from-files',
        '--default-background-color=00000000',
        `--window-size=${size},${size}`,
        `--screenshot=${path.join(out, file)}`,
        `file://${page}`,
      ],
      { stdio: 'ignore' },
    );
    console.log(`public/icons/${file} (${size} px)`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
