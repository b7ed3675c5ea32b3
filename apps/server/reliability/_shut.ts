import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startSiteProcess } from './site-process.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shut-'));
const site = await startSiteProcess({
  port: 3202,
  dataDir,
  env: { LOG_LEVEL: 'info', PROXY_CACHE_MS: '0' },
});
let running = true;
const counts: Record<string, number> = {};
const loops = Array.from({ length: 20 }, async (_, i) => {
  while (running) {
    const r = await fetch(`${site.url}/api/proxy/${i % 2 ? 'teams' : 'focus-areas'}`).then(
      (r) => {
        void r.arrayBuffer();
        return String(r.status);
      },
      (e) => e.cause?.code ?? 'err',
    );
    counts[r] = (counts[r] ?? 0) + 1;
  }
});
await new Promise((r) => setTimeout(r, 2000));
const t = Date.now();
const code = await site.stop();
console.log('exit', code, 'after', Date.now() - t, 'ms');
running = false;
await Promise.all(loops);
console.log(counts);
