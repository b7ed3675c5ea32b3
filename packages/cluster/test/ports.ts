import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Where the kernel's ephemeral ports start (Linux's ip_local_port_range; 32768 elsewhere or when
 * unreadable). Every port 0 listener and outgoing connection takes one from there, so a block
 * checked free in that range may be taken before the cluster listens on it: `pnpm test` runs this
 * package beside others that do both.
 */
function ephemeralStart(): number {
  try {
    const first = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(first) && first > 0 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

const LOWEST = 20_000;
const BLOCK = 16;

/** A block of BLOCK free ports below the ephemeral range: CLUSTER_PORT_BASE, or one found free now. */
export async function portBase(): Promise<number> {
  if (process.env.CLUSTER_PORT_BASE) return Number(process.env.CLUSTER_PORT_BASE);
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  const blocks = Math.max(1, Math.floor((ephemeralStart() - LOWEST) / BLOCK));
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = LOWEST + Math.floor(Math.random() * blocks) * BLOCK;
    let ok = true;
    for (let p = base; p < base + BLOCK && ok; p++) ok = await free(p);
    if (ok) return base;
  }
  throw new Error(`no block of ${BLOCK} free ports`);
}
