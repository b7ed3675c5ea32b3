/**
 * Sign-ups as fast as they are answered, from SIGNUP_LOAD_CONCURRENCY browsers at once, against
 * SIGNUP_LOAD_URL, until the parent says stop; then it sends back how they were answered. A
 * process of its own, so that the latency measurement beside it is not slowed by this load's own
 * work in the same event loop.
 */
import { signupRequest } from './site-process.ts';

const url = process.env.SIGNUP_LOAD_URL ?? '';
const concurrency = Number(process.env.SIGNUP_LOAD_CONCURRENCY ?? 30);
const counts = { created: 0, busy: 0, failed: 0, otherStatuses: {} as Record<string, number> };
let running = true;
process.on('message', (message) => {
  if (message === 'stop') running = false;
});
const loops = Array.from({ length: concurrency }, async () => {
  while (running) {
    const { init } = signupRequest(url);
    const response = await fetch(`${url}/api/users`, init).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status === 201) counts.created += 1;
    else if (response?.status === 503) counts.busy += 1;
    else {
      counts.failed += 1;
      const status = String(response?.status ?? 'no answer');
      counts.otherStatuses[status] = (counts.otherStatuses[status] ?? 0) + 1;
    }
  }
});
process.send?.('started');
await Promise.all(loops);
process.send?.(counts, () => process.disconnect());
