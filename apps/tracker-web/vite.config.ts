import {
  DEFAULT_TRACKER_PUBLIC_PORT,
  loopbackOrigin,
  UPLOADS_PATH,
} from '@app/contracts/addresses';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The tracker's own origin in development; the built app is served by the tracker itself. */
const TRACKER = loopbackOrigin(DEFAULT_TRACKER_PUBLIC_PORT);

export default defineConfig({
  // The router plugin must come before react() so it can split route components first.
  // Scripts, styles and the shell are compressed once here, at brotli's and gzip's best, and the
  // front door sends those files as they are (@fastify/static's preCompressed).
  plugins: [
    tanstackRouter(),
    react(),
    vanillaExtractPlugin(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg)$/ }),
  ],
  build: {
    manifest: true,
    // A strict CSP forbids inline scripts; keep every asset a separate file.
    assetsInlineLimit: 0,
  },
  server: {
    // apps/web's dev server takes Vite's default port.
    port: 5174,
    proxy: {
      '/api': TRACKER,
      [UPLOADS_PATH]: TRACKER,
    },
  },
});
