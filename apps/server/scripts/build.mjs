// Compiles the site server and the workspace packages it imports for
// `node dist/server.js`, and the embedded tracker's thread into dist/tracker-thread.js beside it.

import { fileURLToPath } from 'node:url';
import { bundleServer } from '@app/server-kit/bundle';

await bundleServer({
  root: fileURLToPath(new URL('..', import.meta.url)),
  outDir: fileURLToPath(new URL('../dist', import.meta.url)),
  entryPoints: {
    server: 'src/server.ts',
    'tracker-thread': fileURLToPath(new URL('../../tracker/src/thread-entry.ts', import.meta.url)),
  },
  traced: { server: 'site', 'tracker-thread': 'tracker' },
});
