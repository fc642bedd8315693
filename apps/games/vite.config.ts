import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.mjs';

const API_URL = process.env.API_URL ?? 'http://127.0.0.1:8081';

// The studio page is served by the platform server under /studio/ (plugins/static-games.ts) and
// opened in the site's game frame. It is small on purpose: vanilla TypeScript, one CSS file, one
// catalogue chunk per language, no inline script (the server's CSP allows 'self' only).
export default defineConfig({
  base: '/studio/',
  plugins: [precompress()],
  server: {
    port: Number(process.env.GAMES_PORT ?? 8082),
    strictPort: true,
    proxy: { '/studio/api': { target: API_URL, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chromium, Safari and Firefox of the last years all have module preload; no inline polyfill.
    modulePreload: { polyfill: false },
    // Small files stay files: data: URIs are allowed by the CSP, but one rule for every asset is simpler.
    assetsInlineLimit: 0,
  },
});
