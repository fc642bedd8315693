import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_URL = process.env.API_URL ?? 'http://127.0.0.1:8081';
const PROXIED = ['/wps', '/lgw', '/lotto', '/health', '/openapi.json', '/docs', '/dev', '/ops'];

// Spec §2 names the lazy page groups; our files are kebab-case (CONVENTIONS habit 10), so the
// two camelCase groups are renamed here to keep `dist/assets/<group>-<hash>.js` as the spec lists.
const CHUNK_NAMES: Record<string, string> = { 'point-mall': 'pointMall', 'promo-detail': 'promoDetail' };

/**
 * The client validates responses with the contract's zod schemas but never turns a schema into
 * JSON Schema (the server does that for /openapi.json). zod's classic API wires its JSON Schema
 * generator into every schema, ~5 KiB gzip of the home page budget (issue 2 §9). In the client
 * build those two modules become stubs with the same export names that throw if ever called.
 */
function zodWithoutJsonSchema(): Plugin {
  const STUBBED = /zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!STUBBED.test(id)) return null;
      const names = [...readFileSync(id, 'utf8').matchAll(/export (?:function|const|class) (\w+)/g)].map(
        (m) => m[1],
      );
      const fail = `() => { throw new Error('JSON Schema generation is not part of the web client'); }`;
      return names.map((n) => `export const ${n} = ${fail};`).join('\n');
    },
  };
}

// Page-group modules are named after their file (`index.tsx` would otherwise take its folder's name).
function chunkName(chunk: { name: string; facadeModuleId: string | null }): string {
  const page = chunk.facadeModuleId?.match(/\/src\/app\/routes\/([\w-]+)\.tsx$/)?.[1];
  const name = page ?? chunk.name;
  return CHUNK_NAMES[name] ?? name;
}

export default defineConfig({
  plugins: [react(), zodWithoutJsonSchema()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: Number(process.env.WEB_PORT ?? 8080),
    strictPort: true,
    proxy: Object.fromEntries(PROXIED.map((p) => [p, { target: API_URL, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // The entry gets its own name so it never collides with the `index` page group.
        entryFileNames: 'assets/main-[hash].js',
        chunkFileNames: (chunk) => `assets/${chunkName(chunk)}-[hash].js`,
      },
    },
  },
});
