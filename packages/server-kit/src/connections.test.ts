import { Agent, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { dropOnlyLongIdle } from './connections.ts';

it('closes a server whose keep-alive connection was idle for less than the limit once it reaches it, not at the keep-alive time-out', async () => {
  const server = createServer((_request, response) => response.end('ok'));
  server.keepAliveTimeout = 60_000;
  dropOnlyLongIdle(server, 200);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Node's agent keeps an idle connection open for as long as the server does.
  const agent = new Agent({ keepAlive: true });
  try {
    const body = await new Promise<string>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/`, { agent }, (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve(text));
      }).on('error', reject);
    });
    expect(body).toBe('ok');
    // The connection now sits idle in the agent's pool, for less than the 200 ms limit.
    const started = performance.now();
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(150);
    expect(took).toBeLessThan(5_000);
  } finally {
    agent.destroy();
  }
});
