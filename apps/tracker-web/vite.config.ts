import {
  DEFAULT_TRACKER_PUBLIC_PORT,
  loopbackOrigin,
  UPLOADS_PATH,
} from '@app/contracts/addresses';
import { palette } from '@app/ui/palette';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { prerender, ssrEntryOf } from './prerender.ts';
import { APP_NAME } from './src/components/usePageTitle.ts';

/** The tracker's own origin in development; the built app is served by the tracker itself. */
const TRACKER = loopbackOrigin(DEFAULT_TRACKER_PUBLIC_PORT);

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must come before react() so it can split route components first.
  // Scripts, styles and the shell are compressed once here, at brotli's and gzip's best, and the
  // front door sends those files as they are (@fastify/static's preCompressed). The server-side
  // build (`vite build --ssr src/entry-server.tsx`) only renders HTML at build time, for the
  // client build's prerender step (prerender.ts).
  plugins: [
    tanstackRouter(),
    react(),
    vanillaExtractPlugin(),
    ...(isSsrBuild
      ? []
      : [
          prerender({ ssrEntry: ssrEntryOf(import.meta.dirname) }),
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|css|html|svg)$/,
          }),
          installable(),
        ]),
    // The browser's bar takes the same colour as the installed app's (the manifest's theme_color).
    {
      name: 'theme-color',
      transformIndexHtml: {
        order: 'pre',
        handler: (html) => html.replace('%THEME_COLOR%', palette.primaryHover),
      },
    },
  ],
  build: {
    manifest: !isSsrBuild,
    // A strict CSP forbids inline scripts; keep every asset a separate file.
    assetsInlineLimit: 0,
    // Few files rather than many small ones (see FEW_FILES); the styles of every screen are 19 KB
    // in all, one file the first visit brings and every later screen finds in the cache.
    cssCodeSplit: false,
    rolldownOptions: isSsrBuild
      ? {}
      : { preserveEntrySignatures: false, output: { codeSplitting: FEW_FILES } },
    // public/ is the client build's.
    copyPublicDir: !isSsrBuild,
  },
  server: {
    // apps/web's dev server takes Vite's default port.
    port: 5174,
    proxy: {
      '/api': TRACKER,
      [UPLOADS_PATH]: TRACKER,
    },
  },
}));

/**
 * A phone on a slow network pays a round trip for every file, six at a time: the member's home
 * loaded 22 scripts and 5 style sheets, in five rounds of 400 ms before any byte counted. Now
 * everything the entry imports statically (React, the router, the layout) is one file, `app`,
 * and a shared piece smaller than 16 KB goes into each screen's own file instead of a file of its
 * own (Rolldown's inline common chunks: the copies are registered once at run time, so a shared
 * module still has one instance, e.g. the toast store). The home loads 7 scripts and 1 style
 * sheet.
 */
const FEW_FILES = {
  groups: [{ name: 'app', tags: ['$initial' as const] }],
  experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
};

/**
 * The members' app installs on a phone: a web app manifest and a service worker Workbox writes
 * (generateSW: it precaches the app's own files and answers every page with the shell). Our one
 * piece of worker code, public/push-sw.js, shows push reminders: Workbox's worker imports it. A new release takes over at once (autoUpdate:
 * skipWaiting and clientsClaim) and the open pages reload onto it (src/pwa.ts), so nobody stays on
 * an old app whose split files the tracker no longer has. The worker caches no API answer, so no
 * member's data is ever in it.
 */
function installable() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'autoUpdate',
    // src/pwa.ts registers it after the first paint; nothing is added to index.html's scripts.
    injectRegister: false,
    filename: 'sw.js',
    // The plugin links the manifest from index.html itself.
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: APP_NAME,
      short_name: 'Tracker',
      description: 'Check in daily and see your accountability team.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: palette.primaryHover,
      background_color: palette.background,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // The built scripts, styles, the shell and the icons; not their .br/.gz twins.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      navigateFallback: '/index.html',
      // Pages only: the API, photos and health checks always go to the network.
      navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/health\//],
      cleanupOutdatedCaches: true,
      // The new worker activates as soon as it is installed and takes the open pages over.
      skipWaiting: true,
      clientsClaim: true,
      // One file for the tracker to serve, /sw.js, with Workbox's runtime inside.
      inlineWorkboxRuntime: true,
      // Push reminders: shown as notifications, opening the home (public/push-sw.js).
      importScripts: ['/push-sw.js'],
      runtimeCaching: [],
    },
  });
}
