import { DEFAULT_SITE_PORT, loopbackOrigin, UPLOADS_PATH } from '@app/contracts/addresses';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The site server, which answers /api, the photos and /sign-in in development. */
const SITE = loopbackOrigin(DEFAULT_SITE_PORT);

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must come before react() so it can split route components first.
  plugins: [tanstackRouter(), react(), vanillaExtractPlugin()],
  build: {
    manifest: true,
    // A strict CSP forbids inline scripts; keep every asset a separate file.
    assetsInlineLimit: 0,
    // The server-side build only renders HTML at build time; public/ is the client build's.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/][^\\/]+)[\\/]/,
              priority: 2,
            },
            { name: 'app', test: /[\\/]src[\\/]boot[\\/]main\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': SITE,
      [UPLOADS_PATH]: SITE,
      '/sign-in': SITE,
    },
  },
}));
