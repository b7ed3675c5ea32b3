import { createServer } from 'node:net';

/** A block of 16 free ports: CLUSTER_PORT_BASE, or one found free now. */
export async function portBase(): Promise<number> {
  if (process.env.CLUSTER_PORT_BASE) return Number(process.env.CLUSTER_PORT_BASE);
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 2000) * 16;
    let ok = true;
    for (let p = base; p < base + 16 && ok; p++) ok = await free(p);
    if (ok) return base;
  }
  throw new Error('no block of 16 free ports');
}
