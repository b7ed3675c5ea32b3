/**
 * Prometheus for the cluster: its configuration, rendered from the layout like HAProxy's (the
 * deployment example deploy/prometheus.yml and the local cluster's come from the same function),
 * and the alert rules of deploy/alerts.yml.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Backend, Layout } from './layout.ts';

export const ALERT_RULES_FILE = fileURLToPath(new URL('../deploy/alerts.yml', import.meta.url));

export interface PrometheusOptions {
  /** How often every process is scraped and the rules evaluated (Prometheus' duration syntax). */
  interval: string;
  /** The alert rules file, as prometheus.yml names it (relative to prometheus.yml). */
  rulesFile: string;
}

const jobOf = (b: Backend) => (b.name.startsWith('tracker') ? 'tracker' : 'site');

export function renderPrometheusConfig(layout: Layout, opts: PrometheusOptions): string {
  const job = (name: 'site' | 'tracker') => [
    `  - job_name: ${name}`,
    '    static_configs:',
    ...layout.metrics
      .filter((b) => jobOf(b) === name)
      .flatMap((b) => [
        `      - targets: ["${b.host}:${b.port}"]`,
        '        labels:',
        `          server: ${b.name}`,
      ]),
  ];
  return [
    '# Prometheus scraping every site and tracker (GET /metrics on METRICS_HOST:METRICS_PORT).',
    '# Rendered from packages/cluster/src/layout.ts and src/monitoring.ts.',
    'global:',
    `  scrape_interval: ${opts.interval}`,
    `  evaluation_interval: ${opts.interval}`,
    'rule_files:',
    `  - ${opts.rulesFile}`,
    'scrape_configs:',
    ...job('site'),
    ...job('tracker'),
    '',
  ].join('\n');
}

/**
 * The alert rules with every `for:` set to `holdFor` (a test cannot wait a minute for a down
 * instance to page); unchanged without it.
 */
export async function alertRules(holdFor?: string): Promise<string> {
  const rules = await readFile(ALERT_RULES_FILE, 'utf8');
  return holdFor === undefined ? rules : rules.replace(/^(\s+for: )\S+$/gm, `$1${holdFor}`);
}
