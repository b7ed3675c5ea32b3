import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `scripts/cpu-time.mjs`, which `pnpm test` runs each package under to print what it cost: it
 * counts the processes nothing waited for (as a browser's renderers are), and ends what outlives
 * the command. It can make a control group only as root, as on the machine the suite runs on.
 */
const script = fileURLToPath(new URL('../../../scripts/cpu-time.mjs', import.meta.url));

interface Figures {
  user: number;
  system: number;
  counted: 'cgroup' | 'waited';
  outlived: number | null;
  waited?: { user: number; system: number };
}

/** Runs `sh -c command` under the script and gives back its exit code and figures. */
function measure(command: string): Promise<{ code: number | null; figures: Figures }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, 'sh', '-c', command], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    let out = '';
    child.stdio[3]?.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, figures: JSON.parse(out) as Figures }));
  });
}

/**
 * A node process that keeps a core busy until it has used `ms` of processor time, however long a
 * busy machine makes that take, then leaves the file `done` and ends.
 */
const busy = (ms: number, done: string) =>
  `"${process.execPath}" -e "while (process.cpuUsage().user < ${ms * 1000}); require('node:fs').writeFileSync('${done}', '')"`;

const root = process.getuid?.() === 0 && process.platform === 'linux';

describe.runIf(root)('the processor-time wrapper', () => {
  it('counts a process that nothing waited for', { timeout: 90_000 }, async () => {
    // The subshell ends at once: the busy process is reaped by init, not by the command, which
    // waits (at most 60 s) for the file it leaves when it has used 0.6 s.
    const folder = mkdtempSync(join(tmpdir(), 'cpu-time-'));
    const done = join(folder, 'done');
    const { code, figures } = await measure(
      `(${busy(600, done)} &); i=0; until [ -e '${done}' ] || [ $i -ge 600 ]; do sleep 0.1; i=$((i+1)); done`,
    ).finally(() => rmSync(folder, { recursive: true, force: true }));
    expect(code).toBe(0);
    expect(figures.counted).toBe('cgroup');
    expect(figures.user + figures.system).toBeGreaterThan(0.4);
    // The kernel's figures for waited-for processes miss it.
    const waited = figures.waited ?? { user: 0, system: 0 };
    expect(waited.user + waited.system).toBeLessThan(0.3);
  });

  it("passes the command's exit code on and ends what outlives it, not what is ending", async () => {
    // The short sleep ends within a second of the command: it is not counted as left running.
    const { code, figures } = await measure('(sleep 31.5 &); (sleep 0.3 &); exit 3');
    expect(code).toBe(3);
    expect(figures.outlived).toBe(1);
    expect(spawnSync('pgrep', ['-f', 'sleep 31.5']).status, 'the sleep still runs').toBe(1);
  });
});
