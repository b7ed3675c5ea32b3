import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must come before react() so it can split route components first.
  plugins: [tanstackRouter(), react(), vanillaExtractPlugin()],
  build: {
    manifest: true,
    // A strict CSP forbids inline scripts; keep every asset a separate file.
    assetsInlineLimit: 0,
    // The server-side build only renders HTML at build time; public/ is the client build's.
    copyPublicDir: !isSsrBuild,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/sign-in': 'http://127.0.0.1:3000',
    },
  },
}));
