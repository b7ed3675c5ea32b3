/**
 * Writes the membership's statechart files from the machine definition (`src/chart/files.ts`):
 * chart/membership.mmd (Mermaid), chart/membership.layout.json (ELK's layout, which the web
 * studio draws too) and chart/membership.svg.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chartFiles } from '../src/chart/files.ts';

const file = (name: string) => fileURLToPath(new URL(`../chart/${name}`, import.meta.url));

for (const [name, text] of (await chartFiles()).files) {
  writeFileSync(file(name), text);
  console.log(`wrote ${file(name)}`);
}
