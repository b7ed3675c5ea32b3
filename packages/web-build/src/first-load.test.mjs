import { describe, expect, it } from 'vitest';
import { firstLoadFiles, measureRoutes } from './first-load.mjs';

/** A build of an entry, two routes split by the router plugin, and a chunk both routes share. */
const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/home.js', imports: ['_shared.js'] },
  'src/routes/about.tsx?tsr-split=component': { file: 'assets/about.js', imports: ['_shared.js'] },
  'src/routes/about.tsx?tsr-split=loader': { file: 'assets/about-loader.js' },
  'src/routes/about.css': { file: 'assets/about.css' },
};

describe('firstLoadFiles', () => {
  it('counts the entry, every split part of the route and what they import, once each', () => {
    expect(firstLoadFiles(MANIFEST, ['src/routes/about.tsx']).sort()).toEqual([
      'assets/about-loader.js',
      'assets/about.js',
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
  });

  it('counts the entry alone for a path with no route file (the not-found page)', () => {
    expect(firstLoadFiles(MANIFEST, []).sort()).toEqual(['assets/index.js', 'assets/react.js']);
  });

  it("counts what the entry imports dynamically (its start-up's groups) and what they import", () => {
    const staged = {
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['_framework.js'] },
      '_framework.js': { file: 'assets/framework.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
      'src/routes/about.tsx?tsr-split=component': {
        file: 'assets/about.js',
        dynamicImports: ['_later.js'],
      },
      '_later.js': { file: 'assets/later.js' },
    };
    // A route's own dynamic imports load later (on a visit's act, a later screen): not counted.
    expect(firstLoadFiles(staged, ['src/routes/about.tsx']).sort()).toEqual([
      'assets/about.js',
      'assets/framework.js',
      'assets/index.js',
      'assets/runtime.js',
    ]);
  });

  it('refuses a route file the build did not split, rather than measuring too little', () => {
    expect(() => firstLoadFiles(MANIFEST, ['src/routes/pricing.tsx'])).toThrow(
      'no split chunk for src/routes/pricing.tsx',
    );
  });
});

describe('measureRoutes', () => {
  it('adds up the files of each route and marks a route over its budget', () => {
    const sizes = new Map([
      ['assets/index.js', 100],
      ['assets/react.js', 1000],
      ['assets/shared.js', 10],
      ['assets/home.js', 5],
      ['assets/about.js', 20],
      ['assets/about-loader.js', 1],
    ]);
    const rows = measureRoutes(
      MANIFEST,
      [
        ['/', ['src/routes/index.tsx']],
        ['/about', ['src/routes/about.tsx']],
      ],
      new Map([
        ['/', 1115],
        ['/about', 1130],
      ]),
      (file) => sizes.get(file) ?? 0,
    );
    expect(rows.map(({ route, chunks, bytes, over }) => ({ route, chunks, bytes, over }))).toEqual([
      { route: '/', chunks: 4, bytes: 1115, over: false },
      { route: '/about', chunks: 5, bytes: 1131, over: true },
    ]);
  });
});
