// Compiles the standalone tracker and the workspace packages it imports into dist/server.js for
// `node dist/server.js` (pnpm --filter @app/tracker start). Migrations, seed photos and the
// password-hashing worker are read from this package's folders at run time. An argument names
// another output folder inside this package (tests build their own copy).

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '@app/server-kit/bundle';

await bundleServer({
  root: fileURLToPath(new URL('..', import.meta.url)),
  outDir: process.argv[2]
    ? resolve(process.argv[2])
    : fileURLToPath(new URL('../dist', import.meta.url)),
  entryPoints: { server: 'src/server.ts' },
  traced: { server: 'tracker' },
});
