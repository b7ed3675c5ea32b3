// The tracker's thread run from TypeScript source (tests, `pnpm dev`): Node 20 does not pass a
// loader on to worker threads, so tsx is registered again in this one before the entry loads.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./thread-entry.ts', import.meta.url).href);
