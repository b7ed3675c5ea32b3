import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROMTOOL } from '../src/cluster.ts';
import { localLayout } from '../src/layout.ts';
import { ALERT_RULES_FILE, alertRules, renderPrometheusConfig } from '../src/monitoring.ts';
import { DEPLOY_PROMETHEUS, deployPath } from '../src/render-deploy.ts';

const run = promisify(execFile);

/** Every alert the rules define, by name, as deploy/alerts.yml writes them. */
const ALERTS = [
  'InstanceDown',
  'HighErrorRate',
  'SlowAnswers',
  'SheddingLoad',
  'OutboxBacklog',
  'ScheduleLagging',
  'DataDirectoryDiskLow',
];

describe('Prometheus: configuration, alert rules and dashboard', () => {
  it('deploy/prometheus.yml is rendered from the deployment layout', async () => {
    // After a change to src/layout.ts or src/monitoring.ts: pnpm --filter @app/cluster deploy:render
    expect(await readFile(deployPath('prometheus.yml'), 'utf8')).toBe(DEPLOY_PROMETHEUS());
  });

  it('the alert rules pass promtool check rules, and their unit tests promtool test rules', async () => {
    const checked = await run(PROMTOOL, ['check', 'rules', ALERT_RULES_FILE]);
    expect(checked.stdout).toContain(`SUCCESS: ${ALERTS.length} rules found`);
    const rules = await readFile(ALERT_RULES_FILE, 'utf8');
    for (const name of ALERTS) expect(rules).toContain(`- alert: ${name}\n`);
    // Each case of alerts.test.yml says when its alert fires and when it does not yet.
    const tested = await run(PROMTOOL, ['test', 'rules', deployPath('alerts.test.yml')]);
    expect(tested.stdout).toContain('SUCCESS');
  });

  it("the cluster's own configuration (short for:) passes promtool check config", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'prometheus-check-'));
    try {
      const config = path.join(dir, 'prometheus.yml');
      await writeFile(
        config,
        renderPrometheusConfig(localLayout(20_000), { interval: '1s', rulesFile: 'alerts.yml' }),
      );
      const shortened = await alertRules('5s');
      expect(shortened.match(/^\s+for: 5s$/gm)).toHaveLength(ALERTS.length);
      await writeFile(path.join(dir, 'alerts.yml'), shortened);
      const { stdout } = await run(PROMTOOL, ['check', 'config', config]);
      expect(stdout).toContain(`SUCCESS: ${ALERTS.length} rules found`);
      expect(stdout).toContain('is valid prometheus config file syntax');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the Grafana dashboard charts every series the alert rules watch', async () => {
    const dashboard = JSON.parse(await readFile(deployPath('grafana-dashboard.json'), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const charted = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    const rules = await readFile(ALERT_RULES_FILE, 'utf8');
    const watched = new Set(
      [...rules.matchAll(/\b(up|http_[a-z_]+|tracker_[a-z_]+)\b/g)].map((m) => m[1]),
    );
    expect(watched.size).toBeGreaterThan(5);
    for (const series of watched) expect(charted, series).toContain(series);
  });
});
