/**
 * `pnpm --filter @app/cluster deploy:render`: writes deploy/haproxy*.cfg and deploy/prometheus.yml
 * from src/layout.ts.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { COMPOSE_LAYOUT, DEPLOY_LAYOUT, renderHaproxyConfig } from './layout.ts';
import { renderPrometheusConfig } from './monitoring.ts';

export const DEPLOY_FILES = {
  'haproxy.cfg': DEPLOY_LAYOUT,
  'haproxy.compose.cfg': COMPOSE_LAYOUT,
} as const;

/** The deployment example's Prometheus: every instance's metrics listener, every 15 s. */
export const DEPLOY_PROMETHEUS = () =>
  renderPrometheusConfig(DEPLOY_LAYOUT, { interval: '15s', rulesFile: 'alerts.yml' });

export const deployPath = (file: string) =>
  fileURLToPath(new URL(`../deploy/${file}`, import.meta.url));

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, layout] of Object.entries(DEPLOY_FILES)) {
    await writeFile(deployPath(file), renderHaproxyConfig(layout));
    console.log(`wrote deploy/${file}`);
  }
  await writeFile(deployPath('prometheus.yml'), DEPLOY_PROMETHEUS());
  console.log('wrote deploy/prometheus.yml');
}
