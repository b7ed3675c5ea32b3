import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HAPROXY } from '../src/cluster.ts';
import { localLayout, renderHaproxyConfig } from '../src/layout.ts';
import { DEPLOY_FILES, deployPath } from '../src/render-deploy.ts';

describe('the HAProxy configuration', () => {
  it.each(Object.entries(DEPLOY_FILES))(
    'deploy/%s is the one the cluster test runs, rendered for its machines',
    async (file, layout) => {
      const written = await readFile(deployPath(file), 'utf8');
      // After a change to src/layout.ts: pnpm --filter @app/cluster deploy:render
      expect(written).toBe(renderHaproxyConfig(layout));
    },
  );

  it.runIf(existsSync(HAPROXY) || HAPROXY === 'haproxy')(
    'is valid for HAProxy itself (haproxy -c)',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'haproxy-check-'));
      try {
        const file = path.join(dir, 'haproxy.cfg');
        const layout = { ...localLayout(20_000), statsSocket: path.join(dir, 'admin.sock') };
        await writeFile(file, renderHaproxyConfig(layout));
        const { stdout } = await promisify(execFile)(HAPROXY, ['-c', '-f', file]);
        expect(stdout).toContain('Configuration file is valid');
        const deploy = path.join(dir, 'deploy.cfg');
        await writeFile(
          deploy,
          (await readFile(deployPath('haproxy.cfg'), 'utf8')).replace(
            '/run/haproxy/admin.sock',
            path.join(dir, 'deploy.sock'),
          ),
        );
        const checked = await promisify(execFile)(HAPROXY, ['-c', '-f', deploy]);
        expect(checked.stdout).toContain('Configuration file is valid');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
