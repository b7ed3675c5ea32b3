// Converts the fallback team's SVG portraits to WebP (the onboarding machine refers to them as
// images/team/*.webp), by drawing each SVG on a canvas in headless Chromium.
// Run: node scripts/webp.mjs
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const dir = fileURLToPath(new URL('../public/images/team/', import.meta.url));
const SIZE = 256;
const profile = mkdtempSync(join(tmpdir(), 'webp-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await context.newPage();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.svg'))) {
    const svg = readFileSync(join(dir, file), 'utf8');
    const dataUrl = await page.evaluate(
      async ({ svg, size }) => {
        const image = new Image(size, size);
        image.src = `data:image/svg+xml;base64,${btoa(svg)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const context2d = canvas.getContext('2d');
        if (!context2d) throw new Error('no 2d canvas');
        context2d.drawImage(image, 0, 0, size, size);
        return canvas.toDataURL('image/webp', 0.82);
      },
      { svg, size: SIZE },
    );
    const bytes = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
    writeFileSync(join(dir, file.replace(/\.svg$/, '.webp')), bytes);
    console.log(file.replace(/\.svg$/, '.webp'), bytes.length, 'bytes');
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
