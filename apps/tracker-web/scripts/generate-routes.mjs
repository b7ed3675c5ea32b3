// Writes src/routeTree.gen.ts from src/routes with the same generator (and tsr.config.json) the
// Vite plugin uses, so typecheck and tests work on a fresh clone before any build has run.
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig({}, root);
await new Generator({ config, root }).run();
