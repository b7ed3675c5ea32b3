#!/usr/bin/env node
// Writes an app's src/routeTree.gen.ts from its src/routes with the same generator (and the app's
// tsr.config.json) the Vite plugin uses, so typecheck and tests work on a fresh clone before any
// build has run. Run from the app's folder (its package.json scripts do), or name the folder.
import { resolve } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = resolve(process.argv[2] ?? '.');
const config = getConfig({}, root);
await new Generator({ config, root }).run();
