/** `pnpm --filter @app/cluster deploy:render`: writes deploy/haproxy*.cfg from src/layout.ts. */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { COMPOSE_LAYOUT, DEPLOY_LAYOUT, renderHaproxyConfig } from './layout.ts';

export const DEPLOY_FILES = {
  'haproxy.cfg': DEPLOY_LAYOUT,
  'haproxy.compose.cfg': COMPOSE_LAYOUT,
} as const;

export const deployPath = (file: string) =>
  fileURLToPath(new URL(`../deploy/${file}`, import.meta.url));

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, layout] of Object.entries(DEPLOY_FILES)) {
    await writeFile(deployPath(file), renderHaproxyConfig(layout));
    console.log(`wrote deploy/${file}`);
  }
}
