// Bundles the server and the ops CLI for `node apps/server/dist/server.mjs` (issue 2 §10).
// Every npm dependency stays external (installed in node_modules) except the workspace package
// @app/contracts, which ships TypeScript source and is bundled in. Migrations are copied beside
// the bundle, where src/db/migrate.ts looks for them (./migrations next to the running module).
// SERVER_OUT_DIR (a folder directly under apps/server, default dist) builds elsewhere, e.g. the
// crash test's apps/server/.crash-pglite, so it never replaces the dist/ an e2e run is using. The folder
// must stay one level below apps/server: config.ts finds the repository root three levels up.
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const pkg = JSON.parse(await readFile(here('./package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (d) => d !== '@app/contracts',
);

const out = basename(process.env.SERVER_OUT_DIR || 'dist');
await rm(here(`./${out}`), { recursive: true, force: true });
await build({
  entryPoints: { server: here('./src/server.ts'), ops: here('./src/ops.ts') },
  outdir: here(`./${out}`),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
await mkdir(here(`./${out}/migrations`), { recursive: true });
await cp(here('./src/db/migrations'), here(`./${out}/migrations`), { recursive: true });
console.log(`built apps/server/${out}/server.mjs and ${out}/ops.mjs`);
